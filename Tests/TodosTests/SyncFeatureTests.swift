import Architecture
import Foundation
import Synchronization
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// The open list's background sync, with a sync that answers when the test
/// says: it starts with the list, follows a save after `sync-after`, runs
/// one at a time, says how it went, and quitting waits for it a few seconds.
@MainActor
struct SyncFeatureTests {
  let scheduler = TestScheduler(now: startDate)
  /// The sync's own queue: its work runs only when the test says.
  let network = TestScheduler(now: startDate)

  private func started(outcome: SyncOutcome = .synced("synced"), runs: Runs) -> Store<AppReducer.State, AppReducer.Action> {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\n"])
    var environment = AppEnvironment.virtual(scheduler, file: .inMemory(disk: disk))
    environment.sync = SyncClient {
      runs.count.withLock { $0 += 1 }
      return outcome
    }
    environment.syncQueue = network
    var state = AppReducer.State(now: startDate)
    state.sync.isEnabled = true
    state.sync.after = .seconds(2)
    let store = Store(initialState: state, reducer: AppReducer(environment: environment))
    store.send(.started)
    scheduler.advance()
    return store
  }

  @Test func itSyncsAtStartAndSaysWhen() {
    let runs = Runs()
    let store = started(runs: runs)
    #expect(store.state.sync.isSyncing)
    network.advance()
    scheduler.advance()
    #expect(runs.count.withLock { $0 } == 1)
    #expect(store.state.sync.last == .synced(at: startDate))
    #expect(screen(store.state).last?.contains("saved · synced 09:00") == true)
  }

  @Test func aSaveIsFollowedBySyncAfterAndOneRunsAtATime() {
    let runs = Runs()
    let store = started(runs: runs)
    network.advance()
    scheduler.advance()
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance(by: .seconds(1))
    #expect(!store.state.sync.isSyncing, "not before sync-after")
    scheduler.advance(by: .seconds(2))
    #expect(store.state.sync.isSyncing)
    store.send(.sync(.syncNow))  // S while one runs: one more follows it, not two at once
    #expect(runs.count.withLock { $0 } == 1)
    #expect(network.runNextJob())
    #expect(runs.count.withLock { $0 } == 2)
    #expect(store.state.sync.isSyncing, "the one asked for meanwhile")
    #expect(network.runNextJob())
    #expect(!network.runNextJob())
    #expect(runs.count.withLock { $0 } == 3)
    #expect(!store.state.sync.isSyncing)
  }

  @Test func offlineSaysSinceWhenAndQuittingWaitsAtMostThreeSeconds() {
    let runs = Runs()
    let store = started(outcome: .offline("no route"), runs: runs)
    network.advance()
    scheduler.advance(by: .seconds(60))
    #expect(store.state.sync.last == .offline(since: startDate, why: "no route"))
    store.send(.quit)
    scheduler.advance()
    #expect(store.state.sync.isSyncing, "one last sync")
    #expect(!store.state.canExit)
    scheduler.advance(by: .seconds(3))  // the network never answers
    #expect(store.state.canExit)
    #expect(store.state.exit.message?.contains("the sync did not finish in 3 s") == true)
  }

  @Test func sWithSyncOffSaysHowToSetItUp() {
    let store = appStore(.loaded(["a"]), on: scheduler)
    store.send(.sync(.syncNow))
    #expect(store.state.flash?.hasPrefix("Sync is off: yaru sync --setup REMOTE") == true)
  }
}

/// How many syncs ran (from the sync's queue).
final class Runs: Sendable {
  let count = Mutex(0)
}
