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
  public func matches(_ todo: borrowing Todo.State) -> Bool { matches(line: todo.text, priorityLetter: todo.priorityLetter) }

  public func matches(text line: borrowing String, priority: Character?) -> Bool {
    matches(line: line, priorityLetter: priority?.asciiValue ?? 0)
  }

  /// `priorityLetter`: the priority's ASCII byte, 0 for none (as a todo
  /// keeps it).
  func matches(line: borrowing String, priorityLetter letter: UInt8) -> Bool {
    guard let folded, !folded.isEmpty else {
      let shown = letter == 0 ? copy line : "(\(Character(Unicode.Scalar(letter)))) " + line
      return text.isEmpty || shown.lowercased().contains(text.lowercased())
    }
    // A match that begins in the `(A) ` prefix: try the four starts there.
    if letter != 0, (0..<4).contains(where: { matchesAcross(prefix: letter, from: $0, then: line, folded) }) { return true }
    // The line's own bytes, read in place: no copy, no retain.
    return Self.contains(line.utf8.span, folded)
  }

  /// Whether the query matches from byte `start` of the prefix `(A) ` on
  /// into the line.
  private func matchesAcross(prefix letter: UInt8, from start: Int, then tail: borrowing String, _ query: [UInt8]) -> Bool {
    var index = 0
    for place in start..<4 {
      guard index < query.count else { return true }
      let byte = switch place {
      case 0: UInt8(ascii: "(")
      case 1: letter
      case 2: UInt8(ascii: ")")
      default: UInt8(ascii: " ")
      }
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
    return Self.forEachStart(of: folded, in: bytes) { start in
      let end = start + folded.count
      return (start == 0 || bytes[start - 1] == UInt8(ascii: " ")) && (end == bytes.count || bytes[end] == UInt8(ascii: " "))
    }
  }

  private static func contains(_ haystack: Span<UInt8>, _ needle: [UInt8]) -> Bool {
    forEachStart(of: needle, in: haystack) { _ in true }
  }

  /// Calls `accept` with each place where `needle` (folded) is in
  /// `haystack` whatever the case, until it returns true. Skips to the
  /// places where the first byte may be, eight bytes a step: most lines
  /// have no match, and a byte-by-byte walk read each of their bytes.
  private static func forEachStart(of needle: [UInt8], in haystack: Span<UInt8>, _ accept: (Int) -> Bool) -> Bool {
    guard haystack.count >= needle.count else { return false }
    let last = haystack.count - needle.count
    var from = 0
    while let start = ByteSearch.firstIndex(caseless: needle[0], in: haystack, from: from), start <= last {
      var matched = 0
      while matched < needle.count, lowercase(haystack[start + matched]) == needle[matched] { matched += 1 }
      if matched == needle.count, accept(start) { return true }
      from = start + 1
    }
    return false
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}
