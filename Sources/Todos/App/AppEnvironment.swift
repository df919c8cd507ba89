import Architecture
import Dispatch
import FoundationEssentials
import Synchronization
import TodoModel

/// Everything the app needs from outside, passed in so that the reducer does
/// no I/O and reads no clock of its own: live for people, virtual for tests
/// and replay.
public struct AppEnvironment: Sendable {
  public var now: @Sendable () -> Date
  public var uuid: @Sendable () -> UUID
  /// The user's offset from UTC at an instant.
  public var utcOffset: @Sendable (Date) -> UTCOffset
  /// Where timers and delays run: the main queue live, virtual time in tests.
  public var mainQueue: any Scheduler
  /// Where the file is read and written: never the main queue live.
  public var ioQueue: any Scheduler
  /// The todo file; nil keeps the list in memory only.
  public var file: TodoFileClient?
  /// The kernel's notices of changes to the file: other programs' changes
  /// seen at once, and no polling. Nil (tests, replay): the file is looked
  /// at every second on `mainQueue`'s clock.
  public var fileNotices: FileNoticeClient?
  /// Where the file's history is kept; nil keeps it for this run only.
  public var history: HistoryClient?
  /// `sync = "git"`: how the list syncs, and the queue it waits on the network in.
  public var sync: SyncClient?
  public var syncQueue: any Scheduler
  /// The config's `[lists]`, in order, each with its own file and history
  /// (`file` and `history` are the ones of the list the app starts on);
  /// empty with one list.
  public var lists: [ListClients] = []
  /// Where `Q` keeps macros; nil keeps them for this run only.
  public var macros: MacroClient?

  public init(
    now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID,
    utcOffset: @escaping @Sendable (Date) -> UTCOffset, mainQueue: any Scheduler, ioQueue: any Scheduler, file: TodoFileClient?,
    fileNotices: FileNoticeClient? = nil, history: HistoryClient? = nil, sync: SyncClient? = nil, syncQueue: (any Scheduler)? = nil,
    macros: MacroClient? = nil
  ) {
    self.now = now
    self.uuid = uuid
    self.utcOffset = utcOffset
    self.mainQueue = mainQueue
    self.ioQueue = ioQueue
    self.file = file
    self.fileNotices = fileNotices
    self.history = history
    self.sync = sync
    self.syncQueue = syncQueue ?? ioQueue
    self.macros = macros
  }

  /// Virtual time and ids counting up from 1: every run is the same. The
  /// file's work runs on the same virtual clock.
  public static func virtual(
    _ scheduler: TestScheduler, file: TodoFileClient? = nil, history: HistoryClient? = nil, utcOffset: UTCOffset = .utc,
    macros: MacroClient? = nil
  ) -> AppEnvironment {
    AppEnvironment(
      now: { scheduler.now }, uuid: UUID.incrementing(), utcOffset: { _ in utcOffset },
      mainQueue: scheduler, ioQueue: scheduler, file: file, history: history, macros: macros
    )
  }

  /// Today in the user's time zone.
  public var today: Day {
    let now = now()
    return Day(now, at: utcOffset(now))
  }
}

extension UUID {
  /// Ids 00000000-0000-0000-0000-000000000001, …2, …3: deterministic and readable.
  public static func incrementing() -> @Sendable () -> UUID {
    let counter = Mutex(0)
    return {
      let n = counter.withLock { value in
        value += 1
        return value
      }
      return UUID(number: n)
    }
  }

  /// The id that `incrementing()` hands out `number`-th.
  /// Made from the number's bytes (the last six, big-endian), not parsed
  /// from a string: the benchmarks make thousands in one batch.
  public init(number: Int) {
    func byte(_ shift: Int) -> UInt8 { UInt8(truncatingIfNeeded: number >> shift) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)))
  }
}
