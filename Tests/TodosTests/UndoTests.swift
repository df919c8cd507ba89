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
    for _ in 0..<select { store.send(.list(.selectNext)) }
    let before = (store.state.list.todos, store.state.list.selection)
    change(store)
    scheduler.advance(by: .seconds(1))
    let after = (store.state.list.todos, store.state.list.selection)
    #expect(after.0 != before.0, "the change changed nothing", sourceLocation: sourceLocation)
    store.send(.list(.undo))
    #expect(store.state.list.todos == before.0, sourceLocation: sourceLocation)
    #expect(store.state.list.selection == before.1, sourceLocation: sourceLocation)
    store.send(.list(.redo))
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos == after.0, sourceLocation: sourceLocation)
    #expect(store.state.list.selection == after.1, sourceLocation: sourceLocation)
    store.send(.list(.undo))
    #expect(store.state.list.todos == before.0, sourceLocation: sourceLocation)
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
      store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    }
  }

  @Test func toggleUndoneBeforeItsSinkCancelsTheSink() {
    let store = store(todos("one", "two"))
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    store.send(.list(.undo))
    #expect(store.state.list.unsunk.isEmpty)
    scheduler.advance(by: .seconds(2))
    #expect(store.state.list.todos == todos("one", "two"))
    store.send(.list(.redo))
    #expect(store.state.list.todos.map(\.isComplete) == [true, false])
    #expect(store.state.visibleTexts == ["one", "two"], "the redone toggle waits for its sink")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.visibleTexts == ["two", "one"], "the redone toggle sinks again")
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
  }

  @Test func delete() {
    checkUndoRedo(todos("one", "two", "three"), select: 1) { $0.send(.list(.deleteSelected)) }
  }

  @Test func move() {
    checkUndoRedo(todos("one", "two", "three"), select: 0) { $0.send(.list(.moveSelected(.down))) }
    checkUndoRedo(todos("one", "two", "three"), select: 2) { $0.send(.list(.moveSelected(.up))) }
  }

  @Test func priority() {
    checkUndoRedo(todos("one", "two"), select: 1) { $0.send(.list(.todo(id: id(102), action: .priorityCycled))) }
  }

  @Test func clearCompleted() {
    checkUndoRedo(todos("a", "b", "c", "d", "e", completed: [0, 2, 4]), select: 2) { $0.send(.list(.clearCompleted)) }
  }

  @Test func stepsUndoInReverseOrderAndANewChangeClearsRedo() {
    let store = store(todos("one"))
    store.send(.addTodo(.top))
    store.send(.editor(.insert("two")))
    store.send(.commitEdit)
    store.send(.list(.todo(id: id(1), action: .priorityCycled)))
    store.send(.list(.moveSelected(.down)))
    #expect(store.state.list.history.undoDepth == 3)
    store.send(.list(.undo))
    store.send(.list(.undo))
    #expect(store.state.list.todos.map(\.text) == ["two", "one"])
    #expect(store.state.list.todos[0].priority == nil)
    store.send(.list(.deleteSelected))
    #expect(!store.state.list.history.canRedo)
    store.send(.list(.redo))
    #expect(store.state.flash == "Nothing to redo")
    store.send(.list(.undo))
    store.send(.list(.undo))
    #expect(store.state.list.todos == todos("one"))
    store.send(.list(.undo))
    #expect(store.state.flash == "Nothing to undo")
  }

  @Test func anotherChangeWhileASinkWaitsSettlesItAndKeepsTheSelectedTodo() {
    let store = store(todos("one", "two", "three"))
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    store.send(.list(.todo(id: id(101), action: .priorityCycled)))
    store.send(.list(.deleteSelected))
    #expect(store.state.list.todos.map(\.text) == ["two", "three"], "d deletes the todo the person saw selected")
    store.send(.list(.undo))
    #expect(store.state.list.todos.map(\.text) == ["one", "two", "three"])
    #expect(store.state.visibleTexts == ["two", "three", "one"], "the settled sink stays")
    store.send(.list(.undo))
    #expect(store.state.list.todos == todos("one", "two", "three"))
    scheduler.advance(by: .seconds(2))
    #expect(store.state.visibleTexts == ["one", "two", "three"])
  }

  @Test func historiesAreEqualOnlyWhenTheirStepsAre() {
    let a = store(todos("one", "two"))
    let b = store(todos("one", "two"))
    #expect(a.state.list.history == b.state.list.history)
    a.send(.list(.moveSelected(.down)))
    #expect(a.state.list.history != b.state.list.history)
    b.send(.list(.moveSelected(.down)))
    #expect(a.state.list.history == b.state.list.history)
    a.send(.list(.undo))
    #expect(a.state.list.history != b.state.list.history, "an undone step waits to be redone")
  }

  @Test func historyKeepsAtMostItsLimit() {
    let store = store(todos("one", "two"))
    for _ in 0..<(UndoHistory().limit + 5) { store.send(.list(.moveSelected(store.state.list.selection == id(101) && store.state.list.todos[0].id == id(101) ? .down : .up))) }
    #expect(store.state.list.history.undoDepth == UndoHistory().limit)
  }
}
