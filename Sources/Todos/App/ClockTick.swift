import FoundationEssentials
import TodoModel

/// When the header's clock next changes, so that it is woken then and not
/// before: an idle yaru makes no system call between two of its ticks.
enum ClockTick {
  /// What the clock shows: hours and minutes (`HeaderLayout.Clock`).
  static let shown: Duration = .seconds(60)

  /// How long from `now` until a clock `offset` from UTC next shows a
  /// whole `unit` (a minute; a second for a clock that showed seconds).
  /// Never zero: at a boundary, the next one.
  static func delay(after now: Date, at offset: UTCOffset, unit: Duration) -> Duration {
    let unitNanoseconds = unit.components.seconds * 1_000_000_000 + unit.components.attoseconds / 1_000_000_000
    let local = now.timeIntervalSince1970 + Double(offset.seconds)
    let seconds = local.rounded(.down)
    // Whole nanoseconds since 1970 on the user's clock, without losing the
    // fraction to a Double that large.
    let nanoseconds = Int64(seconds) * 1_000_000_000 + Int64(((local - seconds) * 1e9).rounded(.down))
    var remainder = nanoseconds % unitNanoseconds
    if remainder < 0 { remainder += unitNanoseconds }
    return .nanoseconds(unitNanoseconds - remainder)
  }
}
