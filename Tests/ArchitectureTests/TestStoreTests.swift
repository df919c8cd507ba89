import Architecture
import ArchitectureTesting
import Testing

/// The TestStore's own failures: each is provoked on purpose, caught with
/// `withKnownIssue`, and its message checked, so a broken assertion cannot pass silently.
@MainActor
struct TestStoreTests {
  let scheduler = TestScheduler()

  private func failures(_ body: () -> Void) -> [String] {
    let messages = IssueMessages()
    withKnownIssue {
      body()
    } matching: { issue in
      messages.append(issue.comments.map(\.rawValue).joined())
      return true
    }
    return messages.all
  }

  @Test func aWrongStateExpectationFailsWithADiff() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    let messages = failures { store.send(.increment) { $0.count = 2 } }
    #expect(messages == [
      """
      State was not as expected: (−: expected, +: actual)

      \u{2007} Counter.State(
      −   count: 2,
      +   count: 1,
      \u{2007}   log: []
      \u{2007} )
      """,
    ])
  }

  @Test func anUnstatedChangeFails() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    let messages = failures { store.send(.increment) }
    #expect(messages.first?.contains("+   count: 1") == true)
  }

  @Test func receivingADifferentActionFails() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.sendChain) { $0.log = ["chain"] }
    let messages = failures { store.receive(.noted("second")) { $0.log.append("first") } }
    #expect(messages == [
      """
      Received an unexpected action: (−: expected, +: received)

      − Counter.Action.noted("second")
      + Counter.Action.noted("first")
      """,
    ])
    store.receive(.noted("second")) { $0.log.append("second") }
  }

  @Test func receivingWhenNothingArrivedFails() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    let messages = failures { store.receive(.increment) { $0.count = 1 } }
    #expect(messages == [
      "Expected to receive Counter.Action.increment, but no action was received. (Did you advance the scheduler?)",
    ])
    scheduler.advance(by: .seconds(1))
    store.receive(.increment) { $0.count = 1 }
  }

  @Test func sendingWithReceivedActionsUnassertedFails() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.sendChain) { $0.log = ["chain"] }
    let messages = failures { store.send(.increment) { $0.count = 1 } }
    #expect(messages.first?.hasPrefix("Must handle 2 received action(s) before sending an action:") == true)
    store.receive(.noted("first")) { $0.log.append("first") }
    store.receive(.noted("second")) { $0.log.append("second") }
  }

  @Test func anUnassertedReceivedActionFailsAtFinish() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.sendChain) { $0.log = ["chain"] }
    store.receive(.noted("first")) { $0.log.append("first") }
    let messages = failures { store.finish() }
    #expect(messages == [
      """
      The store received 1 unexpected action(s) that were not asserted:

        Counter.Action.noted("second")
      """,
    ])
  }

  @Test func anEffectStillRunningFailsAtFinish() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.startTimer)
    let messages = failures { store.finish() }
    #expect(messages == [
      "1 effect(s) still running at the end of the test. Advance the scheduler until they finish,"
        + " or cancel them (timers must be cancelled).",
    ])
  }

  @Test func anEffectStillRunningFailsWhenTheStoreGoesAway() {
    let messages = failures {
      let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
      store.send(.delayedIncrement)
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("1 effect(s) still running") == true)
  }

  @Test func aFinishedStorePassesQuietly() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    scheduler.advance(by: .seconds(1))
    store.receive(.increment) { $0.count = 1 }
    store.finish()
  }
}
