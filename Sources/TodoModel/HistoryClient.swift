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
  /// The file's text as yaru last read or wrote it (nil if not kept): the
  /// base a change made while yaru was closed is told and merged against.
  public var base: @Sendable () -> String?
  public var keepBase: @Sendable (String) -> Void

  public init(
    read: @escaping @Sendable () -> HistoryReading, append: @escaping @Sendable ([HistoryRecord]) -> String?,
    base: @escaping @Sendable () -> String? = { nil }, keepBase: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.read = read
    self.append = append
    self.base = base
    self.keepBase = keepBase
  }

  /// What another program changed since the base was kept, recorded as its
  /// change (at start: an edit made while yaru was closed); the text is
  /// the base from now on.
  public func noticeChanges(in text: String, id: String, time: Date) {
    let base = base()
    // Bytes compared: String's == takes another normalization of the same
    // text for it, and the base would keep bytes the file no longer has.
    guard !(base?.hasSameBytes(as: text) ?? false) else { return }  // most starts: nothing to write
    if let base {
      let hunks = LineMerge.hunks(from: TodoList.lines(of: base), to: TodoList.lines(of: text))
      if !hunks.isEmpty {
        _ = append([HistoryRecord(
          id: id, time: time, source: HistoryRecord.anotherProgram, kind: .outside, summary: hunks.summary, hunks: hunks
        )])
      }
    }
    keepBase(text)
  }

  /// Keeps `text` as the base unless the kept one already is it: a quit
  /// with nothing new rewrote the whole file and waited for the disk
  /// twice (300 KB at 10,000 todos).
  public func keepBase(ifChanged text: String) {
    if !(base()?.hasSameBytes(as: text) ?? false) { keepBase(text) }
  }

  /// A history in memory, which outlives the app that uses it: a replay's
  /// `restart` starts the next app on the same one.
  public static func inMemory(_ records: [HistoryRecord] = []) -> HistoryClient {
    let kept = Mutex(records)
    let base = Mutex<String?>(nil)
    return HistoryClient(
      read: { HistoryReading(records: kept.withLock { $0 }) },
      append: { new in
        kept.withLock { $0 += new }
        return nil
      },
      base: { base.withLock { $0 } },
      keepBase: { text in base.withLock { $0 = text } }
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
