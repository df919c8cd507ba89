import Foundation
import Testing
@testable import TodoModel

/// Day arithmetic against Foundation's Gregorian calendar, day by day over
/// years with every kind of month end (1999–2032: leap years, 2000 a leap
/// century), plus the far ends of what todo.txt can write.
struct DateArithmeticTests {
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  static func date(_ day: Day) -> Date {
    calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
  }

  static func day(_ date: Date) -> Day {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return Day(year: parts.year!, month: parts.month!, day: parts.day!)!
  }

  static let days: [Day] = {
    let first = Day(year: 1999, month: 1, day: 1)!
    return (0..<(34 * 366)).map { first.adding(days: $0) }.filter { $0.year <= 2032 }
  }()

  @Test func ordinalsCountDaysSince1970LikeFoundation() {
    #expect(Self.days.count == 12_419)
    for day in Self.days {
      let seconds = Self.date(day).timeIntervalSince1970
      #expect(day.ordinal * 86_400 == Int(seconds), "\(day)")
      #expect(Day(ordinal: day.ordinal) == day)
    }
    #expect(Day(ordinal: 0) == Day(year: 1970, month: 1, day: 1))
    #expect(Day.first.ordinal == Day(ordinal: Day.first.ordinal).ordinal)
    #expect(Day(ordinal: Int.min / 2) == .first && Day(ordinal: Int.max / 2) == .last, "clamped, never a crash")
  }

  @Test func weekdaysAgreeWithFoundation() {
    for day in Self.days {
      // Foundation: Sunday 1 … Saturday 7; ours: Monday 1 … Sunday 7.
      let foundation = Self.calendar.component(.weekday, from: Self.date(day))
      #expect(day.weekday == (foundation + 5) % 7 + 1, "\(day)")
    }
  }

  @Test(arguments: [1, 2, 11, 12, 13, -1, -13, 24])
  func monthStepsClampToTheMonthsEndLikeFoundation(_ months: Int) {
    for day in Self.days {
      let expected = Self.day(Self.calendar.date(byAdding: .month, value: months, to: Self.date(day))!)
      #expect(day.adding(months: months) == expected, "\(day) + \(months) months")
    }
  }

  @Test(arguments: [1, 4, -1])
  func yearStepsLikeFoundation(_ years: Int) {
    for day in Self.days {
      let expected = Self.day(Self.calendar.date(byAdding: .year, value: years, to: Self.date(day))!)
      #expect(day.adding(years: years) == expected, "\(day) + \(years) years")
    }
  }

  /// Business days counted one by one with Foundation's weekdays.
  @Test(arguments: [1, 2, 5, 7, 23, -1, -6])
  func businessDaysSkipWeekends(_ count: Int) {
    for day in Self.days.prefix(800) {
      var date = Self.date(day)
      var left = abs(count)
      while left > 0 {
        date = Self.calendar.date(byAdding: .day, value: count < 0 ? -1 : 1, to: date)!
        if !Self.calendar.isDateInWeekend(date) { left -= 1 }
      }
      #expect(day.adding(businessDays: count) == Self.day(date), "\(day) + \(count)b")
    }
    #expect(Day(year: 2026, month: 11, day: 27)!.adding(businessDays: 1) == Day(year: 2026, month: 11, day: 30), "Friday + 1b is Monday")
    #expect(Day(year: 2026, month: 11, day: 28)!.adding(businessDays: 1) == Day(year: 2026, month: 11, day: 30), "Saturday + 1b is Monday")
  }

  /// Shortcuts typed on Monday 2026-11-23.
  @Test(arguments: [
    ("today", "2026-11-23"), ("tomorrow", "2026-11-24"), ("Tomorrow", "2026-11-24"),
    ("mon", "2026-11-30"), ("tue", "2026-11-24"), ("sun", "2026-11-29"), ("fri", "2026-11-27"),
    ("+3d", "2026-11-26"), ("+2w", "2026-12-07"), ("+1m", "2026-12-23"), ("+1y", "2027-11-23"),
    ("+2b", "2026-11-25"), ("+5b", "2026-11-30"), ("+0d", "2026-11-23"),
  ])
  func dateShortcutsNameDays(_ typed: String, _ expected: String) {
    let monday = Day(year: 2026, month: 11, day: 23)!
    #expect(DateShortcut.day(typed[...], today: monday)?.description == expected)
  }

  @Test func shortcutsAreWrittenAsDatesOnlyInDueAndThreshold() {
    let monday = Day(year: 2026, month: 11, day: 23)!
    #expect(DateShortcut.resolving("Pay rent due:tomorrow t:+0d +home", today: monday) == "Pay rent due:2026-11-24 t:2026-11-23 +home")
    #expect(DateShortcut.resolving("meet at:tomorrow  due:fri", today: monday) == "meet at:tomorrow  due:2026-11-27", "other keys and spacing kept")
    #expect(DateShortcut.resolving("due:someday due:2026-13-01 due:+1x", today: monday) == "due:someday due:2026-13-01 due:+1x")
    for typed in ["+", "+d", "+123456d", "mond", "x"] { #expect(DateShortcut.day(typed[...], today: monday) == nil, "\(typed)") }
  }
}
