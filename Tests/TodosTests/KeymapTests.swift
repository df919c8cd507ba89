import Architecture
import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// Every binding of docs/Keys.md reaches the reducer through the keymap.
@MainActor
struct KeymapTests {
  let list = AppReducer.State(todos: todos("one", "two"), now: startDate)

  private func action(_ key: Key, in mode: AppReducer.Mode = .list) -> AppReducer.Action? {
    var state = list
    state.mode = mode
    return Keymap.action(for: key, in: state)
  }

  @Test func listModeBindingsOfTheSpec() {
    let expected: [(Key, AppReducer.Action)] = [
      ("j", .list(.selectNext)), (.down, .list(.selectNext)), ("k", .list(.selectPrevious)), (.up, .list(.selectPrevious)),
      ("g", .list(.selectFirst)), (.home, .list(.selectFirst)), ("G", .list(.selectLast)), (.end, .list(.selectLast)),
      (.pageDown, .list(.pageDown)), (.control("f"), .list(.pageDown)), (.pageUp, .list(.pageUp)), (.control("b"), .list(.pageUp)),
      ("a", .addTodo(.top)), ("o", .addTodo(.below)), ("O", .addTodo(.above)),
      ("e", .editSelected), (.enter, .editSelected),
      ("x", .list(.act(.todo(.toggleCompleteTapped)))),
      (" ", .list(.act(.todo(.toggleCompleteTapped)))),
      ("d", .list(.act(.delete))), (.delete, .list(.act(.delete))),
      ("J", .list(.moveSelected(.down))), ("K", .list(.moveSelected(.up))),
      ("p", .list(.act(.todo(.priorityCycled)))),
      (">", .list(.act(.todo(.postponed(days: 1))))), ("<", .list(.act(.todo(.postponed(days: -1))))),
      ("+", .startWordsPrompt(.add)), ("-", .startWordsPrompt(.remove)), (".", .list(.repeatLastChange)),
      ("m", .list(.toggleMark)), ("M", .list(.markVisible)), (.escape, .cancelSearch),
      ("P", .choosePriority), ("A", .archiveCompleted), ("H", .list(.toggleHidden)), ("s", .list(.cycleOrder)),
      ("f", .list(.cycleFilter)), ("C", .list(.clearCompleted)), ("/", .startSearch),
      ("u", .list(.undo)), (.control("r"), .list(.redo)), ("t", .toggleClockFormat), ("?", .toggleHelp),
      ("q", .quit), (.control("c"), .interrupt),
    ]
    for (key, action) in expected {
      #expect(self.action(key) == action, "\(key.name)")
    }
  }

  @Test func editModeTypesCharactersAndEditsTheLine() {
    let editing = AppReducer.Mode.editing(.init(id: id(101), isNew: false, selectionBefore: id(101)))
    let expected: [(Key, AppReducer.Action)] = [
      ("q", .editor(.insert("q"))), ("牛", .editor(.insert("牛"))), ("👍🏽", .editor(.insert("👍🏽"))),
      (" ", .editor(.insert(" "))), ("x", .editor(.insert("x"))),
      (.enter, .commitEdit), (.escape, .cancelEdit),
      (.backspace, .editor(.deleteBackward)), (.delete, .editor(.deleteForward)),
      (.left, .editor(.moveLeft)), (.right, .editor(.moveRight)),
      (.home, .editor(.moveToStart)), (.control("a"), .editor(.moveToStart)),
      (.end, .editor(.moveToEnd)), (.control("e"), .editor(.moveToEnd)),
      (.control("k"), .editor(.deleteToEnd)), (.control("u"), .editor(.deleteToStart)),
      (.control("w"), .editor(.deleteWordBackward)), (.control("c"), .interrupt),
    ]
    for (key, action) in expected {
      #expect(self.action(key, in: editing) == action, "\(key.name)")
    }
  }

  @Test func searchModeEntersAndEscapes() {
    let searching = AppReducer.Mode.searching(LineEditor.State(""))
    #expect(action(.enter, in: searching) == .commitSearch)
    #expect(action(.escape, in: searching) == .cancelSearch)
    #expect(action("j", in: searching) == .editor(.insert("j")))
  }

  @Test func keysWithNoBindingDoNothing() {
    #expect(action("z") == nil)
    #expect(action(.function(5)) == nil)
    #expect(action(.backTab, in: .editing(.init(id: id(101), isNew: false, selectionBefore: nil))) == nil)
    #expect(action("x", in: .help(top: 0)) == nil)
    #expect(action(.escape, in: .choosingRegister(.play)) == .macro(.cancelChoosing))
    #expect(action("1", in: .choosingRegister(.record)) == nil)
  }

  /// Tab completes in every line being typed; it never types a tab.
  @Test func tabCompletesInEveryLine() {
    #expect(action(.tab, in: .editing(.init(id: id(101), isNew: false, selectionBefore: nil))) == .completeWord)
    #expect(action(.tab, in: .prompting(AppReducer.WordsPrompt(kind: .add))) == .completeWord)
    #expect(action(.tab, in: .searching(LineEditor.State(""))) == .completeWord)
    #expect(action(.tab) == nil)
  }

  /// `Q` and `@` wait for a letter; `@` after `@` is the last macro played.
  @Test func macroKeysWaitForALetter() {
    #expect(action("Q") == .macro(.recordTapped))
    #expect(action("@") == .macro(.playTapped))
    #expect(action("a", in: .choosingRegister(.record)) == .macro(.registerChosen("a")))
    #expect(action("@", in: .choosingRegister(.play)) == .macro(.registerChosen("@")))
    #expect(Keymap.commandNames.contains("record-macro"))
    #expect(Keymap.commandNames.contains("play-macro"))
  }


  @Test func selectionKeysDoNothingWithoutASelection() {
    var empty = list
    empty.list.todos = []
    empty.list.selection = nil
    #expect(Keymap.action(for: "x", in: empty) == nil)
    #expect(Keymap.action(for: "p", in: empty) == nil)
    #expect(Keymap.action(for: ">", in: empty) == nil)
    #expect(Keymap.action(for: "+", in: empty) == nil)
  }

  /// With marks, the change keys act without a selection: on the marks.
  @Test func changeKeysActOnMarksWithoutASelection() {
    var marked = list
    marked.list.selection = nil
    marked.list.marks = Marks(ids: [id(102)], in: marked.list.todos)
    #expect(Keymap.action(for: "x", in: marked) == .list(.act(.todo(.toggleCompleteTapped))))
    #expect(Keymap.action(for: "-", in: marked) == .startWordsPrompt(.remove))
  }

  @Test func theWordsPromptIsTheLineEditor() {
    let prompting = AppReducer.Mode.prompting(.init(kind: .add))
    #expect(action("q", in: prompting) == .editor(.insert("q")))
    #expect(action(.control("w"), in: prompting) == .editor(.deleteWordBackward))
    #expect(action(.enter, in: prompting) == .commitWordsPrompt)
    #expect(action(.escape, in: prompting) == .cancelWordsPrompt)
  }

  @Test func theHelpIsMadeFromTheTable() {
    let help = Keymap.help(for: .list)
    #expect(help.count == Keymap.bindings.filter { $0.mode == .list }.count)
    #expect(help.contains { $0.keys == "x, Space" && $0.action.contains("complete") })
    #expect(help.contains { $0.keys == "PageDown, Ctrl-F" })
    #expect(Keymap.help(for: .edit).first?.keys == "any character")
  }
}
