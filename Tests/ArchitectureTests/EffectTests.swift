import Architecture
import ArchitectureTesting
import Testing

@MainActor
struct EffectTests {
  let scheduler = TestScheduler()

  @Test func sendEffectsArriveInOrderAfterTheAction() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.sendChain) { $0.log = ["chain"] }
    store.receive(.noted("first")) { $0.log.append("first") }
    store.receive(.noted("second")) { $0.log.append("second") }
  }

  @Test func runSendsEveryActionOfItsBody() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.incrementTwiceLater)
    #expect(store.runningEffectCount == 1)
    scheduler.advance()
    store.receive(.increment) { $0.count = 1 }
    store.receive(.increment) { $0.count = 2 }
    #expect(store.runningEffectCount == 0)
  }

  @Test func delayedRunDeliversOnlyWhenItsTimeComes() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    scheduler.advance(by: .milliseconds(999))
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.increment) { $0.count = 1 }
  }

  @Test func runAtADateDeliversWhenTheClockReachesIt() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.incrementAt(scheduler.now.addingTimeInterval(2.5)))
    scheduler.advance(by: .milliseconds(2_499))
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .milliseconds(1))
    store.receive(.increment) { $0.count = 1 }
    #expect(store.runningEffectCount == 0)
  }

  @Test func runAtADatePastRunsNow() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    scheduler.advance(by: .seconds(10))
    store.send(.incrementAt(scheduler.now.addingTimeInterval(-3)))
    scheduler.advance()
    store.receive(.increment) { $0.count = 1 }
  }

  @Test func runAtADateCancelledNeverDelivers() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.incrementAt(scheduler.now.addingTimeInterval(1)))
    store.send(.cancelDelayed)
    scheduler.advance(by: .seconds(2))
  }

  @Test func mergedEffectsDeliverInTimeOrderNotListOrder() {
    let store = TestStore(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.mergeThree)
    scheduler.advance(by: .seconds(2))
    store.receive(.noted("now")) { $0.log = ["now"] }
    store.receive(.noted("one second")) { $0.log.append("one second") }
    store.receive(.noted("two seconds")) { $0.log.append("two seconds") }
  }

  @Test func mapTransformsEveryActionOfTheEffect() {
    let store = TestStore(initialState: CounterList.State(rows: [.init(id: 7)]), reducer: CounterList(scheduler: scheduler))
    store.send(.row(id: 7, action: .incrementTwiceLater)) { $0.parentSawCounts = [0] }
    scheduler.advance()
    store.receive(.row(id: 7, action: .increment)) {
      $0.rows[id: 7]?.counter.count = 1
      $0.parentSawCounts.append(1)
    }
    store.receive(.row(id: 7, action: .increment)) {
      $0.rows[id: 7]?.counter.count = 2
      $0.parentSawCounts.append(2)
    }
  }
}
