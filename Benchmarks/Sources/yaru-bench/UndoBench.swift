import Architecture
import Foundation
import TodoModel
import TodoStorage
import Terminal
import Todos

/// 100 undoable changes of every kind on a list of `count` todos, straight
/// through the reducer: the time of each, and the heap the undo history keeps.
func undoRows(count: Int) -> [Row] {
  let scheduler = TestScheduler(now: Date(timeIntervalSince1970: 1_790_000_000))
  let environment = AppEnvironment.virtual(scheduler)
  let reducer = AppReducer(environment: environment)
  let list = TodoList(parsing: TodoFixtures.text(lines: count), makeID: environment.uuid)
  var state = AppReducer.State.start(todos: list.todos, now: scheduler.now, utcOffset: .utc)
  func send(_ action: AppReducer.Action) { _ = reducer.reduce(into: &state, action: action) }
  send(.screenResized(Size(columns: 80, rows: 25)))

  // Each change is one of these, in turn; text edits type a word first.
  let changes: [[AppReducer.Action]] = [
    [.list(.todo(id: state.list.todos[0].id, action: .toggleCompleteTapped))],
    [.addTodo(.below), .editor(.insert("new")), .commitEdit],
    [.list(.moveSelected(.down))],
    [.editSelected, .editor(.insert(" edited")), .commitEdit],
    [.list(.deleteSelected)],
  ]
  var time = Samples()
  for index in 0..<100 {
    var steps = changes[index % changes.count]
    if case .list(.todo) = steps[0], let selected = state.list.selection { steps = [.list(.todo(id: selected, action: .toggleCompleteTapped))] }
    time.add(milliseconds { for step in steps { send(step) } })
    send(.list(.selectNext))
  }
  precondition(state.list.history.undoDepth == 100, "every change must be undoable, got \(state.list.history.undoDepth)")
  let heapWithHistory = heapBytesInUse()
  state.list.history = UndoHistory()
  let retained = heapWithHistory - heapBytesInUse()
  return [
    Row(name: "one undoable change, \(grouped(count)) todos", p50: format(ms: time.p50), p99: format(ms: time.p99)),
    Row(name: "heap kept by 100 undo steps, \(grouped(count)) todos", p50: format(bytes: retained), p99: "",
        target: verdict("< 20 MB", retained < 20 * 1_048_576)),
  ]
}
