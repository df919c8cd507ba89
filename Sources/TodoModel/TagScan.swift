/// Tags read straight from a line's bytes, for the scans that run over the
/// whole list on a key (search, sort, hiding): no words split out, no
/// strings made. A tag is a word: it starts the line or follows a space.
enum TagScan {
  /// The first `due:` day of a text, read from the bytes.
  static func dueDate(in text: borrowing String) -> Day? {
    firstDay(of: "due:", in: text)
  }

  /// The last `pri:X` word (X in A…Z): a completed todo's kept priority,
  /// the last because completing appends it. Its letter (ASCII) and its UTF-8
  /// offsets: the one reading of the tag, for the search (`pri:A`) and for
  /// re-opening, which takes the word out again.
  static func priorityTag(in text: borrowing String) -> (letter: UInt8, word: Range<Int>)? {
    var found: (letter: UInt8, word: Range<Int>)?
    _ = wordStarts(of: "pri:", in: text) { bytes, end in
      if end < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]),
         end + 1 == bytes.count || bytes[end + 1] == UInt8(ascii: " ") {
        found = (bytes[end], (end - 4)..<(end + 1))
      }
      return false  // Read on: a later one wins.
    }
    return found
  }

  /// Whether `word` is one of the text's words, read from the bytes.
  static func hasWord(_ word: String, in text: borrowing String) -> Bool {
    wordStarts(of: word, in: text) { bytes, end in end == bytes.count || bytes[end] == UInt8(ascii: " ") }
  }

  /// The day of the first `key` + `YYYY-MM-DD` word (`due:`, `t:`), read from the bytes.
  static func firstDay(of key: String, in text: borrowing String) -> Day? {
    firstDayWord(of: key, in: text)?.day
  }

  /// The same, with the UTF-8 offset where its word ends.
  static func firstDayWord(of key: String, in text: borrowing String) -> (day: Day, end: Int)? {
    var found: (day: Day, end: Int)?
    _ = wordStarts(of: key, in: text) { bytes, end in
      guard end + 10 <= bytes.count, end + 10 == bytes.count || bytes[end + 10] == UInt8(ascii: " ") else { return false }
      found = Day(parsing: bytes, from: end).map { ($0, end + 10) }
      return found != nil
    }
    return found
  }

  /// The value of the first `key` word (`rec:`) whose value is a tag's:
  /// not empty, without a colon (`Todo.State.keyValue`'s rule), read from
  /// the bytes.
  static func firstValue(of key: String, in text: String) -> Substring? {
    var found: Range<Int>?
    _ = wordStarts(of: key, in: text) { bytes, end in
      var stop = end
      while stop < bytes.count, bytes[stop] != UInt8(ascii: " ") {
        if bytes[stop] == UInt8(ascii: ":") { return false }
        stop += 1
      }
      guard stop > end else { return false }
      found = end..<stop
      return true
    }
    guard let found else { return nil }
    let utf8 = text.utf8
    return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: found.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: found.upperBound)])
  }

  /// Calls `accept` with the text's bytes and the end of each word start
  /// that begins with `prefix`, until it returns true.
  private static func wordStarts(
    of prefix: String, in text: borrowing String, _ accept: (Span<UInt8>, Int) -> Bool
  ) -> Bool {
    let bytes = text.utf8.span
    let key = prefix.utf8.span
    guard !key.isEmpty else { return false }
    // Only where the key's first byte is (found eight bytes a step).
    var from = 0
    while let start = ByteSearch.firstIndex(of: key[0], in: bytes, from: from), start + key.count <= bytes.count {
      if start == 0 || bytes[start - 1] == UInt8(ascii: " ") {
        var matched = 1
        while matched < key.count, bytes[start + matched] == key[matched] { matched += 1 }
        if matched == key.count, accept(bytes, start + key.count) { return true }
      }
      from = start + 1
    }
    return false
  }
}

extension TagScan {
  /// Calls `body` with each word that has a colon — the bytes before its
  /// first colon (the key) and after it up to the next space (the value) —
  /// until `body` returns true. A text without a colon (most todos) costs
  /// one vector pass: the tags read at load (hiding, and with it whether a
  /// todo names a dependency) read every todo of the file.
  static func forEachKeyWord(in bytes: Span<UInt8>, _ body: (_ key: Range<Int>, _ value: Range<Int>) -> Bool) {
    let space = UInt8(ascii: " "), colon = UInt8(ascii: ":")
    guard ByteSearch.contains(colon, in: bytes) else { return }
    var index = 0, wordStart = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == space {
        wordStart = index + 1
      } else if byte == colon {
        var end = index + 1
        while end < bytes.count, bytes[end] != space { end += 1 }
        if body(wordStart..<index, (index + 1)..<end) { return }
        wordStart = end + 1
        index = end
      }
      index += 1
    }
  }

  /// Whether the bytes in `range` are `word`.
  static func bytes(_ bytes: Span<UInt8>, in range: Range<Int>, are word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { expected in
      for offset in 0..<expected.count where bytes[range.lowerBound + offset] != expected[offset] { return false }
      return true
    }
  }

  /// The `id:` value (the first) and every `p:` value of a text: their
  /// value up to the next space, not empty and without a colon (a
  /// `key:value` tag's rule). The blocked map reads each todo whose hiding
  /// walk saw one (`Hiding.namesDependencies`).
  static func dependencyTags(in text: String) -> DependencyTags {
    var id: Range<Int>?
    var parts: [Range<Int>] = []
    let bytes = text.utf8.span
    forEachKeyWord(in: bytes) { key, value in
      guard isDependencyTag(bytes, key: key, value: value) else { return false }
      if self.bytes(bytes, in: key, are: "p") {
        parts.append(value)
      } else if id == nil {
        id = value
      }
      return false
    }
    guard id != nil || !parts.isEmpty else { return DependencyTags() }
    let utf8 = text.utf8
    func substring(_ range: Range<Int>) -> Substring {
      Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
    }
    return DependencyTags(id: id.map(substring), parts: parts.map(substring))
  }

  /// A word `id:X` or `p:X` whose value X is not empty and has no colon.
  static func isDependencyTag(_ bytes: Span<UInt8>, key: Range<Int>, value: Range<Int>) -> Bool {
    guard !value.isEmpty, self.bytes(bytes, in: key, are: "p") || self.bytes(bytes, in: key, are: "id") else { return false }
    for index in value where bytes[index] == UInt8(ascii: ":") { return false }
    return true
  }
}
