import Architecture
import ArchitectureTesting
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// Marks and what acts on them: `m`, `M`, Esc, a batch as one step, `.`.
@MainActor
struct MarksTests {
  let scheduler = TestScheduler(now: startDate)

  private func store(_ todos: IdentifiedArrayOf<Todo.State>) -> TestStore<ListFeature.State, ListFeature.Action> {
    var state = ListFeature.State(todos: todos)
    state.shown.today = startDay
    state.shown.pageSize = 10
    return TestStore(initialState: state, reducer: ListFeature(environment: .virtual(scheduler)))
  }

  @Test func mMarksAndMovesDownAndUnmarksOnASecondPress() {
    let store = store(todos("one", "two", "three"))
    store.send(.toggleMark) {
      $0.marks = [0]
      $0.selection = id(102)
    }
    store.send(.toggleMark) {
      $0.marks = [0, 1]
      $0.selection = id(103)
    }
    store.send(.selectFirst) { $0.selection = id(101) }
    store.send(.toggleMark) {
      $0.marks = [1]
      $0.selection = id(102)
    }
    store.send(.clearMarks) { $0.marks = [] }
  }

  @Test func bigMMarksWhatIsShownAndAgainUnmarksIt() {
    let store = store(todos("one", "two", "three", completed: [1]))
    store.send(.cycleFilter) { $0.filter = .active }
    store.send(.markVisible) { $0.marks = [0, 2] }
    // Marks outlive the filter that showed them.
    store.send(.cycleFilter) { $0.filter = .completed }
    store.send(.markVisible) { $0.marks = [0, 1, 2] }
    store.send(.markVisible) { $0.marks = [0, 2] }
  }

  @Test func aBatchIsEachTodosOwnChangeAsOneStep() {
    let store = store(todos("one", "two", "three"))
    store.ignore(\.history)
    store.send(.toggleMark) { $0.marks = [0]; $0.selection = id(102) }
    store.send(.selectNext) { $0.selection = id(103) }
    store.send(.toggleMark) { $0.marks = [0, 2] }
    store.send(.act(.todo(.priorityCycled))) {
      $0.todos[0].priority = "A"
      $0.todos[2].priority = "A"
      $0.lastChange = .todo(.priorityCycled)
      $0.listVersion = 1
      $0.revision = 1
      $0.message = "Changed the priority of 2 todos — u undoes"
    }
    #expect(store.state.history.undoDepth == 1)
    #expect(store.state.history.nextUndo?.hunks.count == 2)
    store.send(.repeatLastChange) {
      $0.todos[0].priority = "B"
      $0.todos[2].priority = "B"
      $0.listVersion = 2
      $0.revision = 2
      $0.message = "Changed the priority of 2 todos — u undoes"
    }
    store.send(.undo) {
      $0.todos[0].priority = "A"
      $0.todos[2].priority = "A"
      $0.listVersion = 3
      $0.revision = 3
      $0.message = "Undone — Ctrl-R redoes"
    }
  }

  @Test func aBatchDeleteTakesEveryMarkedTodoAndTheirMarks() {
    let store = store(todos("one", "two", "three"))
    store.ignore(\.history)
    store.send(.markVisible) { $0.marks = [0, 1, 2] }
    store.send(.selectLast) { $0.selection = id(103) }
    store.send(.toggleMark) { $0.marks = [0, 1] }
    store.send(.act(.delete)) {
      $0.todos = [todos("one", "two", "three")[2]]
      $0.marks = []
      $0.lastChange = .delete
      $0.listVersion = 1
      $0.revision = 1
      $0.message = "Deleted 2 todos — u brings them back"
    }
  }

  @Test func aMarkedTodoAnotherProgramDeletedLosesItsMarkTheOthersKeepTheirs() {
    var state = ListFeature.State(todos: todos("one", "two", "three"))
    state.marks = [0, 1]
    let feature = ListFeature(environment: .virtual(scheduler))
    var merged = state.todos
    merged.remove(id: id(102))
    merged[id: id(101)]!.text = "one, changed elsewhere"
    _ = feature.change(&state, ListEdit(changes: [.replaceAll(merged)], kind: .fromDisk(isSaved: true)))
    #expect(state.marks == [0])
  }

  @Test func dotWithNothingToRepeatSaysSo() {
    let store = store(todos("one"))
    store.send(.repeatLastChange) { $0.message = "Nothing to repeat yet: . repeats x, p, P, d, >, <, + and -" }
  }

  @Test func lessThanOnAnUndatedTodoDoesNothingAndSaysSo() {
    let store = store(todos("one"))
    store.send(.act(.todo(.postponed(days: -1)))) {
      $0.lastChange = .todo(.postponed(days: -1))
      $0.message = "No due date to bring earlier: > gives it one"
    }
  }
}

/// The app around them: Esc, the `*` and the footer, the words prompt.
@MainActor
struct PowerEditingAppTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func escClearsTheMarksFirstThenTheSearch() {
    var state = AppReducer.State.loaded(["one", "two"])
    state.search.text = "o"
    let store = appStore(state, on: scheduler)
    store.send(.list(.toggleMark))
    store.send(.cancelSearch)
    #expect(store.state.list.marks.isEmpty)
    #expect(store.state.search.text == "o")
    store.send(.cancelSearch)
    #expect(store.state.search.text == "")
  }

  @Test func aMarkedRowShowsAStarAndTheFooterCountsThem() {
    var state = AppReducer.State.loaded(["one", "two"])
    state.list.marks = [1]
    let rows = screen(state)
    #expect(rows[1].hasPrefix(" [ ] one"))
    #expect(rows[2].hasPrefix("*[ ] two"))
    #expect(rows.last!.contains("2 items left · 1 marked"))
  }

  @Test func thePromptAddsWordsWithShortcutsAndAPriority() {
    let store = appStore(.loaded(["call mom due:2026-03-01", "buy milk"]), on: scheduler)
    store.send(.startWordsPrompt(.add))
    store.send(.editor(.insert("due:tomorrow (A) @phone")))
    #expect(screen(store.state)[10].hasPrefix(" Add: due:tomorrow (A) @phone"))
    store.send(.commitWordsPrompt)
    #expect(store.state.mode == .list)
    #expect(TodoTxt.format(store.state.list.todos[0]) == "(A) call mom due:2026-01-02 @phone")
    #expect(store.state.list.lastChange == .todo(.wordsAdded("due:tomorrow (A) @phone")))
  }

  /// Marks act when none of them shows, and with nothing selected: `P` then a letter.
  @Test func pThenALetterSetsThePriorityOfMarkedTodosNotShown() {
    var state = AppReducer.State.loaded(["one", "two", "three"])
    state.list.marks = [0, 2]
    state.search.text = "nothing matches this"
    let store = appStore(state, on: scheduler)
    store.send(.list(.selectFirst))
    #expect(store.state.list.selection == nil)
    store.send(Keymap.action(for: "P", in: store.state)!)
    store.send(Keymap.action(for: "b", in: store.state)!)
    #expect(store.state.mode == .list)
    #expect(store.state.list.todos.map(TodoTxt.format) == ["(B) one", "two", "(B) three"])
    #expect(store.state.flash == "Priority B for 2 todos — u undoes")
    store.send(.list(.undo))
    #expect(store.state.list.todos.map(TodoTxt.format) == ["one", "two", "three"])
    store.cancelAllEffects()
  }

  @Test func thePromptRefusesADueThatIsNoDate() {
    let store = appStore(.loaded(["call mom"]), on: scheduler)
    store.send(.startWordsPrompt(.add))
    store.send(.editor(.insert("due:tomorow")))
    store.send(.commitWordsPrompt)
    #expect(store.state.mode == .prompting(.init(kind: .add, editor: LineEditor.State(text: "due:tomorow"))))
    #expect(store.state.flash == DateShortcut.refusal(of: "due:tomorow"))
    #expect(store.state.list.todos[0].text == "call mom")
    store.send(.cancelWordsPrompt)
    #expect(store.state.mode == .list)
    store.cancelAllEffects()
  }
}

/// The rules of `>`/`<` and of `+`/`-` on one todo.
struct PostponeAndWordsTests {
  private func postponed(_ line: String, _ days: Int) -> String {
    var todo = TodoTxt.parse(line[...], id: id(1))
    todo.postpone(by: days, today: startDay)
    return TodoTxt.format(todo)
  }

  @Test func postponeMovesDueAndThresholdTogether() {
    #expect(postponed("pay rent due:2026-01-31 t:2026-01-29", 1) == "pay rent due:2026-02-01 t:2026-01-30")
    #expect(postponed("pay rent due:2026-03-01", -1) == "pay rent due:2026-02-28")
    #expect(postponed("no date", 1) == "no date due:2026-01-02")
    #expect(postponed("no date", -1) == "no date")
    #expect(postponed("typo due:tomorow", 1) == "typo due:tomorow", "a due: that is no date is left to fix")
    #expect(postponed("x 2026-01-01 done due:2026-01-01", 1) == "x 2026-01-01 done due:2026-01-01")
  }

  private func added(_ line: String, _ words: String) -> String {
    var todo = TodoTxt.parse(line[...], id: id(1))
    todo.addWords(words, today: startDay)
    return TodoTxt.format(todo)
  }

  private func removed(_ line: String, _ words: String) -> String {
    var todo = TodoTxt.parse(line[...], id: id(1))
    todo.removeWords(words, today: startDay)
    return TodoTxt.format(todo)
  }

  @Test func addedWordsReplaceAKeysValueAndAreNotDoubled() {
    #expect(added("call due:2026-05-01 +work", "+work due:fri @phone") == "call due:2026-01-02 +work @phone")
    #expect(added("call due:2026-05-01 x due:2026-06-01", "due:+1w") == "call due:2026-01-08 x")
    #expect(added("(B) call", "(A)") == "(A) call")
    #expect(added("x 2026-01-01 done", "(A) +p") == "x 2026-01-01 done +p")
  }

  @Test func removedWordsTakeABareKeyWhateverItsValue() {
    #expect(removed("call due:2026-05-01 +work @phone", "due: @phone") == "call +work")
    #expect(removed("(A) call +work", "(A) +home") == "call +work")
    #expect(removed("+work", "+work") == "+work", "a todo keeps some text")
  }
}
