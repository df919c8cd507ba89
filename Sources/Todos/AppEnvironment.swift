import Architecture
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

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

  public init(
    now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID,
    utcOffset: @escaping @Sendable (Date) -> UTCOffset, mainQueue: any Scheduler, ioQueue: any Scheduler, file: TodoFileClient?
  ) {
    self.now = now
    self.uuid = uuid
    self.utcOffset = utcOffset
    self.mainQueue = mainQueue
    self.ioQueue = ioQueue
    self.file = file
  }

  /// The wall clock, random ids, the main queue, and `ioQueue` (serial) for the file.
  public static func live(file: TodoFileClient?, ioQueue: DispatchQueue) -> AppEnvironment {
    AppEnvironment(
      now: { Date() }, uuid: UUID.seededRandom(), utcOffset: UTCOffset.local(at:),
      mainQueue: DispatchQueueScheduler(.main), ioQueue: DispatchQueueScheduler(ioQueue), file: file
    )
  }

  /// Virtual time and ids counting up from 1: every run is the same. The
  /// file's work runs on the same virtual clock.
  public static func virtual(
    _ scheduler: TestScheduler, file: TodoFileClient? = nil, utcOffset: UTCOffset = .utc
  ) -> AppEnvironment {
    AppEnvironment(
      now: { scheduler.now }, uuid: UUID.incrementing(), utcOffset: { _ in utcOffset },
      mainQueue: scheduler, ioQueue: scheduler, file: file
    )
  }

  /// Today in the user's time zone.
  public var today: Day {
    let now = now()
    return Day(now, at: utcOffset(now))
  }
}

extension UUID {
  /// Random version-4 ids from a generator seeded once by the system.
  /// `UUID()` opens, reads and closes /dev/urandom for every id: loading
  /// 100,000 todos spent over half its time there. Ids only need to be unique
  /// within one run (they are never saved), which 122 random bits are.
  public static func seededRandom() -> @Sendable () -> UUID {
    var system = SystemRandomNumberGenerator()
    let generator = Mutex(SplitMix64(state: system.next()))
    return {
      // Two steps give the 128 bits of one id.
      let (a, b) = generator.withLock { generator in (generator.next(), generator.next()) }
      // Little-endian: byte 6 carries the version (4), byte 8 the variant (10xx).
      var bytes = (a & ~(0xF0 << 48) | (0x40 << 48), b & ~0xC0 | 0x80)
      return withUnsafeBytes(of: &bytes) { raw in
        UUID(uuid: raw.load(as: uuid_t.self))
      }
    }
  }

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
  public init(number: Int) {
    let hex = String(number, radix: 16)
    self.init(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex)!
  }
}
