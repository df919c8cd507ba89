import Architecture
import Foundation
import IdentifiedCollections
import Synchronization
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// An outside change to a long list is merged on the I/O queue: keys are
/// answered while it is worked out, a result for a list that has changed
/// since is worked out again (never applied), and the file is read once.
@MainActor
struct OutsideMergeTests {
  let scheduler = TestScheduler(now: startDate)
  /// The file's work, on a queue of its own: it runs only when the test says.
  let io = TestScheduler(now: startDate)

  @Test func aLongFileIsMergedWhileKeysAreAnsweredAndAStaleResultIsWorkedOutAgain() {
    let count = 100_000
    let text = (1...count).map { "todo \($0)" }.joined(separator: "\n") + "\n"
    let disk = InMemoryDisk(["todo.txt": text])
    let reads = Mutex(0)
    var file = TodoFileClient.inMemory(disk: disk)
    let load = file.load, look = file.look
    file.load = { () throws(TodoFileError) in
      reads.withLock { $0 += 1 }
      return try load()
    }
    file.look = { known in
      let found = look(known)
      if case .read = found { reads.withLock { $0 += 1 } }
      return found
    }
    var environment = AppEnvironment.virtual(scheduler, file: file)
    environment.ioQueue = io
    var merges = 0
    let app = AppReducer(environment: environment)
    let store = Store(initialState: AppReducer.State(now: startDate), reducer: Reduce<AppReducer.State, AppReducer.Action> { state, action in
      if case .file(.merged) = action { merges += 1 }
      return app.reduce(into: &state, action: action)
    })
    store.send(.started)
    io.advance()
    scheduler.advance()
    #expect(store.state.list.todos.count == count)
    reads.withLock { $0 = 0 }

    disk.replace("todo.txt", with: text + "added elsewhere\n")
    scheduler.advance(by: .seconds(1))  // the watch's tick: the look waits on the I/O queue
    #expect(io.runNextJob())  // the look reads the change, and the merge is started on the I/O queue
    #expect(reads.withLock { $0 } == 1)
    #expect(io.hasPendingWork, "the merge is being worked out")
    #expect(store.state.list.todos.count == count, "not merged yet")

    // Keys meanwhile are answered at once; adding a todo changes the list,
    // so the merge being worked out is for a list that no longer is.
    store.send(.list(.selectNext))
    #expect(store.state.list.selection == store.state.list.todos[1].id)
    store.send(.addTodo(.top))
    #expect(store.state.list.todos.count == count + 1 && store.state.list.todos[0].text.isEmpty)
    let versionWhileMerging = store.state.list.listVersion

    #expect(io.runNextJob())  // the stale result comes back: dropped, and worked out again
    #expect(merges == 1 && store.state.list.todos.count == count + 1, "a result for another list is not applied")
    #expect(io.hasPendingWork)
    io.advance()  // the fresh one
    #expect(merges == 2, "one result dropped as stale, one applied")
    #expect(store.state.list.listVersion == versionWhileMerging + 1, "only the fresh result passed the door")
    #expect(store.state.list.todos.count == count + 2)
    #expect(store.state.list.todos.last?.text == "added elsewhere")
    #expect(store.state.list.todos[0].text.isEmpty, "the todo being added stays where it was")
    #expect(store.state.mode != .list, "still adding it")
    #expect(reads.withLock { $0 } == 1, "the change was read once")
    #expect(store.state.flash == "todo.txt was changed by another program: reloaded")
    store.cancelAllEffects()
  }

  /// `sed -i` read the file, yaru saved a new todo, `sed` renamed its
  /// result (made from the older text) over yaru's: merged against the
  /// version sed started from, only sed's edit is sed's, and the new todo
  /// stays (merged against yaru's last write, it looked deleted by sed).
  @Test func anEditMadeFromTheVersionBeforeYarusSaveChangesOnlyWhatItChanged() {
    let disk = InMemoryDisk(["todo.txt": "a\nb\n"])
    let store = startedStore(.inMemory(disk: disk), on: scheduler)
    store.send(.addTodo(.top))
    store.send(.editor(.insert("mine")))
    store.send(.commitEdit)
    scheduler.advance()
    #expect(disk.file("todo.txt") == "2026-01-01 mine\na\nb\n")
    disk.replace("todo.txt", with: "a\nB edited by sed\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["mine", "a", "B edited by sed"])
    #expect(disk.file("todo.txt") == "2026-01-01 mine\na\nB edited by sed\n")
    store.cancelAllEffects()
  }

  @Test func theClosestBaseIsTheVersionWithTheFewestDifferingLines() {
    let versions = [["mine", "a", "b"], ["a", "b"], ["x"]].map { $0.map { LineFingerprint.of($0.utf8) } }
    #expect(LineMerge.closestBase(to: ["a", "B"], among: versions) == 1)
    #expect(LineMerge.closestBase(to: ["mine", "a", "b", "c"], among: versions) == 0)
    #expect(LineMerge.closestBase(to: [], among: versions) == 2, "the fewest lines to take away")
    #expect(LineMerge.closestBase(to: ["q"], among: [versions[2], versions[2]]) == 0, "ties go to the newest")
  }
}
