import Architecture
import ArchitectureTesting
import Synchronization
import Testing

/// `Effect.listen`: a source outside the program (the kernel's file-change
/// notices) that sends until it is cancelled, and is stopped when it is.
@MainActor
struct ListenTests {
  let scheduler = TestScheduler()

  /// A source that counts who listens and sends them numbers.
  final class Source: Sendable {
    private let listener = Mutex<(@Sendable (Int) -> Void)?>(nil)
    private let starts = Mutex(0)

    var isListened: Bool { listener.withLock { $0 != nil } }
    var startCount: Int { starts.withLock { $0 } }

    func start(_ send: Send<Heard.Action>) -> ScheduledWork {
      starts.withLock { $0 += 1 }
      listener.withLock { $0 = { send(.heard($0)) } }
      return ScheduledWork { [self] in listener.withLock { $0 = nil } }
    }

    func emit(_ number: Int) {
      listener.withLock { $0 }?(number)
    }
  }

  struct Heard: Reducer {
    enum Action: Equatable, Sendable { case start, stop, heard(Int) }
    enum ID: Hashable, Sendable { case source }
    let source: Source
    let scheduler: any Scheduler

    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .listen(id: ID.source, on: scheduler) { [source] send in source.start(send) }
      case .stop:
        return .cancel(id: ID.source)
      case .heard(let number):
        state.append(number)
        return .none
      }
    }
  }

  @Test func sendsUntilCancelledAndStopsTheSource() {
    let source = Source()
    let store = TestStore(initialState: [Int](), reducer: Heard(source: source, scheduler: scheduler))
    store.send(.start)
    #expect(!source.isListened, "started on the scheduler, not in the reducer's turn")
    scheduler.advance()
    #expect(source.isListened)
    source.emit(1)
    store.receive(.heard(1)) { $0 = [1] }
    source.emit(2)
    store.receive(.heard(2)) { $0 = [1, 2] }
    #expect(store.runningEffectCount == 1, "it runs on after its start returned")
    store.send(.stop)
    #expect(!source.isListened)
    #expect(store.runningEffectCount == 0)
    source.emit(3)  // nobody listens: nothing arrives
  }

  @Test func cancelledBeforeItsStartItNeverStarts() {
    let source = Source()
    let store = TestStore(initialState: [Int](), reducer: Heard(source: source, scheduler: scheduler))
    store.send(.start)
    store.send(.stop)
    scheduler.advance()
    #expect(source.startCount == 0)
  }

  @Test func startingAgainReplacesTheListener() {
    let source = Source()
    let store = TestStore(initialState: [Int](), reducer: Heard(source: source, scheduler: scheduler))
    store.send(.start)
    scheduler.advance()
    store.send(.start)
    scheduler.advance()
    #expect(source.startCount == 2)
    #expect(store.runningEffectCount == 1)
    source.emit(7)
    store.receive(.heard(7)) { $0 = [7] }
    store.send(.stop)
  }
}
