import Architecture
import Foundation
import Terminal
import TodoModel
import TodoStorage
import Todos

/// `L` between two lists of `count` todos each, on the disk: from the key
/// to the other list drawn, its file looked at again (read and hashed on
/// the I/O queue, here run in line) — after each list was shown once.
@MainActor
func listSwitchRows(count: Int, folder: String) throws -> [Row] {
  let paths = ["home", "work"].map { folder + "/list-\($0)-\(count).txt" }
  for path in paths { _ = try TodoFile.write(TodoFixtures.text(lines: count), to: path, expecting: .anything) }
  let scheduler = TestScheduler(now: Date(timeIntervalSince1970: 1_790_000_000))
  let files = paths.map { TodoFileClient.live(path: $0, donePath: $0 + ".done") }
  var environment = AppEnvironment.virtual(scheduler, file: files[0])
  environment.lists = zip(["home", "work"], files).map { ListClients(name: $0, file: $1, history: nil) }
  let store = Store(
    initialState: AppReducer.State.start(now: scheduler.now, utcOffset: .utc, lists: ["home", "work"]),
    reducer: AppReducer(environment: environment)
  )
  let size = Size(columns: 80, rows: 24)
  store.send(.screenResized(size))
  store.send(.started)
  scheduler.advance()
  var first = 0.0
  first = milliseconds {
    store.send(.nextList)
    scheduler.advance()
    _ = AppView.render(store.state, size)
  }
  var switches = Samples()
  for _ in 0..<40 {
    switches.add(milliseconds {
      store.send(.nextList)
      scheduler.advance()
      _ = AppView.render(store.state, size)
    })
  }
  precondition(store.state.list.todos.count == count && store.state.lists.parked.first?.list.todos.count == count)
  let label = "two lists of \(grouped(count)) todos"
  return [
    Row(name: "L the first time (the list loaded), \(label)", p50: format(ms: first), p99: ""),
    Row(name: "L: the other list shown, its file looked at again, \(label)", p50: format(ms: switches.p50), p99: format(ms: switches.p99),
        target: count >= 100_000 ? verdict("< 50 ms", switches.p99 < 50) : ""),
  ]
}
