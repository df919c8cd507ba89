/// Whether a todo is kept out of sight: `h:1` (always, until hidden todos
/// are shown) or a threshold `t:YYYY-MM-DD` later than today (until that
/// day). Packed into 32 bits: the `h:1` flag, the blank-text flag and the
/// threshold day's bits. A blank line (todo.sh leaves one where it deletes a
/// todo, to keep its item numbers) is a todo that never shows.
public struct Hiding: Equatable, Sendable {
  private let bits: UInt32
  private static let hiddenFlag: UInt32 = 1 << 31
  private static let blankFlag: UInt32 = 1 << 30

  public init(_ text: borrowing String) {
    var bits: UInt32 = 0
    if text.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { bits |= Hiding.blankFlag }
    if TagScan.hasWord("h:1", in: text) { bits |= Hiding.hiddenFlag }
    if let threshold = TagScan.firstDay(of: "t:", in: text) { bits |= threshold.rawBits }
    self.bits = bits
  }

  /// `h:1`: hidden whatever the day.
  public var isAlwaysHidden: Bool { bits & Hiding.hiddenFlag != 0 }

  /// The `t:` day, when the text has a real one.
  public var threshold: Day? { Day(rawBits: bits & ~(Hiding.hiddenFlag | Hiding.blankFlag)) }

  /// The text is empty or only spaces and tabs.
  public var isBlankText: Bool { bits & Hiding.blankFlag != 0 }

  /// Whether the todo is out of sight on `today`.
  public func hides(on today: Day) -> Bool {
    isAlwaysHidden || threshold.map { $0 > today } ?? false
  }
}
