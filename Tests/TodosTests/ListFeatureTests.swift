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

  /// A todo is sunk when complete, unless its completion changed since the
  /// last sink: alike whether few ids changed (kept as an array) or many
  /// (in a hash set: past `IDSet.fewest`).
  @Test func sunkIsCompleteUnlessChangedSinceTheSinkForFewAndManyChanges() {
    let many = IDSet.fewest + 4
    var state = ListFeature.State(todos: todos((0..<many).map { "todo \($0)" }))
    for index in state.todos.indices where index.isMultiple(of: 2) { state.todos[index].isComplete = true }
    for count in [1, 3, IDSet.fewest, IDSet.fewest + 1, many] {
      state.unsunk = IDSet(state.todos.elements.prefix(count).map(\.id))
      let visibility = Visibility(state)
      for todo in state.todos.elements {
        #expect(visibility.isSunk(todo) == (todo.isComplete != state.unsunk.contains(todo.id)), "\(count) changed")
      }
    }
  }

  @Test func aTodosOwnChangeIsMadeByForEachAndRecordedByTheDoor() {
    let store = store(todos("one", "two"))
    store.send(.todo(id: id(101), action: .toggleCompleteTapped)) {
      $0.todos[0].isComplete = true
      $0.todos[0].completionDate = startDay
      $0.unsunk = [id(101)]
      $0.listVersion = 1
      $0.revision = 1
      // Recorded as lines, with the lines around them: found again by content.
      let completing = LineHunk(at: 0, above: nil, below: "two", removed: ["one"], added: ["x 2026-01-01 one"])
      _ = $0.history.nextID()
      $0.history.record(.init(
        record: HistoryRecord(
          id: "run.1", time: startDate, source: "this screen", kind: .step, summary: "completed \"one\"", hunks: [completing]
        ),
        selectionBefore: id(101), selectionAfter: id(101), todos: [todos("one", "two")[0], $0.todos[0]]
      ), revision: 1)
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
      let reopening = LineHunk(at: 0, above: nil, below: "two", removed: ["x 2026-01-01 one"], added: ["one"])
      _ = $0.history.nextID()
      $0.history.undid(HistoryRecord(
        id: "run.2", time: startDate.addingTimeInterval(1), source: "this screen", kind: .undo(of: "run.1"),
        summary: "undid completed \"one\"", hunks: [reopening]
      ), revision: 2)
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
      _ = $0.history.nextID()
      $0.history.record(.init(
        record: HistoryRecord(
          id: "run.1", time: startDate, source: "this screen", kind: .step, summary: "completed \"water rec:1w due:2026-01-01\"",
          hunks: [
            LineHunk(at: 0, above: nil, below: nil, removed: ["water rec:1w due:2026-01-01"], added: ["x 2026-01-01 water rec:1w due:2026-01-01"]),
            LineHunk(at: 1, above: "x 2026-01-01 water rec:1w due:2026-01-01", below: nil, removed: [], added: ["2026-01-01 water rec:1w due:2026-01-08"]),
          ]
        ),
        selectionBefore: id(101), selectionAfter: id(101), todos: [water, $0.todos[0], next]
      ), revision: 1)
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
      _ = $0.history.nextID()
      $0.history.undid(HistoryRecord(
        id: "run.2", time: startDate.addingTimeInterval(1), source: "this screen", kind: .undo(of: "run.1"),
        summary: "undid completed \"water rec:1w due:2026-01-01\"",
        hunks: [
          LineHunk(at: 1, above: "x 2026-01-01 water rec:1w due:2026-01-01", below: nil, removed: ["2026-01-01 water rec:1w due:2026-01-08"], added: []),
          LineHunk(at: 0, above: nil, below: nil, removed: ["x 2026-01-01 water rec:1w due:2026-01-01"], added: ["water rec:1w due:2026-01-01"]),
        ]
      ), revision: 2)
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
