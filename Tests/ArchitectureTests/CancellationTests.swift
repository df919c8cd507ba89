import Architecture
import ArchitectureTesting
import Testing

@MainActor
struct CancellationTests {
  let scheduler = TestScheduler()

  @Test func cancelledDelayedEffectNeverDelivers() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    scheduler.advance(by: .milliseconds(500))
    store.send(.cancelDelayed)
    #expect(store.runningEffectCount == 0)
    scheduler.advance(by: .seconds(5))
  }

  @Test func withoutCancelInFlightBothDelayedEffectsDeliver() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    scheduler.advance(by: .milliseconds(500))
    store.send(.delayedIncrement)
    scheduler.advance(by: .seconds(1))
    store.receive(.increment) { $0.count = 1 }
    store.receive(.increment) { $0.count = 2 }
  }

  @Test func cancelInFlightRestartsTheDelay() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.debouncedIncrement)
    scheduler.advance(by: .milliseconds(900))
    store.send(.debouncedIncrement)
    // One second after the first, nothing: the wait restarted.
    scheduler.advance(by: .milliseconds(100))
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .milliseconds(900))
    store.receive(.increment) { $0.count = 1 }
    #expect(store.runningEffectCount == 0)
  }

  @Test func timerTicksUntilCancelled() {
    let start = scheduler.now
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.startTimer)
    scheduler.advance(by: .seconds(3))
    store.receive(.tick(start.addingTimeInterval(1))) { $0.count = 1 }
    store.receive(.tick(start.addingTimeInterval(2))) { $0.count = 2 }
    store.receive(.tick(start.addingTimeInterval(3))) { $0.count = 3 }
    store.send(.stopTimer)
    scheduler.advance(by: .seconds(3))
    #expect(store.runningEffectCount == 0)
  }

  @Test func startingTheTimerAgainReplacesIt() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.startTimer)
    scheduler.advance(by: .milliseconds(500))
    store.send(.startTimer)
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .milliseconds(600))
    // The first timer would have ticked at 1 s; the second ticks at 1.5 s.
    scheduler.advance(by: .milliseconds(400))
    store.receive(.tick(scheduler.now)) { $0.count = 1 }
    store.send(.stopTimer)
  }

  @Test func cancellingAnIDThatIsNotRunningDoesNothing() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.cancelDelayed)
    #expect(store.runningEffectCount == 0)
  }
}
