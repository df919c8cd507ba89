/// Counting with days: the one place yaru does calendar arithmetic (date
/// shortcuts, recurrence, "due this week"). Proleptic Gregorian, as todo.txt
/// dates are, tested day by day against Foundation's Calendar.
extension Day {
  /// Days since 1970-01-01 (negative before it).
  public var ordinal: Int { WallClock.days(fromCivil: year, month, day) }

  /// The day `ordinal` days after 1970-01-01, clamped to the days todo.txt
  /// can write (years 1…9999).
  public init(ordinal: Int) {
    let (year, month, day) = WallClock.civil(fromDays: min(max(ordinal, Day.first.ordinal), Day.last.ordinal))
    self = Day(year: year, month: month, day: day)!
  }

  public static let first = Day(year: 1, month: 1, day: 1)!
  public static let last = Day(year: 9_999, month: 12, day: 31)!

  /// Monday 1 … Sunday 7 (ISO 8601).
  public var weekday: Int { Day.weekday(ofOrdinal: ordinal) }

  public var isWeekend: Bool { weekday >= 6 }

  public func adding(days: Int) -> Day {
    Day(ordinal: ordinal + days)
  }

  /// The same day of the month `months` later (or earlier); when that month
  /// is shorter, its last day: 2026-01-31 + 1 month is 2026-02-28.
  public func adding(months: Int) -> Day {
    let index = year * 12 + (month - 1) + months
    let (newYear, newMonth) = (index / 12, index % 12 + 1)
    guard newYear >= 1 else { return .first }
    guard newYear <= 9_999 else { return .last }
    return Day(year: newYear, month: newMonth, day: min(day, Day.length(ofMonth: newMonth, in: newYear)))!
  }

  /// Whole years later: a 29 February becomes the 28th in other years.
  public func adding(years: Int) -> Day {
    adding(months: years * 12)
  }

  /// `count` working days (Monday to Friday) later, or earlier when
  /// negative: Friday + 1 is Monday, Saturday + 1 is Monday too.
  public func adding(businessDays count: Int) -> Day {
    let step = count < 0 ? -1 : 1
    var ordinal = self.ordinal
    var left = abs(count)
    while left > 0, ordinal > Day.first.ordinal, ordinal < Day.last.ordinal {
      ordinal += step
      if Day.weekday(ofOrdinal: ordinal) < 6 { left -= 1 }
    }
    return Day(ordinal: ordinal)
  }

  private static func weekday(ofOrdinal ordinal: Int) -> Int {
    // 1970-01-01 was a Thursday (4).
    ((ordinal % 7) + 7 + 3) % 7 + 1
  }

  /// Days from `self` to `other` (negative when `other` is earlier).
  public func days(until other: Day) -> Int {
    other.ordinal - ordinal
  }
}
