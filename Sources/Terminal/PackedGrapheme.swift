/// A grapheme as a cell holds it, in two words: its UTF-8 inline when it
/// fits 15 bytes (every grapheme but long clusters: a family of four joined
/// emoji, stacked combining marks), else the index of its text in the
/// `Cells` holding the cell. Equal words are equal bytes, so inline
/// graphemes compare exactly (not by canonical equivalence: é precomposed
/// is not e + ´, as the terminal is not sent the same).
struct PackedGrapheme: Equatable, Sendable, BitwiseCopyable {
  /// UTF-8 bytes 0-7, the first in the low byte; or a long grapheme's index.
  private var low: UInt64
  /// UTF-8 bytes 8-14, and in the top byte how many bytes (1-15) or `longTag`.
  private var high: UInt64

  static let inlineCapacity = 15
  private static let longTag: UInt64 = 0xFF

  static let space = PackedGrapheme(ascii: 0x20)

  init(ascii: UInt8) {
    low = UInt64(ascii)
    high = 1 << 56
  }

  /// The byte of a one-byte (ASCII) grapheme; nil for any other.
  var asciiByte: UInt8? {
    high >> 56 == 1 ? UInt8(truncatingIfNeeded: low) : nil
  }

  /// Nil when `character` is longer than `inlineCapacity` bytes.
  init?(_ character: Character) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    for byte in character.utf8 {
      guard count < Self.inlineCapacity else { return nil }
      if count < 8 {
        low |= UInt64(byte) << (8 * count)
      } else {
        high |= UInt64(byte) << (8 * (count - 8))
      }
      count += 1
    }
    self.low = low
    self.high = high | UInt64(count) << 56
  }

  init(longIndex: Int) {
    low = UInt64(longIndex)
    high = Self.longTag << 56
  }

  /// Where the text is kept, for a grapheme too long to be inline.
  var longIndex: Int? { isLong ? Int(low) : nil }
  /// Whether the text is kept in a table (see `longIndex`).
  var isLong: Bool { high >> 56 == Self.longTag }

  /// Zero when `other` has the same bits and this is not a long grapheme
  /// (whose index means nothing across frames): a branch-free comparison.
  func plainDifference(from other: PackedGrapheme) -> UInt64 {
    (low ^ other.low) | (high ^ other.high) | (isLong ? 1 : 0)
  }

  /// Appends the UTF-8 of an inline grapheme.
  func appendInlineUTF8(to bytes: inout [UInt8]) {
    let count = Int(high >> 56)
    if count == 1 { return bytes.append(UInt8(truncatingIfNeeded: low)) }  // ASCII, most cells
    precondition(count <= Self.inlineCapacity, "PackedGrapheme: a long grapheme's text is in its Cells")
    for index in 0..<count {
      let word = index < 8 ? low >> (8 * index) : high >> (8 * (index - 8))
      bytes.append(UInt8(truncatingIfNeeded: word))
    }
  }
}
