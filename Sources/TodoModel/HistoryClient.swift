import FoundationEssentials
import Synchronization

/// Where a todo file's history is kept: a file in the user's state folder
/// live (TodoStorage's `HistoryFile`), memory in tests and replays. Neither
/// ever throws: a history that cannot be read or written is a warning, and
/// the list goes on without it.
public struct HistoryClient: Sendable {
  /// The newest records kept, oldest first, and what could not be read.
  public var read: @Sendable () -> HistoryReading
  /// Appends `records`; a warning if they could not be written.
  public var append: @Sendable ([HistoryRecord]) -> String?

  public init(read: @escaping @Sendable () -> HistoryReading, append: @escaping @Sendable ([HistoryRecord]) -> String?) {
    self.read = read
    self.append = append
  }

  /// A history in memory, which outlives the app that uses it: a replay's
  /// `restart` starts the next app on the same one.
  public static func inMemory(_ records: [HistoryRecord] = []) -> HistoryClient {
    let kept = Mutex(records)
    return HistoryClient(
      read: { HistoryReading(records: kept.withLock { $0 }) },
      append: { new in
        kept.withLock { $0 += new }
        return nil
      }
    )
  }
}

public struct HistoryReading: Equatable, Sendable {
  public var records: [HistoryRecord]
  /// Said once when some of the history could not be read.
  public var warning: String?

  public init(records: [HistoryRecord], warning: String? = nil) {
    self.records = records
    self.warning = warning
  }
}
