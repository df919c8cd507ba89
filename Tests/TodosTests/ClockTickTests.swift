import Foundation
import Testing
import TodoModel
@testable import Todos

/// When the header's clock is woken: at the next whole minute (or second,
/// for a clock that showed seconds) on the user's clock, never sooner.
struct ClockTickTests {
  /// 2026-01-01 09:00:00 UTC.
  let nine = Date(timeIntervalSince1970: 1_767_258_000)

  @Test func theNextMinute() {
    #expect(ClockTick.delay(after: nine.addingTimeInterval(20), at: .utc, unit: .seconds(60)) == .seconds(40))
    #expect(ClockTick.delay(after: nine.addingTimeInterval(20.25), at: .utc, unit: .seconds(60)) == .milliseconds(39_750))
    #expect(ClockTick.delay(after: nine.addingTimeInterval(59.5), at: .utc, unit: .seconds(60)) == .milliseconds(500))
  }

  @Test func atAMinuteTheNextOneNeverNow() {
    #expect(ClockTick.delay(after: nine, at: .utc, unit: .seconds(60)) == .seconds(60))
  }

  @Test func aClockShowingSecondsTicksEachSecond() {
    var now = nine.addingTimeInterval(20.25)
    var ticks: [Duration] = []
    for _ in 0..<3 {
      let delay = ClockTick.delay(after: now, at: .utc, unit: .seconds(1))
      ticks.append(delay)
      now = now.addingTimeInterval(delay.timeInterval)
    }
    #expect(ticks == [.milliseconds(750), .seconds(1), .seconds(1)])
  }

  @Test func minutesOnTheUsersClockEvenWithAnOffsetInSeconds() {
    // Nepal, +05:45: its minutes are UTC's.
    #expect(ClockTick.delay(after: nine.addingTimeInterval(20), at: UTCOffset(seconds: 20_700), unit: .seconds(60)) == .seconds(40))
    // Amsterdam's mean time until 1937, +00:19:32: 09:19:52 on that clock.
    #expect(ClockTick.delay(after: nine.addingTimeInterval(20), at: UTCOffset(seconds: 1_172), unit: .seconds(60)) == .seconds(8))
  }

  @Test func theHeaderShowsMinutes() {
    #expect(ClockTick.shown == .seconds(60))
  }
}
