import Architecture
import ArchitectureTesting
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// The scenarios of The Composable Architecture's Todos tests, restated for
/// yaru's actions, plus the behaviour docs/Keys.md adds on top.
@MainActor
struct AppReducerTests {
  let scheduler = TestScheduler(now: startDate)

  /// The undo history is checked by what undo does (UndoTests), the list's
  /// version and the search's count by what they make (SearchQueryTests,
  /// ViewTests), not here.
  private func store(_ todos: IdentifiedArrayOf<Todo.State> = []) -> TestStore<AppReducer.State, AppReducer.Action> {
    let store = TestStore(initialState: AppReducer.State(todos: todos, now: startDate), reducer: AppReducer(environment: .virtual(scheduler)))
    store.ignore(\.list.history)
    store.ignore(\.list.listVersion)
    store.ignore(\.search.matchCount)
    return store
  }

  @Test func add() {
    let store = store()
    store.send(.addTodo(.top)) {
      $0.list.todos = [Todo.State(id: id(1))]
      $0.mode = .editing(.init(id: id(1), isNew: true, selectionBefore: nil))
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("Buy milk"))) { $0.editor = LineEditor.State("Buy milk") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[0].text = "Buy milk"
      $0.list.todos[0].creationDate = startDay
    }
  }

  @Test func addBelowAndAboveTheSelection() {
    let store = store(todos("one", "two"))
    store.send(.list(.selectNext)) { $0.list.selection = id(102) }
    store.send(.addTodo(.above)) {
      $0.list.todos.insert(Todo.State(id: id(1)), at: 1)
      $0.mode = .editing(.init(id: id(1), isNew: true, selectionBefore: id(102)))
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("between"))) { $0.editor = LineEditor.State("between") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[1].text = "between"
      $0.list.todos[1].creationDate = startDay
    }
    store.send(.addTodo(.below)) {
      $0.list.todos.insert(Todo.State(id: id(2)), at: 2)
      $0.mode = .editing(.init(id: id(2), isNew: true, selectionBefore: id(1)))
      $0.list.selection = id(2)
      $0.editor = LineEditor.State()
    }
    store.send(.editor(.insert("after"))) { $0.editor = LineEditor.State("after") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[2].text = "after"
      $0.list.todos[2].creationDate = startDay
    }
    #expect(store.state.visibleTexts == ["one", "between", "after", "two"])
  }

  /// Spaces alone are discarded with a word (Enter on nothing is as Esc).
  @Test func committingAnEmptyNewTodoDiscardsIt() {
    let store = store(todos("one"))
    store.send(.addTodo(.top)) {
      $0.list.todos.insert(Todo.State(id: id(1)), at: 0)
      $0.mode = .editing(.init(id: id(1), isNew: true, selectionBefore: id(101)))
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("   "))) { $0.editor = LineEditor.State("   ") }
    store.send(.commitEdit) {
      $0.mode = .list
      $0.list.todos.remove(id: id(1))
      $0.list.selection = id(101)
      $0.flash = "Nothing added: the todo was only spaces"
    }
    #expect(!store.state.list.history.canUndo)
    scheduler.advance(by: .seconds(3))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func escapeDiscardsANewTodoAndKeepsAnEditedOne() {
    let store = store(todos("one"))
    store.send(.addTodo(.top)) {
      $0.list.todos.insert(Todo.State(id: id(1)), at: 0)
      $0.mode = .editing(.init(id: id(1), isNew: true, selectionBefore: id(101)))
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("x"))) { $0.editor = LineEditor.State("x") }
    store.send(.cancelEdit) {
      $0.mode = .list
      $0.list.todos.remove(id: id(1))
      $0.list.selection = id(101)
    }
    store.send(.editSelected) {
      $0.mode = .editing(.init(id: id(101), isNew: false, selectionBefore: id(101), original: "one"))
      $0.editor = LineEditor.State("one")
    }
    store.send(.editor(.deleteToStart)) { $0.editor = LineEditor.State("") }
    store.send(.cancelEdit) { $0.mode = .list }
    #expect(store.state.list.todos[0].text == "one")
  }

  @Test func edit() {
    let store = store(todos("Buy milk"))
    store.send(.editSelected) {
      $0.mode = .editing(.init(id: id(101), isNew: false, selectionBefore: id(101), original: "Buy milk"))
      $0.editor = LineEditor.State("Buy milk")
    }
    store.send(.editor(.insert(" and eggs"))) { $0.editor = LineEditor.State("Buy milk and eggs") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[0].text = "Buy milk and eggs"
    }
  }

  /// The line typed is read as the file would read it: `(A) Call mom` has a
  /// priority, and editing shows the whole line, dates and all.
  @Test func whatIsTypedIsTodoTxt() {
    let store = store(todos("undated"))
    store.send(.addTodo(.top)) {
      $0.list.todos.insert(Todo.State(id: id(1)), at: 0)
      $0.mode = .editing(.init(id: id(1), isNew: true, selectionBefore: id(101)))
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("(A) Call mom"))) { $0.editor = LineEditor.State("(A) Call mom") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[0] = Todo.State(id: id(1), text: "Call mom", priority: "A", creationDate: startDay)
    }
    store.send(.editSelected) {
      $0.mode = .editing(.init(id: id(1), isNew: false, selectionBefore: id(1), editor: LineEditor.State("(A) 2026-01-01 Call mom"), original: "(A) 2026-01-01 Call mom"))
    }
    store.send(.cancelEdit) { $0.mode = .list }
    store.send(.list(.selectNext)) { $0.list.selection = id(101) }
    store.send(.editSelected) {
      $0.mode = .editing(.init(id: id(101), isNew: false, selectionBefore: id(101), editor: LineEditor.State("undated"), original: "undated"))
    }
    store.send(.editor(.deleteToStart)) { $0.editor = LineEditor.State("") }
    store.send(.editor(.insert("x not done yet"))) { $0.editor = LineEditor.State("x not done yet") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[1] = Todo.State(id: id(101), text: "not done yet", isComplete: true)
      $0.list.unsunk = [id(101)]
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.sinkCompletedTodos)) { $0.list.unsunk = [] }
  }

  @Test func completedTodosSinkOnScreenAfterOneSecondAndTheFileKeepsItsOrder() {
    let store = store(todos("one", "two", "three"))
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped))) {
      $0.list.revision += 1
      $0.list.todos[0].isComplete = true
      $0.list.todos[0].completionDate = startDay
      $0.list.unsunk = [id(101)]
    }
    scheduler.advance(by: .milliseconds(999))
    #expect(store.state.visibleTexts == ["one", "two", "three"])
    scheduler.advance(by: .milliseconds(1))
    // The selection stays on its row: now the todo that took that place.
    store.receive(.list(.sinkCompletedTodos)) {
      $0.list.unsunk = []
      $0.list.selection = id(102)
    }
    #expect(store.state.visibleTexts == ["two", "three", "one"])
    #expect(store.state.list.todos.map(\.text) == ["one", "two", "three"], "the file's order is the user's")
    // x, wait, x completes the next todo.
    store.send(.list(.todo(id: id(102), action: .toggleCompleteTapped))) {
      $0.list.revision += 1
      $0.list.todos[1].isComplete = true
      $0.list.todos[1].completionDate = startDay
      $0.list.unsunk = [id(102)]
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.sinkCompletedTodos)) {
      $0.list.unsunk = []
      $0.list.selection = id(103)
    }
    #expect(store.state.visibleTexts == ["three", "one", "two"])
  }

  @Test func aTodoToggledBackWithinTheSecondNeverSinks() {
    let store = store(todos("one", "two"))
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped))) {
      $0.list.revision += 1
      $0.list.todos[0].isComplete = true
      $0.list.todos[0].completionDate = startDay
      $0.list.unsunk = [id(101)]
    }
    scheduler.advance(by: .milliseconds(500))
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped))) {
      $0.list.revision += 1
      $0.list.todos[0].isComplete = false
      $0.list.todos[0].completionDate = nil
      $0.list.unsunk = []
    }
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visibleTexts == ["one", "two"])
  }

  @Test func clearCompleted() {
    let store = store(todos("one", "two", completed: [1]))
    store.send(.list(.clearCompleted)) {
      $0.list.revision += 1
      $0.list.todos.remove(id: id(102))
      $0.flash = "Cleared 1 completed todo — u to undo (A archives)"
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func delete() {
    let store = store(todos("one", "two", "three"))
    store.send(.list(.selectNext)) { $0.list.selection = id(102) }
    store.send(.list(.deleteSelected)) {
      $0.list.revision += 1
      $0.list.todos.remove(id: id(102))
      $0.list.selection = id(103)
      $0.flash = "Deleted \"two\" — u to undo"
    }
    store.send(.list(.deleteSelected)) {
      $0.list.revision += 1
      $0.list.todos.remove(id: id(103))
      $0.list.selection = id(101)
      $0.flash = "Deleted \"three\" — u to undo"
    }
    scheduler.advance(by: .seconds(3))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func deleteUnderAFilter() {
    let store = store(todos("one", "two", "three", completed: [1]))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active }
    store.send(.list(.selectNext)) { $0.list.selection = id(103) }
    store.send(.list(.deleteSelected)) {
      $0.list.revision += 1
      $0.list.todos.remove(id: id(103))
      // "two" is next in the list but hidden: the nearest visible row above is chosen.
      $0.list.selection = id(101)
      $0.flash = "Deleted \"three\" — u to undo"
    }
    #expect(store.state.visibleTexts == ["one"])
    scheduler.advance(by: .seconds(3))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func move() {
    let store = store(todos("one", "two", "three"))
    store.send(.list(.moveSelected(.down))) { $0.list.revision += 1; $0.list.todos = [$0.list.todos[1], $0.list.todos[0], $0.list.todos[2]] }
    store.send(.list(.moveSelected(.down))) { $0.list.revision += 1; $0.list.todos = [$0.list.todos[0], $0.list.todos[2], $0.list.todos[1]] }
    store.send(.list(.moveSelected(.down)))
    store.send(.list(.moveSelected(.up))) { $0.list.revision += 1; $0.list.todos = [$0.list.todos[0], $0.list.todos[2], $0.list.todos[1]] }
    #expect(store.state.visibleTexts == ["two", "one", "three"])
    #expect(store.state.list.selection == id(101))
  }

  @Test func moveUnderAFilterJumpsOverHiddenTodos() {
    let store = store(todos("one", "two", "three", completed: [1]))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active }
    store.send(.list(.moveSelected(.down))) { $0.list.revision += 1; $0.list.todos = [$0.list.todos[1], $0.list.todos[2], $0.list.todos[0]] }
    #expect(store.state.list.todos.map(\.text) == ["two", "three", "one"])
    #expect(store.state.visibleTexts == ["three", "one"])
  }

  @Test func editUnderAFilter() {
    let store = store(todos("one", "two", completed: [0]))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active; $0.list.selection = id(102) }
    store.send(.editSelected) {
      $0.mode = .editing(.init(id: id(102), isNew: false, selectionBefore: id(102), original: "two"))
      $0.editor = LineEditor.State("two")
    }
    store.send(.editor(.insert("!"))) { $0.editor = LineEditor.State("two!") }
    store.send(.commitEdit) {
      $0.list.revision += 1
      $0.mode = .list
      $0.list.todos[1].text = "two!"
    }
  }

  @Test func completingUnderTheActiveFilterHidesTheTodoAndSelectsTheNext() {
    let store = store(todos("one", "two"))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active }
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped))) {
      $0.list.revision += 1
      $0.list.todos[0].isComplete = true
      $0.list.todos[0].completionDate = startDay
      $0.list.unsunk = [id(101)]
      $0.list.selection = id(102)
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.list(.sinkCompletedTodos)) { $0.list.unsunk = [] }
  }

  @Test func filtersCycleAndTheSelectionFollows() {
    let store = store(todos("one", "two", completed: [0]))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active; $0.list.selection = id(102) }
    store.send(.list(.cycleFilter)) { $0.list.filter = .completed; $0.list.selection = id(101) }
    store.send(.list(.cycleFilter)) { $0.list.filter = .all }
    store.send(.list(.clearCompleted)) {
      $0.list.revision += 1
      $0.list.todos.remove(id: id(101))
      $0.list.selection = id(102)
      $0.flash = "Cleared 1 completed todo — u to undo (A archives)"
    }
    store.send(.list(.cycleFilter)) { $0.list.filter = .active }
    store.send(.list(.cycleFilter)) { $0.list.filter = .completed; $0.list.selection = nil }
    store.send(.list(.selectNext))
    store.send(.list(.deleteSelected))
    scheduler.advance(by: .seconds(3))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func addingWhileShowingCompletedSwitchesToAllSoTheNewTodoStaysVisible() {
    let store = store(todos("done", completed: [0]))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active; $0.list.selection = nil }
    store.send(.list(.cycleFilter)) { $0.list.filter = .completed; $0.list.selection = id(101) }
    var editing = AppReducer.Editing(id: id(1), isNew: true, selectionBefore: id(101))
    editing.shownBefore = AppReducer.ShownBefore(filter: .completed, search: "")
    store.send(.addTodo(.top)) {
      $0.list.filter = .all
      $0.list.todos.insert(Todo.State(id: id(1)), at: 0)
      $0.mode = .editing(editing)
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("new"))) { $0.editor = LineEditor.State("new") }
    store.send(.commitEdit) { $0.list.revision += 1; $0.mode = .list; $0.list.todos[0].text = "new"; $0.list.todos[0].creationDate = startDay }
  }

  /// Esc on the new todo: the Completed filter and the search that `a` put
  /// aside come back, the selection where it was.
  @Test func cancellingANewTodoBringsBackWhatAddingPutAside() {
    let store = store(todos("done", "milk", completed: [0]))
    store.send(.list(.cycleFilter)) { $0.list.filter = .active; $0.list.selection = id(102) }
    store.send(.list(.cycleFilter)) { $0.list.filter = .completed; $0.list.selection = id(101) }
    var editing = AppReducer.Editing(id: id(1), isNew: true, selectionBefore: id(101))
    editing.shownBefore = AppReducer.ShownBefore(filter: .completed, search: "")
    store.send(.addTodo(.top)) {
      $0.list.filter = .all
      $0.list.todos.insert(Todo.State(id: id(1)), at: 0)
      $0.mode = .editing(editing)
      $0.list.selection = id(1)
    }
    store.send(.cancelEdit) {
      $0.list.filter = .completed
      $0.list.todos.remove(id: id(1))
      $0.mode = .list
      $0.list.selection = id(101)
    }
  }

  @Test func navigationStopsAtTheEndsAndPagesByTheListHeight() {
    let store = store(todos("1", "2", "3", "4", "5", "6", "7"))
    store.send(.screenResized(Size(columns: 80, rows: 6))) { $0.screenSize = Size(columns: 80, rows: 6) }
    #expect(store.state.pageSize == 3)
    store.send(.list(.selectPrevious))
    store.send(.list(.pageDown)) { $0.list.selection = id(103) }
    store.send(.list(.pageDown)) { $0.list.selection = id(105); $0.list.scrollTop = top(2) }
    store.send(.list(.selectLast)) { $0.list.selection = id(107); $0.list.scrollTop = top(4) }
    store.send(.list(.selectNext))
    store.send(.list(.pageUp)) { $0.list.selection = id(105) }
    store.send(.list(.selectFirst)) { $0.list.selection = id(101); $0.list.scrollTop = top(0) }
  }

  @Test func searchFiltersLiveAndCombinesWithTheFilter() {
    let store = store(todos("Buy milk +home", "Call Bob @phone", "buy stamps", completed: [2]))
    store.send(.startSearch) { $0.mode = .searching(LineEditor.State("")) }
    store.send(.editor(.insert("BUY"))) { $0.mode = .searching(LineEditor.State("BUY")) }
    #expect(store.state.visibleTexts == ["Buy milk +home", "buy stamps"])
    store.send(.commitSearch) { $0.mode = .list; $0.search.text = "BUY" }
    store.send(.list(.cycleFilter)) { $0.list.filter = .active }
    #expect(store.state.visibleTexts == ["Buy milk +home"])
    store.send(.startSearch) { $0.mode = .searching(LineEditor.State("BUY")) }
    store.send(.editor(.deleteToStart)) { $0.mode = .searching(LineEditor.State("")) }
    store.send(.editor(.insert("@phone"))) {
      $0.mode = .searching(LineEditor.State("@phone"))
      $0.list.selection = id(102)
    }
    store.send(.cancelSearch) { $0.mode = .list; $0.search.text = "" }
    store.receiveLineGrams(scheduler)
  }

  @Test func aSearchThatMatchesNothingLeavesNoSelection() {
    let store = store(todos("one"))
    store.send(.startSearch) { $0.mode = .searching(LineEditor.State("")) }
    store.send(.editor(.insert("zzz"))) {
      $0.mode = .searching(LineEditor.State("zzz"))
      $0.list.selection = nil
    }
    store.send(.editor(.deleteToStart)) { $0.mode = .searching(LineEditor.State("")); $0.list.selection = id(101) }
    store.send(.commitSearch) { $0.mode = .list }
    store.receiveLineGrams(scheduler)
  }

  @Test func theClockTicksAtTheNextMinuteThenEveryMinuteAndSwitchesFormat() {
    let scheduler = TestScheduler(now: startDate.addingTimeInterval(20))  // 09:00:20
    let store = TestStore(
      initialState: AppReducer.State(now: scheduler.now), reducer: AppReducer(environment: .virtual(scheduler))
    )
    store.send(.started) { $0.file.isInMemory = true }
    scheduler.advance(by: .seconds(39))  // nothing before the minute: a tick would be received first
    scheduler.advance(by: .seconds(1))
    store.receive(.clockTicked(startDate.addingTimeInterval(60))) { $0.now = startDate.addingTimeInterval(60) }
    scheduler.advance(by: .seconds(59))
    scheduler.advance(by: .seconds(1))
    store.receive(.clockTicked(startDate.addingTimeInterval(120))) { $0.now = startDate.addingTimeInterval(120) }
    scheduler.advance(by: .seconds(60))
    store.receive(.clockTicked(startDate.addingTimeInterval(180))) { $0.now = startDate.addingTimeInterval(180) }
    store.send(.toggleClockFormat) { $0.settings.uses24HourClock = false }
    store.send(.quit) { $0.isQuitting = true }
    scheduler.advance(by: .seconds(120))
  }

  @Test func aNewerFlashRestartsTheThreeSeconds() {
    let store = store(todos("one", "two"))
    store.send(.list(.deleteSelected)) {
      $0.list.revision += 1
      $0.list.todos.remove(id: id(101))
      $0.list.selection = id(102)
      $0.flash = "Deleted \"one\" — u to undo"
    }
    scheduler.advance(by: .seconds(2))
    store.send(.list(.undo)) {
      $0.list.revision += 1
      $0.list.todos = todos("one", "two")
      $0.list.selection = id(101)
      $0.flash = "Undone — Ctrl-R redoes"
    }
    scheduler.advance(by: .seconds(2))
    #expect(store.state.flash == "Undone — Ctrl-R redoes")
    scheduler.advance(by: .seconds(1))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func helpOpensAndCloses() {
    let store = store()
    store.send(.toggleHelp) { $0.mode = .help(top: 0) }
    store.send(.toggleHelp) { $0.mode = .list }
  }

  @Test func quittingStopsEffectsAndLeavesTheFileInItsOrder() {
    let store = store(todos("one", "two"))
    store.send(.started) { $0.file.isInMemory = true }
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped))) {
      $0.list.revision += 1
      $0.list.todos[0].isComplete = true
      $0.list.todos[0].completionDate = startDay
      $0.list.unsunk = [id(101)]
    }
    store.send(.quit) { $0.isQuitting = true }
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func whileReadOnlyTheDoorRefusesEveryChangeHoweverItArrives() {
    var initial = AppReducer.State(todos: todos("one", "done", completed: [1]), now: startDate)
    initial.file.isReadOnly = true
    let store = TestStore(initialState: initial, reducer: AppReducer(environment: .virtual(scheduler)))
    let refusal = "Read-only: another yaru has this file open"
    let changes: [AppReducer.Action] = [
      .addTodo(.top), .addTodo(.below), .editSelected, .list(.deleteSelected), .list(.moveSelected(.down)), .list(.clearCompleted),
      .list(.todo(id: id(101), action: .toggleCompleteTapped)), .list(.todo(id: id(101), action: .priorityCycled)),
      .list(.todo(id: id(102), action: .toggleCompleteTapped)),
    ]
    store.send(changes[0]) { $0.flash = refusal }
    for action in changes.dropFirst() { store.send(action) }
    #expect(store.state.list.todos == todos("one", "done", completed: [1]))
    #expect(store.state.list.revision == 0)
    store.send(.list(.selectNext)) { $0.list.selection = id(102) }
    scheduler.advance(by: .seconds(3))
    store.receive(.flashExpired) { $0.flash = nil }
  }

  @Test func ctrlCWhileAddingDropsTheUnfinishedTodo() {
    let store = store(todos("one"))
    store.send(.addTodo(.top)) {
      $0.list.todos.insert(Todo.State(id: id(1)), at: 0)
      $0.mode = .editing(.init(id: id(1), isNew: true, selectionBefore: id(101)))
      $0.list.selection = id(1)
    }
    store.send(.editor(.insert("half"))) { $0.editor = LineEditor.State("half") }
    // Typed text is not dropped by one stray Ctrl-C: the footer asks first.
    store.send(.interrupt) {
      var editing = AppReducer.Editing(id: id(1), isNew: true, selectionBefore: id(101), editor: LineEditor.State("half"))
      editing.isConfirmingInterrupt = true
      $0.mode = .editing(editing)
      $0.flash = "Ctrl-C again drops this edit and quits"
    }
    store.send(.interrupt) {
      $0.mode = .list
      $0.list.todos.remove(id: id(1))
      $0.list.selection = id(101)
      $0.isQuitting = true
      $0.flash = nil  // the edit it spoke of is closed
    }
  }

  /// An edit with nothing changed yet has nothing to lose: Ctrl-C quits at once.
  @Test func ctrlCInAnUnchangedEditQuitsAtOnce() {
    let store = store(todos("one"))
    store.send(.editSelected) {
      $0.mode = .editing(.init(id: id(101), isNew: false, selectionBefore: id(101), editor: LineEditor.State("one"), original: "one"))
    }
    store.send(.interrupt) {
      $0.mode = .list
      $0.isQuitting = true
    }
  }
}

extension TestStore<AppReducer.State, AppReducer.Action> {
  /// The list's runs of bytes, worked out off the main queue for its
  /// first search (`LineGrams`): the state shows nothing of them.
  func receiveLineGrams(_ scheduler: TestScheduler) {
    scheduler.advance()
    receive(.list(.lineGramsWorkedOut(LineGrams(state.list.todos), listVersion: state.list.listVersion)))
  }
}
