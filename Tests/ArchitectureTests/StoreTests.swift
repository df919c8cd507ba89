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
    var batches: [(old: [String], new: [String])] = []
    store.observe { old, new in batches.append((old.log, new.log)) }
    store.send(.sendChain)
    #expect(store.state.log == ["chain", "first", "second"])
    #expect(batches.count == 1)
    #expect(batches.first?.old == [])
    #expect(batches.first?.new == ["chain", "first", "second"])
  }

  @Test func anObserverThatSendsStartsANewBatchAfterTheCurrentOne() {
    let store = Store(initialState: Counter.State(), reducer: Counter(scheduler: TestScheduler()))
    var seen: [[String]] = []
    store.observe { _, new in
      seen.append(new.log)
      if new.log == ["chain", "first", "second"] { store.send(.noted("after")) }
    }
    store.send(.sendChain)
    #expect(seen == [["chain", "first", "second"], ["chain", "first", "second", "after"]])
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
      store.observe { _, new in
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
