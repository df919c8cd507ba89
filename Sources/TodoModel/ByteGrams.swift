/// Which runs of two and of three neighbouring ASCII bytes a text has, case
/// folded, as 128 bits (each run hashed to one). A search word is in a line
/// only if all of the word's runs are: a line whose bits lack one of the
/// word's is passed over without reading it. At 100,000 todos a word few
/// of them have read every line at each key (~13 ms); the bits of them all
/// are 1.6 MB, read in order.
///
/// Runs of three as well as two: a number's pairs are in most numbers
/// (`4242`'s `42` and `24` are in ~8% of a list numbered to 100,000; its
/// `424` and `242` in ~1%). Runs with a byte above ASCII are left out: the
/// search matches an ASCII word byte by byte (`CaseInsensitiveText`), and a
/// word with other letters needs none of its runs found this way.
public struct ByteGrams: Equatable, Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  /// No run: covered by every line.
  public init() {}

  /// The todo's line as the search reads it: `(A) ` and the text.
  public init(_ todo: borrowing Todo.State) {
    self.init(line: todo.text, priorityLetter: todo.priorityLetter)
  }

  init(line: borrowing String, priorityLetter letter: UInt8) {
    // The two bytes before, as one key; a byte above ASCII ends a run.
    var before: UInt32 = Self.noRun
    if letter != 0 {
      for byte in [UInt8(ascii: "("), letter, UInt8(ascii: ")"), UInt8(ascii: " ")] { add(Self.lowercase(byte), after: &before) }
    }
    let bytes = line.utf8.span
    var index = 0
    while index < bytes.count {
      add(Self.lowercase(bytes[index]), after: &before)
      index &+= 1
    }
  }

  /// The runs of a word whose bytes are lower-case ASCII already.
  public init(folded word: Span<UInt8>) {
    var before: UInt32 = Self.noRun
    for index in word.indices { add(word[index], after: &before) }
  }

  public var isEmpty: Bool { low == 0 && high == 0 }

  /// Whether every run of `needed` is here too.
  @inline(__always)
  public func covers(_ needed: ByteGrams) -> Bool {
    low & needed.low == needed.low && high & needed.high == needed.high
  }

  /// Both sets of runs.
  public func union(_ other: ByteGrams) -> ByteGrams {
    var both = self
    both.low |= other.low
    both.high |= other.high
    return both
  }

  /// `before`: the last two bytes, 7 bits each (the high bit of each set
  /// when there is none, or it is above ASCII).
  private static let noRun: UInt32 = 0x8080

  @inline(__always)
  private mutating func add(_ byte: UInt8, after before: inout UInt32) {
    let byte = UInt32(byte < 0x80 ? byte : 0x80)
    let last = before & 0xFF
    if (last | byte) < 0x80 { set(last << 7 | byte) }
    if (before | byte) & 0x8080 == 0 { set(1 << 21 | (before >> 8) << 14 | last << 7 | byte) }
    before = last << 8 | byte
  }

  /// The bit of the top 7 bits of a multiplicative hash of the run's
  /// key. Without a branch: which half it is in is a coin toss, and a
  /// branch on it cost ~10 ns a byte in mispredictions.
  @inline(__always)
  private mutating func set(_ key: UInt32) {
    let bit = (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 57
    let mask: UInt64 = 1 << (bit & 63), isHigh = bit >> 6
    low |= mask & (isHigh &- 1)
    high |= mask & (0 &- isHigh)
  }

  @inline(__always)
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}
