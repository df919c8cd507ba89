import FoundationEssentials

/// One word of a search, matched anywhere in a todo's line, whatever the
/// case. A search runs over the whole list on each key, so an ASCII word
/// (nearly all of them) is matched on the bytes, case-folded, without
/// allocating; any other compares the lower-cased line and word (Unicode's
/// mapping).
public struct CaseInsensitiveText: Sendable {
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

  /// Whether `line` has this text as a whole word (between spaces or the
  /// line's ends): how a `key:value` tag is looked for.
  public func isWord(in line: borrowing String) -> Bool {
    guard let folded, !folded.isEmpty else {
      return line.lowercased().split(separator: " ").contains { $0 == text.lowercased() }
    }
    let bytes = line.utf8.span
    var start = 0
    while start <= bytes.count - folded.count {
      let isStart = start == 0 || bytes[start - 1] == UInt8(ascii: " ")
      let end = start + folded.count
      if isStart, end == bytes.count || bytes[end] == UInt8(ascii: " ") {
        var matched = 0
        while matched < folded.count, Self.lowercase(bytes[start + matched]) == folded[matched] { matched += 1 }
        if matched == folded.count { return true }
      }
      start += 1
    }
    return false
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
