/// How a sync went: `yaru sync`'s exit status and what the screen says.
public enum SyncOutcome: Equatable, Sendable {
  /// The remote and the files agree (exit 0); what happened.
  case synced(String)
  /// The remote cannot be reached (exit 1): nothing is lost, a commit waits.
  case offline(String)
  /// A person must act (exit 2): the message names the command to run.
  case needsPerson(String)

  public var exitStatus: Int32 {
    switch self {
    case .synced: 0
    case .offline: 1
    case .needsPerson: 2
    }
  }

  public var message: String {
    switch self {
    case .synced(let text), .offline(let text), .needsPerson(let text): text
    }
  }
}

/// The open list's way to sync (live: `GitSync` in TodoStorage), run off
/// the main queue: it may wait on the network for as long as its limit.
public struct SyncClient: Sendable {
  public var run: @Sendable () -> SyncOutcome

  public init(run: @escaping @Sendable () -> SyncOutcome) {
    self.run = run
  }
}
