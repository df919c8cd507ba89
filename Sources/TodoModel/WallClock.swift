import FoundationEssentials

/// How far the user's clocks are from UTC at some instant: all that yaru
/// needs of a time zone (today's date, the status-bar clock, the conflict
/// file's name). Foundation's TimeZone and Calendar would do it, but their
/// first use costs a statically linked binary ~3 MB of memory and time at
/// startup; the C library already knows the zone.
public struct UTCOffset: Equatable, Sendable {
  public var seconds: Int

  public init(seconds: Int) { self.seconds = seconds }

  public static let utc = UTCOffset(seconds: 0)
}

/// The date and time a wall clock shows, in the proleptic Gregorian calendar.
public struct WallClock: Equatable, Sendable {
  public var year: Int, month: Int, day: Int
  public var hour: Int, minute: Int, second: Int

  public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
  }

  /// What a clock `offset` from UTC shows at `date`.
  public init(_ date: Date, at offset: UTCOffset) {
    let total = Int(date.timeIntervalSince1970.rounded(.down)) + offset.seconds
    let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
    let seconds = total - days * 86_400
    (year, month, day) = Self.civil(fromDays: days)
    (hour, minute, second) = (seconds / 3_600, seconds / 60 % 60, seconds % 60)
  }

  /// The instant at which a clock `offset` from UTC shows this.
  public func date(at offset: UTCOffset) -> Date {
    let seconds = Self.days(fromCivil: year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds - offset.seconds))
  }

  // Days since 1970-01-01 and back, after Howard Hinnant's public-domain
  // `days_from_civil` / `civil_from_days` (eras of 400 years, March-based years).
  static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
