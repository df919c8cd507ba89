/// A line's fingerprint: the 64-bit FNV-1a hash of its bytes. Kept on disk
/// (the history keeps an older version of the file as its lines'
/// fingerprints, an iCalendar export names a todo by its line's), so its
/// values never change: a faster hash would need the kept ones rewritten.
public enum LineFingerprint {
  public static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    // Contiguous bytes (a string's, an array's) are read from their span:
    // through the sequence, it cost ~60 instructions a byte.
    if let found = bytes.withContiguousStorageIfAvailable({ of($0.span) }) { return found }
    var hash: UInt64 = offsetBasis
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
    return hash
  }

  static func of(_ bytes: Span<UInt8>) -> UInt64 {
    var hash: UInt64 = offsetBasis
    for index in bytes.indices { hash = (hash ^ UInt64(bytes[index])) &* prime }
    return hash
  }

  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01b3
}
