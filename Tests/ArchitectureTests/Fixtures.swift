import Architecture
import Foundation
import IdentifiedCollections

/// A counter that exercises every kind of effect; the tests below drive it.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementTwiceLater
    case delayedIncrement
    case incrementAt(Date)
    case debouncedIncrement
    case cancelDelayed
    case noteAndCancelDelayed
    case startTimer
    case startTimerLater
    case stopTimer
    case tick(Date)
    case sendChain
    case mergeThree
    case noted(String)
  }

  enum ID: Hashable, Sendable { case delayed, timer }

  let scheduler: any Scheduler

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementTwiceLater:
      return .run(on: scheduler) { send in
        send(.increment)
        send(.increment)
      }
    case .delayedIncrement:
      return .run(on: scheduler, after: .seconds(1)) { send in send(.increment) }
        .cancellable(id: ID.delayed)
    case .incrementAt(let date):
      return .run(on: scheduler, at: date) { send in send(.increment) }
        .cancellable(id: ID.delayed)
    case .debouncedIncrement:
      return .run(on: scheduler, after: .seconds(1)) { send in send(.increment) }
        .cancellable(id: ID.delayed, cancelInFlight: true)
    case .cancelDelayed:
      return .cancel(id: ID.delayed)
    case .noteAndCancelDelayed:
      return .merge(.send(.noted("cancelling")), .cancel(id: ID.delayed))
    case .startTimer:
      return .timer(id: ID.timer, every: .seconds(1), on: scheduler) { .tick($0) }
    case .startTimerLater:
      return .run(on: scheduler) { send in send(.startTimer) }
    case .stopTimer:
      return .cancel(id: ID.timer)
    case .tick:
      state.count += 1
      return .none
    case .sendChain:
      state.log.append("chain")
      return .merge(.send(.noted("first")), .send(.noted("second")))
    case .mergeThree:
      return .merge(
        .run(on: scheduler, after: .seconds(2)) { send in send(.noted("two seconds")) },
        .run(on: scheduler) { send in send(.noted("now")) },
        .run(on: scheduler, after: .seconds(1)) { send in send(.noted("one second")) }
      )
    case .noted(let text):
      state.log.append(text)
      return .none
    }
  }
}

/// A list of counters composed with `forEach`, the way the todo list is.
struct CounterList: Reducer {
  struct Row: Equatable, Identifiable {
    let id: Int
    var counter = Counter.State()
  }

  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var parentSawCounts: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: Counter.Action)
    case remove(id: Int)

    static let rowPath = CasePath<Action, (id: Int, action: Counter.Action)>(
      { .row(id: $0.id, action: $0.action) },
      extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } }
    )
  }

  let scheduler: any Scheduler

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .row(let id, _):
        // The element reducer has already run: the parent sees its new count.
        state.parentSawCounts.append(state.rows[id: id]?.counter.count ?? -1)
        return .none
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      }
    }
    .forEach(\.rows, action: Action.rowPath) {
      Scope(state: \Row.counter, action: CasePath({ $0 }, extract: { $0 })) {
        Counter(scheduler: scheduler)
      }
    }
  }
}

/// Collects the messages of the issues reported inside `withKnownIssue`.
final class IssueMessages: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) {
    lock.withLock { messages.append(message) }
  }

  var all: [String] { lock.withLock { messages } }
}
