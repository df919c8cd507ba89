import Architecture
import FoundationEssentials
import TodoModel

/// `sync = "git"`: the open list syncs in the background — at start, some
/// seconds after the file last changed (`sync-after`), every `sync-every`,
/// on `S`, and once more when quitting (waited for a few seconds at most).
/// A sync runs on its own queue, so the keys never wait on the network; the
/// changes it brings arrive as any outside change does (the file's look).
public struct SyncFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var isEnabled = false
    public var every: Duration = .seconds(300)
    public var after: Duration = .seconds(30)
    public var isSyncing = false
    /// Asked for while one ran: another follows it.
    var isWanted = false
    public var last: Status?
    /// What the footer should say once (`S` with sync off).
    public var message: String?
    /// Quitting: the last sync was started, and whether the wait for it is over.
    var finalSyncStarted = false
    var gaveUpWaiting = false

    public init() {}

    /// Nothing holds the program back from quitting.
    public var isDoneForQuit: Bool {
      !isEnabled || (finalSyncStarted && ((!isSyncing && !isWanted) || gaveUpWaiting))
    }

    /// Quitting left a sync unfinished.
    public var didGiveUp: Bool { gaveUpWaiting && (isSyncing || isWanted) }
  }

  /// How the last sync went, as the footer says it.
  public enum Status: Equatable, Sendable {
    case synced(at: Date)
    case offline(since: Date, why: String)
    case needsYou(String)
  }

  public enum Action: Equatable, Sendable {
    case started
    /// `S`.
    case syncNow
    /// `sync-every`, or `sync-after` the file last changed: what a person
    /// did not ask for (no key gate stops it).
    case due
    /// The file was saved: a sync follows `after` the last of a burst.
    case fileChanged
    case finished(SyncOutcome, at: Date)
    /// Quitting, every save done: one last sync, waited for a few seconds.
    case quitting
    case finalWaitOver
  }

  enum CancelID: Hashable, Sendable { case every, after, finalWait }

  /// How long quitting waits for the last sync.
  public static let quitWait: Duration = .seconds(3)

  let environment: AppEnvironment

  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .started:
      guard state.isEnabled else { return .none }
      return .merge(
        sync(&state),
        .timer(id: CancelID.every, every: state.every, on: environment.mainQueue) { _ in .due }
      )
    case .syncNow:
      guard state.isEnabled else {
        state.message = "Sync is off: yaru sync --setup REMOTE, then sync = \"git\" in the config"
        return .none
      }
      return sync(&state)
    case .due:
      return state.isEnabled ? sync(&state) : .none
    case .fileChanged:
      guard state.isEnabled else { return .none }
      return .run(on: environment.mainQueue, after: state.after) { send in send(.due) }
        .cancellable(id: CancelID.after, cancelInFlight: true)
    case .finished(let outcome, let date):
      state.isSyncing = false
      switch outcome {
      case .synced: state.last = .synced(at: date)
      case .offline(let why):
        if case .offline(let since, _) = state.last { state.last = .offline(since: since, why: why) } else {
          state.last = .offline(since: date, why: why)
        }
      case .needsPerson(let why): state.last = .needsYou(why)
      }
      guard state.isWanted else { return state.isDoneForQuit ? .cancel(id: CancelID.finalWait) : .none }
      state.isWanted = false
      return sync(&state)
    case .quitting:
      guard state.isEnabled, !state.finalSyncStarted else { return .none }
      state.finalSyncStarted = true
      let wait = Effect<Action>.run(on: environment.mainQueue, after: Self.quitWait) { send in send(.finalWaitOver) }
      return .merge(.cancel(id: CancelID.every), .cancel(id: CancelID.after), sync(&state), wait.cancellable(id: CancelID.finalWait))
    case .finalWaitOver:
      state.gaveUpWaiting = true
    }
    return .none
  }

  /// One sync, on the sync queue; one asked for meanwhile follows it.
  private func sync(_ state: inout State) -> Effect<Action> {
    guard let client = environment.sync else { return .none }
    guard !state.isSyncing else {
      state.isWanted = true
      return .none
    }
    state.isSyncing = true
    let now = environment.now
    return .run(on: environment.syncQueue) { send in
      let outcome = client.run()
      send(.finished(outcome, at: now()))
    }
  }
}
