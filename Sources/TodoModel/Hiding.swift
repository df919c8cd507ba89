/// Whether a todo is kept out of sight: `h:1` (always, until hidden todos
/// are shown) or a threshold `t:YYYY-MM-DD` later than today (until that
/// day). Packed into 32 bits: the `h:1` flag and the threshold day's bits.
public struct Hiding: Equatable, Sendable {
  private let bits: UInt32
  private static let hiddenFlag: UInt32 = 1 << 31

  public init(_ text: borrowing String) {
    var bits: UInt32 = 0
    if Hiding.hasWord("h:1", in: text) { bits |= Hiding.hiddenFlag }
    if let threshold = Hiding.firstDay(of: "t:", in: text) { bits |= threshold.rawBits }
    self.bits = bits
  }

  /// `h:1`: hidden whatever the day.
  public var isAlwaysHidden: Bool { bits & Hiding.hiddenFlag != 0 }

  /// The `t:` day, when the text has a real one.
  public var threshold: Day? { Day(rawBits: bits & ~Hiding.hiddenFlag) }

  /// Whether the todo is out of sight on `today`.
  public func hides(on today: Day) -> Bool {
    isAlwaysHidden || threshold.map { $0 > today } ?? false
  }

  /// The first `due:` day of a text, read from the bytes.
  public static func dueDate(in text: borrowing String) -> Day? {
    firstDay(of: "due:", in: text)
  }

  /// The letter of a `pri:X` word (a completed todo's kept priority), read
  /// from the bytes.
  static func priorityTag(in text: borrowing String) -> Character? {
    var found: Character?
    _ = wordStarts(of: "pri:", in: text) { bytes, end in
      guard end < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]),
            end + 1 == bytes.count || bytes[end + 1] == UInt8(ascii: " ")
      else { return false }
      found = Character(Unicode.Scalar(bytes[end]))
      return true
    }
    return found
  }

  /// Whether `word` is one of the text's words, read from the bytes.
  static func hasWord(_ word: String, in text: borrowing String) -> Bool {
    wordStarts(of: word, in: text) { bytes, end in end == bytes.count || bytes[end] == UInt8(ascii: " ") }
  }

  /// The day of the first `key` + `YYYY-MM-DD` word (`due:`, `t:`), read from the bytes.
  static func firstDay(of key: String, in text: borrowing String) -> Day? {
    var found: Day?
    _ = wordStarts(of: key, in: text) { bytes, end in
      guard end + 10 <= bytes.count, end + 10 == bytes.count || bytes[end + 10] == UInt8(ascii: " ") else { return false }
      var digits: [UInt8] = []
      for index in end..<(end + 10) { digits.append(bytes[index]) }
      found = Day(String(decoding: digits, as: UTF8.self)[...])
      return found != nil
    }
    return found
  }

  /// Calls `accept` with the text's bytes and the end of each word start
  /// that begins with `prefix`, until it returns true.
  private static func wordStarts(
    of prefix: String, in text: borrowing String, _ accept: (Span<UInt8>, Int) -> Bool
  ) -> Bool {
    let bytes = text.utf8.span
    let key = prefix.utf8.span
    var start = 0
    while start + key.count <= bytes.count {
      if start == 0 || bytes[start - 1] == UInt8(ascii: " ") {
        var matched = 0
        while matched < key.count, bytes[start + matched] == key[matched] { matched += 1 }
        if matched == key.count, accept(bytes, start + key.count) { return true }
      }
      start += 1
    }
    return false
  }
}
