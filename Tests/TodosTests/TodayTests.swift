import FoundationEssentials
import Testing
@testable import TodoModel
@testable import Todos

/// The state's today is the date on the user's clock, kept with the clock
/// (`now`) and the offset from UTC as either changes.
struct TodayTests {
  /// 2026-11-30 23:30 UTC.
  let lateEvening = Date(timeIntervalSince1970: 1_796_081_400)

  @Test func todayFollowsTheOffsetAndTheClock() {
    var state = AppReducer.State(now: lateEvening)
    #expect(state.today == Day(year: 2026, month: 11, day: 30))
    state.utcOffset = UTCOffset(seconds: 2 * 3_600)
    #expect(state.today == Day(year: 2026, month: 12, day: 1), "01:30 two hours east")
    state.utcOffset = UTCOffset(seconds: -10 * 3_600)
    #expect(state.today == Day(year: 2026, month: 11, day: 30))
    state.now = lateEvening.addingTimeInterval(11 * 3_600)
    #expect(state.today == Day(year: 2026, month: 12, day: 1), "00:30 the next day ten hours west")
  }
}
