/// Byte counts over a span written so that the compiler makes vector code
/// of them (32 bytes a step): no early exit, no branch, a `while` over the
/// span's count (a `for` over its indices kept a bounds check a byte) and a
/// one-byte counter per block of 255 bytes (a wider one holds fewer bytes a
/// vector). A walk that stops at the byte costs ~13 instructions a byte. For
/// questions asked of every line of a file, where the answer is mostly no.
public enum ByteSearch {
  /// How many of the bytes are `byte`.
  @inlinable
  public static func count(of byte: UInt8, in bytes: Span<UInt8>) -> Int {
    var total = 0, start = 0
    while start < bytes.count {
      let end = min(start &+ 255, bytes.count)
      var count: UInt8 = 0
      var index = start
      while index < end {
        count &+= bytes[index] == byte ? 1 : 0
        index &+= 1
      }
      total &+= Int(count)
      start = end
    }
    return total
  }

  /// Whether any of the bytes is `byte`.
  @inlinable
  public static func contains(_ byte: UInt8, in bytes: Span<UInt8>) -> Bool {
    count(of: byte, in: bytes) > 0
  }

  /// Where `byte` is first at or after `start`; nil if nowhere. Eight
  /// bytes a step: a word with the byte xor-ed away has a zero byte there,
  /// found without a branch a byte (a walk to each line's end of a loaded
  /// file cost ~5 instructions a byte).
  public static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from start: Int) -> Int? {
    firstIndex(of: byte, in: bytes, from: start, ignoring: 0)
  }

  /// Where a byte that may be `byte` whatever its case is first at or
  /// after `start`: the case bit (0x20) is not compared, so an ASCII
  /// letter is found in both cases, and a few other bytes with it (`@`
  /// for a backquote): the caller compares what it finds. How the search
  /// skips to where a word may start.
  public static func firstIndex(caseless byte: UInt8, in bytes: Span<UInt8>, from start: Int) -> Int? {
    firstIndex(of: byte, in: bytes, from: start, ignoring: 0x20)
  }

  /// The two above: the bits of `ignored` are set in every byte compared.
  @inline(__always)
  private static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from start: Int, ignoring ignored: UInt8) -> Int? {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    let pattern = ones &* UInt64(byte | ignored), mask = ones &* UInt64(ignored)
    let raw = bytes.bytes
    var index = max(start, 0)
    while index &+ 8 <= bytes.count {
      // A load of plain bytes as an integer (any bit pattern is one), the
      // first byte lowest.
      let word = (UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self)) | mask) ^ pattern
      // The high bit of each zero byte (and, past the first, of some that
      // follow it: the lowest one set is exact).
      let zeros = (word &- ones) & ~word & highs
      if zeros != 0 { return index &+ zeros.trailingZeroBitCount >> 3 }
      index &+= 8
    }
    while index < bytes.count {
      if bytes[index] | ignored == byte | ignored { return index }
      index &+= 1
    }
    return nil
  }

  /// Whether the two are the same bytes, compared 8 at a time: two strings'
  /// UTF-8 views walked together cost ~7 ns a byte (2.3 ms for the 300 KB
  /// of 10,000 todos, at every start and quit).
  public static func equal(_ first: Span<UInt8>, _ second: Span<UInt8>) -> Bool {
    guard first.count == second.count else { return false }
    let left = first.bytes, right = second.bytes
    var index = 0
    while index &+ 8 <= first.count {
      // Plain bytes loaded as integers: any bit pattern is one.
      guard left.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self)
        == right.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
      index &+= 8
    }
    while index < first.count {
      guard first[index] == second[index] else { return false }
      index &+= 1
    }
    return true
  }
}
