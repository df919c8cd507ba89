/// Whether a todo is kept out of sight: `h:1` (always, until hidden todos
/// are shown) or a threshold `t:YYYY-MM-DD` later than today (until that
/// day). Packed into 32 bits: the `h:1` flag, the blank-text flag and the
/// threshold day's bits. A blank line (todo.sh leaves one where it deletes a
/// todo, to keep its item numbers) is a todo that never shows.
///
/// The same walk over the tags also notes whether the text names a
/// dependency (`id:` or `p:`): the map of who waits for whom then reads only
/// those texts, where it read every todo's at load (~530 instructions a todo).
public struct Hiding: Equatable, Sendable {
  // Read inline by the walks over the list (`@inlinable` below): called
  // across modules, each todo a walk passed was copied to call them.
  @usableFromInline let bits: UInt32
  @usableFromInline static let hiddenFlag: UInt32 = 1 << 31
  @usableFromInline static let blankFlag: UInt32 = 1 << 30
  // Below the flags, above a day's 23 bits.
  @usableFromInline static let dependencyFlag: UInt32 = 1 << 29

  public init(_ text: borrowing String) {
    var bits: UInt32 = 0
    let bytes = text.utf8.span
    var isBlank = true
    for index in bytes.indices where bytes[index] != UInt8(ascii: " ") && bytes[index] != UInt8(ascii: "\t") {
      isBlank = false
      break
    }
    if isBlank { bits |= Hiding.blankFlag }
    // One walk over the tags (every todo is read at load): `h:1`, the
    // first `t:` whose value is a day, and any `id:` or `p:`.
    var threshold: Day?
    TagScan.forEachKeyWord(in: bytes) { key, value in
      if TagScan.bytes(bytes, in: key, are: "h") {
        if TagScan.bytes(bytes, in: value, are: "1") { bits |= Hiding.hiddenFlag }
      } else if TagScan.bytes(bytes, in: key, are: "t") {
        if threshold == nil, value.count == 10 { threshold = Day(parsing: bytes, from: value.lowerBound) }
      } else if TagScan.isDependencyTag(bytes, key: key, value: value) {
        bits |= Hiding.dependencyFlag
      }
      return false
    }
    if let threshold { bits |= threshold.rawBits }
    self.bits = bits
  }

  /// `h:1`: hidden whatever the day.
  @inlinable public var isAlwaysHidden: Bool { bits & Hiding.hiddenFlag != 0 }

  /// The `t:` day, when the text has a real one.
  public var threshold: Day? { Day(rawBits: thresholdBits) }
  /// The `t:` day's bits; 0 for none.
  @inlinable var thresholdBits: UInt32 { bits & ~(Hiding.hiddenFlag | Hiding.blankFlag | Hiding.dependencyFlag) }

  /// The text has an `id:` or a `p:` tag (`TagScan.dependencyTags` finds one).
  @inlinable public var namesDependencies: Bool { bits & Hiding.dependencyFlag != 0 }

  /// The text is empty or only spaces and tabs.
  @inlinable public var isBlankText: Bool { bits & Hiding.blankFlag != 0 }

  /// Whether the todo is out of sight on `today`.
  @inlinable public func hides(on today: Day) -> Bool {
    // A day's bits are in the order of the days; none (0) is before all.
    isAlwaysHidden || thresholdBits > today.rawBits
  }
}
