/// The `+project`, `@context` and `key:` names a list uses, each with how
/// many times: what Tab completes a word from, the most used first. Read
/// from the texts' bytes, no words split out: counting 100,000 todos is a
/// pass over their bytes that hashes each name's bytes packed in two
/// integers, and makes a string only once for each name (a string for
/// every word took 40 ms).
public struct TagNames: Equatable, Sendable {
  /// Names of up to 15 bytes (nearly all), by their bytes.
  private var short: [ShortName: Int] = [:]
  private var long: [String: Int] = [:]

  public init() {}

  public init(texts: [String]) {
    for text in texts { count(in: text) }
  }

  /// Each name as it is written (`+work`, `@home`, `due:`) and how often the texts use it.
  public var counts: [String: Int] {
    var counts = long
    for (name, count) in short { counts[name.string, default: 0] += count }
    return counts
  }

  /// Counts the names of one todo's text (a loop over a list calls it, in
  /// its own module: a generic sequence here would not be specialized there).
  public mutating func count(in text: String) {
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != Self.space { end += 1 }
        if let name = Self.name(in: bytes, from: start, to: end) {
          if name.count <= ShortName.capacity {
            short[ShortName(bytes[name]), default: 0] += 1
          } else {
            long[String(decoding: bytes[name], as: UTF8.self), default: 0] += 1
          }
        }
        start = end + 1
      }
    }
  }

  /// The names `word` can be completed to, most used first and, between
  /// names used as often, in the order of their text (so the order never
  /// depends on a dictionary's): a `+`/`@` word from the projects or the
  /// contexts, a word without a colon from the keys (`du` → `due:`).
  /// Letters are compared without their case, and a word by its scalars,
  /// so that `+👩` begins `+👩‍💻work` (one grapheme there, joined by a
  /// zero-width joiner). None for an empty word, or one with a colon (a
  /// value is not completed).
  public func candidates(completing word: Substring) -> [String] {
    guard let first = word.first, !word.contains(":") else { return [] }
    let typed = word.lowercased()
    let isTag = first == "+" || first == "@"
    let matches = counts.filter { name, _ in
      let isKey = name.last == ":"
      guard isTag ? name.first == first && !isKey : isKey else { return false }
      return name.lowercased().unicodeScalars.starts(with: typed.unicodeScalars)
    }
    return matches.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
  }

  private static let space = UInt8(ascii: " ")
  private static let colon = UInt8(ascii: ":")

  /// The name in the word `start..<end`: the word itself for `+project`
  /// and `@context`, the key with its colon for `key:value` (neither side
  /// empty, one colon; a URL's `https://` is no key).
  private static func name(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
    guard end - start > 1 else { return nil }
    let first = bytes[start]
    if first == UInt8(ascii: "+") || first == UInt8(ascii: "@") { return start..<end }
    var colon = start + 1
    while colon < end, bytes[colon] != Self.colon { colon += 1 }
    guard colon + 1 < end, bytes[colon + 1] != UInt8(ascii: "/") else { return nil }
    var index = colon + 1
    while index < end {
      if bytes[index] == Self.colon { return nil }
      index += 1
    }
    return start..<(colon + 1)
  }

  /// Up to 15 bytes and how many, in two integers: hashed and compared as such.
  private struct ShortName: Hashable, Sendable {
    static let capacity = 15
    var low: UInt64 = 0
    var high: UInt64 = 0

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
      var offset = 0
      for byte in bytes {
        if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        offset += 1
      }
      high |= UInt64(offset) << 56
    }

    var string: String {
      let count = Int(high >> 56)
      var bytes: [UInt8] = []
      for offset in 0..<count {
        bytes.append(UInt8(truncatingIfNeeded: offset < 8 ? low >> (8 * offset) : high >> (8 * (offset - 8))))
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
