/// The `+project`, `@context` and `key:` names a list uses, each with how
/// many times: what Tab completes a word from, the most used first. Read
/// from the texts' bytes in one pass (no words split out; a name of up to
/// 15 bytes is a small string, so counting one allocates nothing).
public struct TagNames: Equatable, Sendable {
  /// Each name as it is written (`+work`, `@home`, `due:`) and how often the texts use it.
  public private(set) var counts: [String: Int] = [:]

  public init() {}

  public init(texts: some Sequence<String>) {
    for text in texts { count(in: text) }
  }

  /// Counts the names of one todo's text.
  public mutating func count(in text: String) {
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != Self.space { end += 1 }
        if let name = Self.name(of: bytes[start..<end]) { counts[name, default: 0] += 1 }
        start = end + 1
      }
    }
  }

  /// The names `word` can be completed to, most used first and, between
  /// names used as often, in the order of their text (so the order never
  /// depends on a dictionary's): a `+`/`@` word from the projects or the
  /// contexts, a word without a colon from the keys (`du` → `due:`).
  /// Letters are compared without their case. None for an empty word, or
  /// one with a colon (a value is not completed).
  public func candidates(completing word: Substring) -> [String] {
    guard let first = word.first, !word.contains(":") else { return [] }
    let typed = word.lowercased()
    let isTag = first == "+" || first == "@"
    let matches = counts.filter { name, _ in
      let isKey = name.last == ":"
      guard isTag ? name.first == first && !isKey : isKey, name.count >= word.count else { return false }
      return name.lowercased().hasPrefix(typed)
    }
    return matches.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
  }

  private static let space = UInt8(ascii: " ")

  /// One word's name: the word itself for `+project` and `@context`, the
  /// key with its colon for `key:value` (a URL's `https://` is no key).
  private static func name(of word: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
    guard word.count > 1, let first = word.first else { return nil }
    if first == UInt8(ascii: "+") || first == UInt8(ascii: "@") { return String(decoding: word, as: UTF8.self) }
    guard let colon = word.firstIndex(of: UInt8(ascii: ":")), colon > word.startIndex else { return nil }
    let value = word[(colon + 1)...]
    guard !value.isEmpty, !value.contains(UInt8(ascii: ":")), value.first != UInt8(ascii: "/") else { return nil }
    return String(decoding: word[...colon], as: UTF8.self)
  }
}
