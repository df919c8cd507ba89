import Foundation
import Synchronization
import Testing
@testable import TodoModel
import Todos
import TodoStorage
import TodoTestSupport

/// Our calendar arithmetic against Foundation's Gregorian calendar, which it
/// replaces in the app.
struct WallClockTests {
  /// The zone is asked once a minute at most, and again in each new minute
  /// (where a transition may have changed the offset).
  @Test func theZoneIsAskedOncePerMinute() {
    let asked = Mutex<[Double]>([])
    let offset = UTCOffset.oncePerMinute { date in
      asked.withLock { $0.append(date.timeIntervalSince1970) }
      return UTCOffset(seconds: date.timeIntervalSince1970 < 120 ? 3600 : 7200)
    }
    let answers = [0, 30, 59.9, 60, 119, 120, 150, 60].map { offset(Date(timeIntervalSince1970: $0)).seconds }
    #expect(answers == [3600, 3600, 3600, 3600, 3600, 7200, 7200, 3600])
    #expect(asked.withLock { $0 } == [0, 60, 120, 60])
  }

  @Test func agreesWithFoundationsCalendarAcrossCenturiesAndOffsets() {
    var generator = SeededGenerator(state: 42)
    for _ in 0..<5_000 {
      // From 1601 to 2400, both sides of the epoch and of leap centuries.
      let seconds = Double(Int64.random(in: -11_644_473_600...13_569_465_600, using: &generator))
      let offset = UTCOffset(seconds: Int.random(in: -12...14, using: &generator) * 3600 + [0, 1800, 2700].randomElement(using: &generator)!)
      let date = Date(timeIntervalSince1970: seconds)
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(secondsFromGMT: offset.seconds)!
      let expected = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      let clock = WallClock(date, at: offset)
      #expect([clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second]
        == [expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second].map { $0! },
        "\(date) at \(offset.seconds)")
      #expect(clock.date(at: offset) == date)
    }
  }

  /// A virtual clock run far ahead reached 10000-02-29, which used to trap
  /// (the year was clamped to 9999, which has no 29 February).
  @Test func daysOutsideYears1To9999ClampToTheNearestDayThatCanBeWritten() {
    let after = WallClock(year: 10_000, month: 2, day: 29).date(at: .utc)
    #expect(Day(after, at: .utc) == Day(year: 9_999, month: 12, day: 31))
    let before = WallClock(year: 0, month: 6, day: 1).date(at: .utc)
    #expect(Day(before, at: .utc) == Day(year: 1, month: 1, day: 1))
  }

  @Test func theLocalOffsetComesFromTheCLibrary() {
    // TZ is the process's zone; tests run with whatever the machine has, so
    // compare with Foundation's view of the same zone.
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    #expect(UTCOffset.local(at: date).seconds == TimeZone.current.secondsFromGMT(for: date))
  }
}
