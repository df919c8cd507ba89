import FoundationEssentials

/// The live search, prepared once and then tried on every todo of a scan.
/// A search runs over the whole list on each key, so an ASCII query (nearly
/// all of them) is matched on the bytes, case-folded, without allocating;
/// any other compares the lower-cased line and query (Unicode's mapping).
public struct SearchQuery {
  public let text: String
  /// The query in lower-case ASCII bytes; nil when it is not all ASCII.
  private let folded: [UInt8]?

  public init(_ text: String) {
    self.text = text
    folded = text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.map(Self.lowercase) : nil
  }

  /// Whether the line as it shows — `(A) ` and the text — contains the query.
  public func matches(_ todo: Todo.State) -> Bool { matches(text: todo.text, priority: todo.priority) }

  public func matches(text line: borrowing String, priority: Character?) -> Bool {
    guard let folded, !folded.isEmpty else {
      let shown = priority.map { "(\($0)) " + line } ?? copy line
      return text.isEmpty || shown.lowercased().contains(text.lowercased())
    }
    if let priority, let letter = priority.asciiValue {
      let prefix = [UInt8(ascii: "("), letter, UInt8(ascii: ")"), UInt8(ascii: " ")]
      // A match that begins in the `(A) ` prefix: try the four starts there.
      for start in 0..<4 where matchesAcross(prefix[start...], then: line, folded) { return true }
    }
    // The line's own bytes, read in place: no copy, no retain.
    return Self.contains(line.utf8.span, folded)
  }

  private func matchesAcross(_ head: ArraySlice<UInt8>, then tail: borrowing String, _ query: [UInt8]) -> Bool {
    var index = 0
    for byte in head {
      guard index < query.count else { return true }
      guard Self.lowercase(byte) == query[index] else { return false }
      index += 1
    }
    guard index < query.count else { return true }
    let rest = query[index...]
    return tail.utf8.count >= rest.count && zip(tail.utf8, rest).allSatisfy { Self.lowercase($0) == $1 }
  }

  private static func contains(_ haystack: Span<UInt8>, _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    let first = needle[0]
    var start = 0
    while start <= haystack.count - needle.count {
      if lowercase(haystack[start]) == first {
        var matched = 1
        while matched < needle.count, lowercase(haystack[start + matched]) == needle[matched] { matched += 1 }
        if matched == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}
