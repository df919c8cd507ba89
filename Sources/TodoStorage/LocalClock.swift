import FoundationEssentials
import Glibc
import Synchronization
import TodoModel

extension UTCOffset {
  /// The C library's zone (`TZ`, else /etc/localtime) at `date`, daylight
  /// saving included.
  public static func local(at date: Date) -> UTCOffset {
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return .utc }
    return UTCOffset(seconds: Int(parts.tm_gmtoff))
  }

  /// `ask` (the C library's zone) once a minute at most: a toggle needs
  /// today, and asking the zone walks its rules (~60 lines of code and the
  /// zone's tables, cold when a key comes). A zone's offset changes only at
  /// its transitions, which fall on whole minutes.
  public static func oncePerMinute(
    _ ask: @escaping @Sendable (Date) -> UTCOffset = local(at:)
  ) -> @Sendable (Date) -> UTCOffset {
    let last = Mutex<(minute: Double, offset: UTCOffset)?>(nil)
    return { date in
      let minute = (date.timeIntervalSince1970 / 60).rounded(.down)
      if let known = last.withLock({ $0 }), known.minute == minute { return known.offset }
      let offset = ask(date)
      last.withLock { $0 = (minute, offset) }
      return offset
    }
  }
}

extension Day {
  /// Today in the C library's zone: the shell's commands' day.
  public static var localToday: Day {
    let now = Date()
    return Day(now, at: .local(at: now))
  }
}
