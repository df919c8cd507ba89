/// A distance in the calendar as todo.txt tools write it: `3d`, `2w`, `1m`,
/// `1y`, `5b` (business days, Monday to Friday). Date shortcuts (`+3d`) and
/// recurrence (`rec:1w`) are both made of one.
public struct DateStep: Equatable, Sendable {
  public enum Unit: Character, Sendable {
    case days = "d", weeks = "w", months = "m", years = "y", businessDays = "b"
  }

  public let count: Int
  public let unit: Unit

  public init(count: Int, unit: Unit) {
    self.count = count
    self.unit = unit
  }

  /// Digits then a unit letter (`12d`); nil for anything else. Counts past
  /// 99,999 are refused: no calendar step that long is meant.
  public init?(_ text: Substring) {
    // Read as bytes: 1 to 5 ASCII digits, then the unit's letter.
    let bytes = text.utf8
    guard let last = bytes.last, last < 0x80, let unit = Unit(rawValue: Character(Unicode.Scalar(last))) else { return nil }
    let digits = bytes.dropLast()
    guard (1...5).contains(digits.count) else { return nil }
    var count = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      count = count * 10 + Int(byte - UInt8(ascii: "0"))
    }
    self.init(count: count, unit: unit)
  }

  /// The day this step after `day`.
  public func after(_ day: Day) -> Day {
    switch unit {
    case .days: day.adding(days: count)
    case .weeks: day.adding(days: 7 * count)
    case .months: day.adding(months: count)
    case .years: day.adding(years: count)
    case .businessDays: day.adding(businessDays: count)
    }
  }
}
