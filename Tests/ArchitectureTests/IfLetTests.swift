import Architecture
import ArchitectureTesting
import Testing

/// A screen with an optional counter, like a sheet that can be open or closed.
private struct Sheet: Reducer {
  struct State: Equatable { var counter: Counter.State? }

  enum Action: Equatable, Sendable {
    case open, close
    case counter(Counter.Action)

    static let counterPath = CasePath<Action, Counter.Action>(
      Action.counter, extract: { if case let .counter(action) = $0 { action } else { nil } })
  }

  let scheduler: any Scheduler

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .open: state.counter = Counter.State()
      case .close: state.counter = nil
      case .counter: break
      }
      return .none
    }
    .ifLet(\.counter, action: Action.counterPath) { Counter(scheduler: scheduler) }
  }
}

@MainActor
struct IfLetTests {
  let scheduler = TestScheduler()

  @Test func childRunsWhileItsStateExists() {
    let store = TestStore(initialState: Sheet.State(), reducer: Sheet(scheduler: scheduler))
    store.send(.open) { $0.counter = Counter.State() }
    store.send(.counter(.increment)) { $0.counter?.count = 1 }
  }

  @Test func closingCancelsTheChildsEffects() {
    let store = TestStore(initialState: Sheet.State(), reducer: Sheet(scheduler: scheduler))
    store.send(.open) { $0.counter = Counter.State() }
    store.send(.counter(.startTimer))
    #expect(store.runningEffectCount == 1)
    store.send(.close) { $0.counter = nil }
    #expect(store.runningEffectCount == 0)
    scheduler.advance(by: .seconds(2))
  }

  @Test func aChildActionWhileNilIsReported() {
    let store = TestStore(initialState: Sheet.State(), reducer: Sheet(scheduler: scheduler))
    withKnownIssue {
      store.send(.counter(.increment))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("ifLet received a child action while the child state is nil")
    }
  }
}
