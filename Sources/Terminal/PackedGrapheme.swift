/// A grapheme as a cell holds it, in 12 bytes: its UTF-8 inline when it
/// fits 11 (every grapheme but long clusters: a family of joined emoji,
/// stacked combining marks), else the index of its text in the
/// `Cells` holding the cell. Equal words are equal bytes, so inline
/// graphemes compare exactly (not by canonical equivalence: é precomposed
/// is not e + ´, as the terminal is not sent the same).
struct PackedGrapheme: Equatable, Sendable, BitwiseCopyable {
  /// UTF-8 bytes 0-7, the first in the low byte; or a long grapheme's index.
  private var low: UInt64
  /// UTF-8 bytes 8-10, and in the top byte how many bytes (1-11) or
  /// `longTag`. (Four bytes, not eight: a cell is 16 bytes, not 24, and a
  /// row of 80 is 20 cache lines instead of 30 to copy and compare.)
  private var high: UInt32

  static let inlineCapacity = 11
  private static let longTag: UInt32 = 0xFF

  static let space = PackedGrapheme(ascii: 0x20)

  init(ascii: UInt8) {
    low = UInt64(ascii)
    high = 1 << 24
  }

  /// The byte of a one-byte (ASCII) grapheme; nil for any other.
  var asciiByte: UInt8? {
    high >> 24 == 1 ? UInt8(truncatingIfNeeded: low) : nil
  }

  /// Nil when `character` is longer than `inlineCapacity` bytes.
  init?(_ character: Character) {
    var low: UInt64 = 0
    var high: UInt32 = 0
    var count = 0
    for byte in character.utf8 {
      guard count < Self.inlineCapacity else { return nil }
      if count < 8 {
        low |= UInt64(byte) << (8 * count)
      } else {
        high |= UInt32(byte) << (8 * (count - 8))
      }
      count += 1
    }
    self.low = low
    self.high = high | UInt32(count) << 24
  }

  init(longIndex: Int) {
    low = UInt64(longIndex)
    high = Self.longTag << 24
  }

  /// Where the text is kept, for a grapheme too long to be inline.
  var longIndex: Int? { isLong ? Int(low) : nil }
  /// Whether the text is kept in a table (see `longIndex`).
  var isLong: Bool { high >> 24 == Self.longTag }

  /// Zero when `other` has the same bits and this is not a long grapheme
  /// (whose index means nothing across frames): a branch-free comparison.
  func plainDifference(from other: PackedGrapheme) -> UInt64 {
    (low ^ other.low) | UInt64(high ^ other.high) | (isLong ? 1 : 0)
  }

  /// Appends the UTF-8 of an inline grapheme.
  func appendInlineUTF8(to bytes: inout [UInt8]) {
    let count = Int(high >> 24)
    if count == 1 { return bytes.append(UInt8(truncatingIfNeeded: low)) }  // ASCII, most cells
    precondition(count <= Self.inlineCapacity, "PackedGrapheme: a long grapheme's text is in its Cells")
    for index in 0..<count {
      bytes.append(index < 8 ? UInt8(truncatingIfNeeded: low >> (8 * index)) : UInt8(truncatingIfNeeded: high >> (8 * (index - 8))))
    }
  }
}
