import Architecture
import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// Random steps, outside edits and restarts: undoing every step gives back
/// the file as it was, line for line, with the other programs' lines
/// exactly where they are — never touched.
@MainActor
struct HistoryPropertyTests {
  @Test func undoingEveryStepGivesBackTheFileAndLeavesOtherProgramsLinesAlone() {
    var generator = SplitMix64(state: 20_261_125)
    for session in 0..<200 { runSession(session, &generator) }
  }

  private func runSession(_ session: Int, _ generator: inout SplitMix64) {
    let scheduler = TestScheduler(now: startDate)
    let initial = (0..<Int.random(in: 1...6, using: &generator)).map { "todo \(session).\($0)" }
    let disk = InMemoryDisk(["todo.txt": initial.map { $0 + "\n" }.joined()])
    let history = HistoryClient.inMemory()
    // Shared across runs, as the random ids of live runs differ.
    let uuid = UUID.incrementing()
    func start() -> Store<AppReducer.State, AppReducer.Action> {
      var environment = AppEnvironment.virtual(scheduler, file: .inMemory(disk: disk), history: history)
      environment.uuid = uuid
      let store = Store(initialState: AppReducer.State(now: scheduler.now), reducer: AppReducer(environment: environment))
      store.send(.started)
      scheduler.advance()
      return store
    }
    var store = start()
    var outsideLines: [String] = []
    var steps = 0
    for move in 0..<Int.random(in: 1...12, using: &generator) {
      let todos = store.state.list.todos
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<3 where !todos.isEmpty:
        store.send(.list(.todo(id: todos.randomElement(using: &generator)!.id, action: .toggleCompleteTapped)))
        steps += 1
      case 3 where !todos.isEmpty:
        store.send(.list(.select(todos.randomElement(using: &generator)!.id)))
        store.send(.list(.deleteSelected))
        steps += 1
      case 4:
        store.send(.addTodo(.top))
        store.send(.editor(.insert("new \(session).\(move)")))
        store.send(.commitEdit)
        steps += 1
      case 5..<8:
        // Another program adds a line somewhere.
        var lines = TodoList.lines(of: disk.file("todo.txt") ?? "")
        let line = "outside \(session).\(move)"
        lines.insert(line, at: Int.random(in: 0...lines.count, using: &generator))
        disk.replace("todo.txt", with: lines.map { $0 + "\n" }.joined())
        outsideLines.append(line)
      case 8:
        store.send(.quit)
        scheduler.advance(by: .seconds(3))
        store.cancelAllEffects()
        store = start()
      default:
        break
      }
      scheduler.advance(by: .seconds(3))
    }
    for _ in 0..<steps {
      store.send(.list(.undo))
      scheduler.advance(by: .seconds(3))
    }
    let context = Comment(rawValue: "session \(session)")
    #expect(store.state.flash?.hasPrefix("Not undone") != true, context)
    let lines = TodoList.lines(of: disk.file("todo.txt") ?? "")
    #expect(lines.filter { !outsideLines.contains($0) } == initial, context)
    #expect(lines.filter { outsideLines.contains($0) } == outsideLines.filter { lines.contains($0) }.sorted { a, b in
      lines.firstIndex(of: a)! < lines.firstIndex(of: b)!
    }, context)
    #expect(Set(outsideLines).isSubset(of: Set(lines)), "another program's lines are never taken away: \(context)")
  }
}
