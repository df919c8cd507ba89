import FoundationEssentials
import Glibc
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
}

extension Day {
  /// Today in the C library's zone: the shell's commands' day.
  public static var localToday: Day {
    let now = Date()
    return Day(now, at: .local(at: now))
  }
}
