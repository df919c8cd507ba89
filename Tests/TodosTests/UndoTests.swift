import Architecture
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// Undo then redo returns exactly to the same state, for each kind of change.
/// These drive a real Store on virtual time and compare whole lists.
@MainActor
struct UndoTests {
  let scheduler = TestScheduler(now: startDate)

  private func store(_ todos: IdentifiedArrayOf<Todo.State>) -> Store<AppReducer.State, AppReducer.Action> {
    appStore(AppReducer.State(todos: todos, now: startDate), on: scheduler)
  }

  /// Runs `change`, then checks that `u` restores the list and selection
  /// from before and Ctrl-R the ones from after.
  private func checkUndoRedo(
    _ initial: IdentifiedArrayOf<Todo.State>, select: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation, _ change: (Store<AppReducer.State, AppReducer.Action>) -> Void
  ) {
    let store = store(initial)
    for _ in 0..<select { store.send(.selectNext) }
    let before = (store.state.todos, store.state.selection)
    change(store)
    scheduler.advance(by: .seconds(1))
    let after = (store.state.todos, store.state.selection)
    #expect(after.0 != before.0, "the change changed nothing", sourceLocation: sourceLocation)
    store.send(.undo)
    #expect(store.state.todos == before.0, sourceLocation: sourceLocation)
    #expect(store.state.selection == before.1, sourceLocation: sourceLocation)
    store.send(.redo)
    scheduler.advance(by: .seconds(1))
    #expect(store.state.todos == after.0, sourceLocation: sourceLocation)
    #expect(store.state.selection == after.1, sourceLocation: sourceLocation)
    store.send(.undo)
    #expect(store.state.todos == before.0, sourceLocation: sourceLocation)
  }

  @Test func add() {
    checkUndoRedo(todos("one", "two"), select: 1) { store in
      store.send(.addTodo(.below))
      store.send(.editor(.insert("three")))
      store.send(.commitEdit)
    }
  }

  @Test func edit() {
    checkUndoRedo(todos("one", "two"), select: 1) { store in
      store.send(.editSelected)
      store.send(.editor(.insert(" more")))
      store.send(.commitEdit)
    }
  }

  @Test func toggleAndTheSortItCausedAreOneStep() {
    checkUndoRedo(todos("one", "two", "three"), select: 0) { store in
      store.send(.todo(id: id(101), action: .toggleCompleteTapped))
    }
  }

  @Test func toggleUndoneBeforeItsSinkCancelsTheSink() {
    let store = store(todos("one", "two"))
    store.send(.todo(id: id(101), action: .toggleCompleteTapped))
    store.send(.undo)
    #expect(store.state.unsunk.isEmpty)
    scheduler.advance(by: .seconds(2))
    #expect(store.state.todos == todos("one", "two"))
    store.send(.redo)
    #expect(store.state.todos.map(\.isComplete) == [true, false])
    #expect(store.state.visibleTexts == ["one", "two"], "the redone toggle waits for its sink")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.visibleTexts == ["two", "one"], "the redone toggle sinks again")
    #expect(store.state.todos.map(\.text) == ["one", "two"])
  }

  @Test func delete() {
    checkUndoRedo(todos("one", "two", "three"), select: 1) { $0.send(.deleteSelected) }
  }

  @Test func move() {
    checkUndoRedo(todos("one", "two", "three"), select: 0) { $0.send(.moveSelected(.down)) }
    checkUndoRedo(todos("one", "two", "three"), select: 2) { $0.send(.moveSelected(.up)) }
  }

  @Test func priority() {
    checkUndoRedo(todos("one", "two"), select: 1) { $0.send(.todo(id: id(102), action: .priorityCycled)) }
  }

  @Test func clearCompleted() {
    checkUndoRedo(todos("a", "b", "c", "d", "e", completed: [0, 2, 4]), select: 2) { $0.send(.clearCompleted) }
  }

  @Test func stepsUndoInReverseOrderAndANewChangeClearsRedo() {
    let store = store(todos("one"))
    store.send(.addTodo(.top))
    store.send(.editor(.insert("two")))
    store.send(.commitEdit)
    store.send(.todo(id: id(1), action: .priorityCycled))
    store.send(.moveSelected(.down))
    #expect(store.state.history.undoDepth == 3)
    store.send(.undo)
    store.send(.undo)
    #expect(store.state.todos.map(\.text) == ["two", "one"])
    #expect(store.state.todos[0].priority == nil)
    store.send(.deleteSelected)
    #expect(!store.state.history.canRedo)
    store.send(.redo)
    #expect(store.state.flash == "Nothing to redo")
    store.send(.undo)
    store.send(.undo)
    #expect(store.state.todos == todos("one"))
    store.send(.undo)
    #expect(store.state.flash == "Nothing to undo")
  }

  @Test func anotherChangeWhileASinkWaitsSettlesItAndKeepsTheSelectedTodo() {
    let store = store(todos("one", "two", "three"))
    store.send(.todo(id: id(101), action: .toggleCompleteTapped))
    store.send(.todo(id: id(101), action: .priorityCycled))
    store.send(.deleteSelected)
    #expect(store.state.todos.map(\.text) == ["two", "three"], "d deletes the todo the person saw selected")
    store.send(.undo)
    #expect(store.state.todos.map(\.text) == ["one", "two", "three"])
    #expect(store.state.visibleTexts == ["two", "three", "one"], "the settled sink stays")
    store.send(.undo)
    #expect(store.state.todos == todos("one", "two", "three"))
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visibleTexts == ["one", "two", "three"])
  }

  @Test func historiesAreEqualOnlyWhenTheirStepsAre() {
    let a = store(todos("one", "two"))
    let b = store(todos("one", "two"))
    #expect(a.state.history == b.state.history)
    a.send(.moveSelected(.down))
    #expect(a.state.history != b.state.history)
    b.send(.moveSelected(.down))
    #expect(a.state.history == b.state.history)
    a.send(.undo)
    #expect(a.state.history != b.state.history, "an undone step waits to be redone")
  }

  @Test func historyKeepsAtMostItsLimit() {
    let store = store(todos("one", "two"))
    for _ in 0..<(UndoHistory.limit + 5) { store.send(.moveSelected(store.state.selection == id(101) && store.state.todos[0].id == id(101) ? .down : .up)) }
    #expect(store.state.history.undoDepth == UndoHistory.limit)
  }
}
