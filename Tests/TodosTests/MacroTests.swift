import Architecture
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

struct MacroScriptTests {
  /// A macro file is a key script: typed runs, other keys, pastes — and read back the same.
  @Test func theFileIsAKeyScriptReadBackTheSame() throws {
    let keys: [Key] = ["+", "@", "h", "o", " ", "駅", .enter, " ", "j", .control("r"), .alt("b"), .paste("a\\b\nc")]
    let text = MacroScript(keys: keys).text(register: "a")
    #expect(text == """
      # yaru macro a: @a plays it; a key script that `yaru replay` runs too
      type +@ho 駅
      press Enter
      press Space
      type j
      press Ctrl-R
      press Alt-b
      paste a\\\\b\\nc

      """)
    #expect(try MacroScript(parsing: text).keys == keys)
  }

  @Test func aLineThatIsNoKeySaysWhere() {
    #expect(throws: MacroScript.Problem(line: 3, message: "a macro holds only press, type and paste lines, not `expect one`")) {
      try MacroScript(parsing: "# mine\npress j\nexpect one\n")
    }
    #expect(throws: MacroScript.Problem(line: 1, message: "unknown key `Hyper`")) { try MacroScript(parsing: "press Hyper") }
  }
}

@MainActor
struct MacroAppTests {
  let scheduler = TestScheduler(now: startDate)

  private func store(_ lines: [String], macros: MacroClient, history: HistoryClient? = nil) -> Store<AppReducer.State, AppReducer.Action> {
    Store(initialState: .loaded(lines), reducer: AppReducer(environment: .virtual(scheduler, history: history, macros: macros)))
  }

  /// Keys as `AppProgram.press` gives them: recorded (while recording) before the keymap reads them.
  private func press(_ keys: [Key], _ store: Store<AppReducer.State, AppReducer.Action>) {
    for key in keys {
      guard let action = Keymap.action(for: key, in: store.state) else { continue }
      if store.state.macros.recording != nil, action != .macro(.recordTapped) { store.send(.macro(.keyRecorded(key))) }
      store.send(action)
      scheduler.advance()
    }
  }

  @Test func aRecordedMacroIsSavedAndPlaysAsOneUndoStep() throws {
    let macros = MacroClient.inMemory()
    let history = HistoryClient.inMemory()
    let store = store(["one", "two", "three", "four"], macros: macros, history: history)
    press(["g", "Q", "a", "p", "x", "j", "Q"], store)
    #expect(store.state.macros.recording == nil)
    #expect(store.state.macros.registers["a"]?.keys == ["p", "x", "j"])
    #expect(try MacroScript(parsing: #require(macros.readAll()["a"])).keys == ["p", "x", "j"])
    let depth = store.state.list.history.undoDepth
    press(["@", "a"], store)
    #expect(store.state.list.todos.map(TodoTxt.format)[1] == "x 2026-01-01 two pri:A")
    #expect(store.state.list.history.undoDepth == depth + 1)
    #expect(store.state.flash == "Played macro a — u undoes it")
    press(["u"], store)
    #expect(store.state.list.todos.map(TodoTxt.format)[1] == "two")
    #expect(store.state.list.todos.map(TodoTxt.format)[0] == "x 2026-01-01 one pri:A")
    // The run is one record in the history too, and its parts none.
    let before = store.state.list.history.unwritten.count
    press(["@", "@"], store)
    let records = store.state.list.history.unwritten.map(\.record)
    #expect(records.count == before + 1)
    #expect(records.last?.summary == "macro a: changed 2 lines")
    #expect(records.last?.hunks.count == 2)
    store.cancelAllEffects()
  }

  @Test func aRunStopsAtTheFirstKeyThatDoesNothingAndSaysWhere() {
    let store = store(["one", "two"], macros: .inMemory(["b": "press G\ntype kkk\npress x\n"]))
    store.send(.started)
    scheduler.advance()
    press(["@", "b"], store)
    #expect(store.state.flash == "Macro b stopped at key 3 (k): nothing to do")
    #expect(store.state.list.todos.map(\.isComplete) == [false, false])
    press(["@", "z"], store)
    #expect(store.state.flash == "No macro z: Q z records one")
    store.cancelAllEffects()
  }

  @Test func aMacroFileThatIsNoMacroSaysWhyWhenPlayed() {
    let store = store(["one"], macros: .inMemory(["c": "press j\nwait 1s\n"]))
    store.send(.started)
    scheduler.advance()
    press(["@", "c"], store)
    #expect(store.state.flash == "Macro c not played: line 2: a macro holds only press, type and paste lines, not `wait 1s`")
    store.cancelAllEffects()
  }

  /// A macro that plays itself stops: it would never end.
  @Test func aMacroThatPlaysItselfStops() {
    let store = store(["one", "two"], macros: .inMemory(["d": "type j@d\n"]))
    store.send(.started)
    scheduler.advance()
    press(["g", "@", "d"], store)
    #expect(store.state.list.selection == id(102))
    #expect(store.state.macros.playDepth == 0)
    store.cancelAllEffects()
  }
}
