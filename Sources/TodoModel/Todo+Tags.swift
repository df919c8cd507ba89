/// The todo.txt tags in a todo's text, found by splitting it into words:
/// `+project`, `@context` and `key:value` (neither side empty nor holding a colon).
extension Todo.State {
  public var projects: [Substring] {
    words.filter { $0.count > 1 && $0.first == "+" }
  }

  public var contexts: [Substring] {
    words.filter { $0.count > 1 && $0.first == "@" }
  }

  public var keyValues: [(key: Substring, value: Substring)] {
    words.compactMap(Self.keyValue)
  }

  /// The `due:` date, when there is one and it is a real day.
  public var dueDate: Day? {
    TagScan.dueDate(in: text)
  }

  /// The `due:` date and where its word ends in the text (for what is shown after it).
  public var dueDateWord: (day: Day, end: String.Index)? {
    TagScan.firstDayWord(of: "due:", in: text).map { ($0.day, text.utf8.index(text.utf8.startIndex, offsetBy: $0.end)) }
  }

  /// The day of one `due:YYYY-MM-DD` word, by the rule `dueDate` reads
  /// from the bytes: for a row that picks out every due word it shows.
  public static func dueDate(ofWord word: Substring) -> Day? {
    guard word.utf8.starts(with: "due:".utf8) else { return nil }
    return Day(word[word.utf8.index(word.startIndex, offsetBy: 4)...])
  }

  /// Whether one word is a `due:` or `t:` tag whose value is no date (a
  /// typo, an impossible day, a shortcut another tool wrote): the todo
  /// has no date by it, so the row marks it (and never changes it).
  public static func isNonDateTag(_ word: Substring) -> Bool {
    guard let first = word.utf8.first, first == UInt8(ascii: "d") || first == UInt8(ascii: "t"),
          let (key, value) = keyValue(word), DateShortcut.dateKeys.contains(key)
    else { return false }
    return Day(value) == nil
  }

  var words: [Substring] {
    text.split(separator: " ", omittingEmptySubsequences: true)
  }

  /// A `key:value` word's two parts. Read as bytes (a colon is ASCII, so
  /// where it is found is a place to cut the text): reading it as
  /// characters cost a grapheme break test per letter.
  public static func keyValue(_ word: Substring) -> (key: Substring, value: Substring)? {
    let colonByte = UInt8(ascii: ":")
    guard let colon = word.utf8.firstIndex(of: colonByte) else { return nil }
    let key = word[..<colon]
    let value = word[word.utf8.index(after: colon)...]
    guard !key.isEmpty, !value.isEmpty, !value.utf8.contains(colonByte) else { return nil }
    return (key, value)
  }
}

extension String {
  /// The text with some `key:value` words rewritten: `rewrite` gives a
  /// word's new text, or nil to keep it. Split at single spaces and joined
  /// again, so every other byte stays as it was; nil when nothing changed.
  /// The one way tags are rewritten (date shortcuts, a recurring todo's dates).
  func rewritingTags(_ rewrite: (_ key: Substring, _ value: Substring) -> String?) -> String? {
    var changed = false
    // Split as bytes at the ASCII space: the same words, without a grapheme
    // break test per letter.
    let words = utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { bytes -> Substring in
      let word = Substring(bytes)
      guard let (key, value) = Todo.State.keyValue(word), let rewritten = rewrite(key, value) else { return word }
      changed = true
      return rewritten[...]
    }
    return changed ? words.joined(separator: " ") : nil
  }
}
