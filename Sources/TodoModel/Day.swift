import FoundationEssentials

/// A calendar day as todo.txt writes it (`YYYY-MM-DD`): creation, completion
/// and due dates are days, not instants, so they never shift with time zones.
///
/// Packed into 32 bits (year, month, day from the high bits down, so that
/// comparing the bits compares the days): every todo carries two of these,
/// and at 100,000 todos three `Int`s each cost 4 MB more.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  @usableFromInline let bits: UInt32

  /// The packed day, for storing it inside other packed values; in the
  /// order of the days.
  @inlinable public var rawBits: UInt32 { bits }

  init?(rawBits: UInt32) {
    guard rawBits != 0 else { return nil }
    bits = rawBits
  }

  public var year: Int { Int(bits >> 9) }
  public var month: Int { Int(bits >> 5 & 0xF) }
  public var day: Int { Int(bits & 0x1F) }

  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
          (1...Day.length(ofMonth: month, in: year)).contains(day)
    else { return nil }
    bits = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
  }

  /// Parses exactly `YYYY-MM-DD`; anything else (or an impossible date) is nil.
  public init?(_ text: Substring) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// Parses exactly `YYYY-MM-DD` from the 10 bytes at `start` of `bytes`
  /// (which must hold them): what the scans of every todo read a date with,
  /// making no string.
  init?(parsing bytes: Span<UInt8>, from start: Int) {
    guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = bytes[start + index]
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// The day `date` falls on for clocks `offset` from UTC.
  public init(_ date: Date, at offset: UTCOffset) {
    let clock = WallClock(date, at: offset)
    // A clock outside years 1…9999 gets the nearest day that can be written.
    if clock.year < 1 {
      self = Day(year: 1, month: 1, day: 1)!
    } else if clock.year > 9_999 {
      self = Day(year: 9_999, month: 12, day: 31)!
    } else {
      self.init(year: clock.year, month: clock.month, day: clock.day)!
    }
  }

  /// `YYYY-MM-DD`, made from its ten bytes: every line written carries one
  /// or two, and interpolating padded numbers cost ~2,600 instructions a day.
  public var description: String {
    // ASCII digits and dashes: always valid UTF-8.
    String(copying: try! UTF8Span(validating: utf8.span))
  }

  /// The ten bytes of `YYYY-MM-DD`, zero-padded.
  public var utf8: InlineArray<10, UInt8> {
    func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value % 10) }
    let (y, m, d) = (year, month, day)
    return [
      digit(y / 1000), digit(y / 100), digit(y / 10), digit(y), UInt8(ascii: "-"),
      digit(m / 10), digit(m), UInt8(ascii: "-"), digit(d / 10), digit(d),
    ]
  }

  public static func < (a: Day, b: Day) -> Bool { a.bits < b.bits }

  static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
