import Architecture
import ArchitectureTesting
import IdentifiedCollections
import Testing

@MainActor
struct ForEachTests {
  let scheduler = TestScheduler()

  @Test func elementReducerRunsBeforeTheParent() {
    let store = TestStore(
      initialState: CounterList.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: CounterList(scheduler: scheduler)
    )
    store.send(.row(id: 2, action: .increment)) {
      $0.rows[id: 2]?.counter.count = 1
      $0.parentSawCounts = [1]
    }
  }

  @Test func removingAnElementCancelsItsEffectsOnly() {
    let store = TestStore(
      initialState: CounterList.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: CounterList(scheduler: scheduler)
    )
    store.send(.row(id: 1, action: .delayedIncrement)) { $0.parentSawCounts = [0] }
    store.send(.row(id: 2, action: .delayedIncrement)) { $0.parentSawCounts = [0, 0] }
    #expect(store.runningEffectCount == 2)
    store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .seconds(1))
    store.receive(.row(id: 2, action: .increment)) {
      $0.rows[id: 2]?.counter.count = 1
      $0.parentSawCounts.append(1)
    }
  }

  /// A plain Store reports to the test too, even when no TestStore was made
  /// before it (the reporter is installed when the test bundle loads).
  @Test func aPlainStoreReportsItsIssuesToTheTest() {
    let store = Store(initialState: CounterList.State(rows: [.init(id: 1)]), reducer: CounterList(scheduler: scheduler))
    withKnownIssue {
      store.send(.row(id: 42, action: .increment))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("not in the array: id 42")
    }
  }

  @Test func anActionForAMissingIDIsReportedNotACrash() {
    let messages = IssueMessages()
    let store = TestStore(initialState: CounterList.State(rows: [.init(id: 1)]), reducer: CounterList(scheduler: scheduler))
    withKnownIssue {
      store.send(.row(id: 42, action: .increment)) { $0.parentSawCounts = [-1] }
    } matching: { issue in
      messages.append(issue.comments.map(\.rawValue).joined())
      return true
    }
    #expect(messages.all.count == 1)
    #expect(messages.all.first?.contains("forEach received an action for an element that is not in the array: id 42") == true)
  }
}
