import Architecture
import ArchitectureTesting
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// The list feature on its own: each todo's change made by `Todo` through
/// `forEach`, then recorded by the door as one undo step.
@MainActor
struct ListFeatureTests {
  let scheduler = TestScheduler(now: startDate)

  private func store(_ todos: IdentifiedArrayOf<Todo.State>) -> TestStore<ListFeature.State, ListFeature.Action> {
    var state = ListFeature.State(todos: todos)
    state.shown.today = startDay
    state.shown.pageSize = 10
    return TestStore(initialState: state, reducer: ListFeature(environment: .virtual(scheduler)))
  }

  @Test func aTodosOwnChangeIsMadeByForEachAndRecordedByTheDoor() {
    let store = store(todos("one", "two"))
    store.send(.todo(id: id(101), action: .toggleCompleteTapped)) {
      $0.todos[0].isComplete = true
      $0.todos[0].completionDate = startDay
      $0.unsunk = [id(101)]
      $0.listVersion = 1
      $0.revision = 1
      $0.history.record(.init(
        changes: [.update(before: todos("one", "two")[0], after: $0.todos[0])], selectionBefore: id(101), selectionAfter: id(101)
      ))
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.sinkCompletedTodos) {
      $0.unsunk = []
      $0.selection = id(102)
    }
    store.send(.undo) {
      $0.todos[0].isComplete = false
      $0.todos[0].completionDate = nil
      $0.listVersion = 2
      $0.revision = 2
      $0.selection = id(101)
      _ = $0.history.popUndo()
      $0.message = "Undone — Ctrl-R redoes"
    }
  }

  @Test func aChangeThatChangesNothingPassesNoDoor() {
    let store = store(todos("one"))
    store.send(.todo(id: id(101), action: .prioritySet("a")))  // not a priority: nothing changes, nothing is recorded
  }

  @Test func completingARecurringTodoBringsTheNextInTheSameStep() {
    let water = TodoTxt.parse("water rec:1w due:2026-01-01", id: id(101))
    let store = store([water])
    var next = TodoTxt.parse("water rec:1w due:2026-01-08", id: id(1))
    next.creationDate = startDay
    store.send(.todo(id: id(101), action: .toggleCompleteTapped)) {
      $0.todos[0].isComplete = true
      $0.todos[0].completionDate = startDay
      $0.todos.insert(next, at: 1)
      $0.recurrences = [id(101): id(1)]
      $0.unsunk = [id(101)]
      $0.listVersion = 1
      $0.revision = 1
      $0.history.record(.init(
        changes: [.update(before: water, after: $0.todos[0]), .insert(next, at: 1)], selectionBefore: id(101), selectionAfter: id(101)
      ))
    }
    scheduler.advance(by: .seconds(1))
    // The next one arrives with the sink and does not take the selected row.
    store.receive(.sinkCompletedTodos) {
      $0.unsunk = []
    }
    store.send(.undo) {
      $0.todos = [water]
      $0.listVersion = 2
      $0.revision = 2
      $0.selection = id(101)
      _ = $0.history.popUndo()
      $0.message = "Undone — Ctrl-R redoes"
    }
  }

  @Test func whatTheListSaysIsLeftForTheAppToShow() {
    let store = store(todos("one"))
    store.send(.undo) { $0.message = "Nothing to undo" }
    store.send(.clearCompleted) { $0.message = "No completed todos to clear" }
    store.send(.cycleOrder) { $0.order = .priority }
    store.send(.moveSelected(.down)) { $0.message = "J/K move lines in the file's order: s back to manual" }
  }
}
