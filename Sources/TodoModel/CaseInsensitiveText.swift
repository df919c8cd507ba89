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

  /// The word's runs of bytes, which a line it is in has too (`ByteGrams`);
  /// none for a word not all ASCII, matched another way.
  public var byteGrams: ByteGrams {
    folded.map { ByteGrams(folded: $0.span) } ?? ByteGrams()
  }

  /// Whether both are ASCII and this one begins with `other`, whatever
  /// the case: a line that contains this one contains `other`.
  public func begins(with other: CaseInsensitiveText) -> Bool {
    guard let folded, let shorter = other.folded else { return false }
    return folded.starts(with: shorter)
  }

  /// Whether the line as it shows — `(A) ` and the text — contains the query.
  public func matches(_ todo: borrowing Todo.State) -> Bool { matches(line: todo.text, priorityLetter: todo.priorityLetter) }

  public func matches(text line: borrowing String, priority: Character?) -> Bool {
    matches(line: line, priorityLetter: priority?.asciiValue ?? 0)
  }

  /// `priorityLetter`: the priority's ASCII byte, 0 for none (as a todo
  /// keeps it). Inlined into the search's loop, so that the words and
  /// the line reach the byte search as spans, read in place: a call with
  /// the word itself retained and released its two buffers a todo.
  @inline(__always)
  func matches(line: borrowing String, priorityLetter letter: UInt8) -> Bool {
    guard let folded, !folded.isEmpty else {
      let shown = letter == 0 ? copy line : "(\(Character(Unicode.Scalar(letter)))) " + line
      return text.isEmpty || shown.lowercased().contains(text.lowercased())
    }
    return Self.matches(folded.span, in: line.utf8.span, priorityLetter: letter)
  }

  private static func matches(_ query: Span<UInt8>, in line: Span<UInt8>, priorityLetter letter: UInt8) -> Bool {
    // A match that begins in the `(A) ` prefix: try the four starts there.
    if letter != 0 {
      for start in 0..<4 where matchesAcross(prefix: letter, from: start, then: line, query) { return true }
    }
    return forEachStart(of: query, in: line) { _ in true }
  }

  /// Whether the query matches from byte `start` of the prefix `(A) ` on
  /// into the line.
  private static func matchesAcross(prefix letter: UInt8, from start: Int, then tail: Span<UInt8>, _ query: Span<UInt8>) -> Bool {
    var index = 0
    for place in start..<4 {
      guard index < query.count else { return true }
      let byte = switch place {
      case 0: UInt8(ascii: "(")
      case 1: letter
      case 2: UInt8(ascii: ")")
      default: UInt8(ascii: " ")
      }
      guard lowercase(byte) == query[index] else { return false }
      index += 1
    }
    let rest = query.count - index
    guard tail.count >= rest else { return false }
    for offset in 0..<rest where lowercase(tail[offset]) != query[index + offset] { return false }
    return true
  }

  /// Whether `line` has this text as a whole word (between spaces or the
  /// line's ends): how a `key:value` tag is looked for.
  @inline(__always)
  public func isWord(in line: borrowing String) -> Bool {
    guard let folded, !folded.isEmpty else {
      return line.lowercased().split(separator: " ").contains { $0 == text.lowercased() }
    }
    return Self.isWord(folded.span, in: line.utf8.span)
  }

  private static func isWord(_ word: Span<UInt8>, in bytes: Span<UInt8>) -> Bool {
    forEachStart(of: word, in: bytes) { start in
      let end = start + word.count
      return (start == 0 || bytes[start - 1] == UInt8(ascii: " ")) && (end == bytes.count || bytes[end] == UInt8(ascii: " "))
    }
  }

  /// Calls `accept` with each place where `needle` (folded) is in
  /// `haystack` whatever the case, until it returns true. Skips to the
  /// places where the first byte may be, eight bytes a step: most lines
  /// have no match, and a byte-by-byte walk read each of their bytes.
  private static func forEachStart(of needle: Span<UInt8>, in haystack: Span<UInt8>, _ accept: (Int) -> Bool) -> Bool {
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

  /// A–Z made a–z, every other byte as it is: how a search folds case.
  static func lowercase(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}
