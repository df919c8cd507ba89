import Architecture
import Dispatch
import Foundation
import Testing

/// Records where its actions were reduced, to check the store's queue discipline.
private struct ThreadProbe: Reducer {
  struct State: Equatable {
    var arrivals: [String] = []
    var reducedOnMainQueue: [Bool] = []
  }

  enum Action: Equatable, Sendable {
    case start
    case arrived(String)
  }

  let background: any Scheduler

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run(on: background) { send in
        let where_ = isOnMainQueue() ? "main" : "background"
        send(.arrived("sent from \(where_) 1"))
        send(.arrived("sent from \(where_) 2"))
      }
    case .arrived(let text):
      state.arrivals.append(text)
      state.reducedOnMainQueue.append(isOnMainQueue())
      return .none
    }
  }
}

@MainActor
struct StoreTests {
  @Test func actionsSentDuringAReduceAreQueuedAndObserversAreToldOncePerBatch() {
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: TestScheduler()))
    var batches: [[String]] = []
    store.observe { batches.append($0.log) }
    store.send(.sendChain)
    #expect(store.state.log == ["chain", "first", "second"])
    #expect(batches == [["chain", "first", "second"]])
  }

  @Test func anObserverThatSendsStartsANewBatchAfterTheCurrentOne() {
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: TestScheduler()))
    var seen: [[String]] = []
    store.observe { new in
      seen.append(new.log)
      if new.log == ["chain", "first", "second"] { store.send(.noted("after")) }
    }
    store.send(.sendChain)
    #expect(seen == [["chain", "first", "second"], ["chain", "first", "second", "after"]])
  }

  @Test func whenOneObserverSendsEveryOtherObserverStillSeesEachBatchInOrder() {
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: TestScheduler()))
    var first: [[String]] = []
    var second: [[String]] = []
    store.observe { new in
      first.append(new.log)
      if new.log == ["chain", "first", "second"] { store.send(.noted("after")) }
    }
    store.observe { second.append($0.log) }
    store.send(.sendChain)
    let batches = [["chain", "first", "second"], ["chain", "first", "second", "after"]]
    #expect(first == batches)
    #expect(second == batches)
  }

  /// A key's frame is drawn before its effects' work reaches a scheduler;
  /// an effect cancelled meanwhile never runs.
  @Test func heldEffectsReachTheirSchedulerAfterTheBodyAndCancelledOnesNever() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    var pendingInBody: [Bool] = []
    store.holdEffects()
    store.send(.incrementTwiceLater)
    store.send(.delayedIncrement)
    store.send(.cancelDelayed)
    pendingInBody.append(scheduler.hasPendingWork)
    store.releaseEffects()
    #expect(pendingInBody == [false], "nothing handed to the scheduler while held")
    #expect(scheduler.hasPendingWork)
    scheduler.advance(by: .seconds(2))
    #expect(store.state.count == 2, "the cancelled delayed increment did not run")
    #expect(store.runningEffectCount == 0)
  }

  /// An action an effect sends back is observed (drawn) before the effects
  /// it returns start, as a key's are: the start's looks that follow its
  /// load do not take the processor its first frame waits for.
  @Test func anActionSentBackIsObservedBeforeTheEffectsItReturnsStart() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    var pendingWhenObserved: [Bool] = []
    store.observe { _ in pendingWhenObserved.append(scheduler.hasPendingWork) }
    store.send(.startTimerLater)
    scheduler.advance()
    #expect(pendingWhenObserved == [true, false], "the timer .startTimer returns had not started when its batch was observed")
    #expect(scheduler.hasPendingWork, "it started after")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.count == 1)
    store.cancelAllEffects()
  }

  /// The same for an action that arrived while a key's effects were held
  /// and is delivered at their release.
  @Test func anActionSentBackWhileHeldIsObservedBeforeItsEffectsStartAtTheRelease() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    var pendingWhenObserved: [Bool] = []
    store.send(.startTimerLater)
    store.observe { _ in pendingWhenObserved.append(scheduler.hasPendingWork) }
    store.holdEffects()
    scheduler.advance()
    #expect(pendingWhenObserved.isEmpty, "held: not delivered yet")
    store.releaseEffects()
    #expect(pendingWhenObserved == [false])
    #expect(scheduler.hasPendingWork)
    scheduler.advance(by: .seconds(1))
    #expect(store.state.count == 1)
    store.cancelAllEffects()
  }

  /// While held, effects are not even started: what starting them costs
  /// (their ids, the runtime's tables) comes after the key's frame too.
  @Test func heldEffectsStartOnlyWhenReleased() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.holdEffects()
    store.send(.delayedIncrement)
    #expect(store.runningEffectCount == 0)
    store.releaseEffects()
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .seconds(1))
    #expect(store.state.count == 1)
  }

  /// An effect that sends at once is reduced in its own batch even while
  /// held, and the held effects keep their order around it: a cancel
  /// beside that send still cancels what came before.
  @Test func whileHeldAnEffectThatSendsAtOnceIsReducedInItsBatchAndOrderIsKept() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    var batches: [[String]] = []
    store.observe { batches.append($0.log) }
    store.holdEffects()
    store.send(.delayedIncrement)
    store.send(.noteAndCancelDelayed)
    #expect(batches == [[], ["cancelling"]])
    store.releaseEffects()
    scheduler.advance(by: .seconds(2))
    #expect(store.state.count == 0, "the delayed increment, held, was cancelled by the cancel that came after it")
    #expect(store.runningEffectCount == 0)
  }

  /// A cancel held with its key still stops what the effect it cancels
  /// sends before the release: a timer that fires between a key's frame
  /// and the pause after it is not heard from.
  @Test func anActionSentWhileHeldIsDroppedIfAHeldCancelStopsItsEffect() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    store.holdEffects()
    store.send(.cancelDelayed)
    scheduler.advance(by: .seconds(1))
    #expect(store.state.count == 0, "nothing delivered while held")
    store.releaseEffects()
    #expect(store.state.count == 0, "the delayed increment was cancelled by the held cancel")
    #expect(store.runningEffectCount == 0)
  }

  /// An action sent while held by an effect nothing cancels arrives at the release.
  @Test func anActionSentWhileHeldArrivesAtTheRelease() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    store.holdEffects()
    scheduler.advance(by: .seconds(1))
    #expect(store.state.count == 0)
    store.releaseEffects()
    #expect(store.state.count == 1)
  }

  /// The rehearsal after the first frame starts a toggle's effects only to
  /// make the runtime's types: none of their work may ever run, and a real
  /// effect of the same id in flight is not cancelled by it.
  @Test func rehearsedEffectsNeverRunNorTouchTheStoresOwn() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.delayedIncrement)
    var rehearsal = Counter.State()
    let effects = [Counter.Action.incrementTwiceLater, .delayedIncrement, .debouncedIncrement, .cancelDelayed].map {
      Counter(scheduler: scheduler).reduce(into: &rehearsal, action: $0)
    }
    EffectRuntime<Counter.Action>.rehearse(effects)
    scheduler.advance(by: .seconds(5))
    #expect(store.state.count == 1, "only the store's own delayed increment ran")
    #expect(store.runningEffectCount == 0)
    #expect(!scheduler.hasPendingWork)
  }

  @Test func effectsOnTheVirtualClockDeliverWhenAdvanced() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.debouncedIncrement)
    scheduler.advance(by: .milliseconds(500))
    store.send(.debouncedIncrement)
    scheduler.advance(by: .milliseconds(500))
    #expect(store.state.count == 0)
    scheduler.advance(by: .milliseconds(500))
    #expect(store.state.count == 1)
    #expect(store.runningEffectCount == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func effectActionsFromABackgroundQueueAreReducedOnTheMainQueueInOrder() async {
    let background = DispatchQueueScheduler(DispatchQueue(label: "yaru.tests.background"))
    let store = Store(initialState: ThreadProbe.State(), reducer: ThreadProbe(background: background))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var resumed = false
      store.observe { new in
        if new.arrivals.count == 2 && !resumed {
          resumed = true
          done.resume()
        }
      }
      store.send(.start)
    }
    #expect(store.state.arrivals == ["sent from background 1", "sent from background 2"])
    #expect(store.state.reducedOnMainQueue == [true, true])
  }

  /// A finished effect lets go of what its body held (a save holds the
  /// whole list): its scheduled work's block and the effect held each
  /// other, which kept both, and the list's storage shared for good.
  @Test(.timeLimit(.minutes(1)))
  func aFinishedEffectLetsGoOfWhatItsBodyHeld() async {
    final class Payload: Sendable {}
    let background = DispatchQueueScheduler(DispatchQueue(label: "yaru.tests.payload"))
    weak var watched: Payload?
    var arrived: CheckedContinuation<Void, Never>?
    let runtime = EffectRuntime<Int> { _ in
      arrived?.resume()
      arrived = nil
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      arrived = continuation
      let payload = Payload()
      watched = payload
      runtime.start(.run(on: background) { send in withExtendedLifetime(payload) { send(1) } })
    }
    // The effect's end hops to the main queue after its action: past it now.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(runtime.inFlightCount == 0)
    #expect(watched == nil, "the finished effect still holds its body's payload")
  }

  @Test func cancelAllEffectsStopsEverything() {
    let scheduler = TestScheduler()
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: scheduler))
    store.send(.startTimer)
    store.send(.delayedIncrement)
    #expect(store.runningEffectCount == 2)
    store.cancelAllEffects()
    scheduler.advance(by: .seconds(5))
    #expect(store.state.count == 0)
    #expect(store.runningEffectCount == 0)
  }
}

/// Records whether the reducer holds the only reference to the state's
/// storage: if the store kept a copy, every change to a large list would
/// copy all of it.
private struct UniquenessProbe: Reducer {
  final class Storage {}
  struct State {
    var storage = Storage()
    var wasUnique: [Bool] = []
  }

  func reduce(into state: inout State, action: Void) -> Effect<Void> {
    state.wasUnique.append(isKnownUniquelyReferenced(&state.storage))
    return .none
  }
}

@MainActor
struct StoreCopyTests {
  @Test func theStoreHoldsNoCopyOfTheStateWhileReducing() {
    let store = Store(initialState: UniquenessProbe.State(), reducer: UniquenessProbe())
    var observed = 0
    store.observe { _ in observed += 1 }
    store.send(())
    store.send(())
    #expect(store.state.wasUnique == [true, true])
    #expect(observed == 2)
  }
}
