/// Tags read straight from a line's bytes, for the scans that run over the
/// whole list on a key (search, sort, hiding): no words split out, no
/// strings made. A tag is a word: it starts the line or follows a space.
enum TagScan {
  /// The first `due:` day of a text, read from the bytes.
  static func dueDate(in text: borrowing String) -> Day? {
    firstDay(of: "due:", in: text)
  }

  /// The last `pri:X` word (X in A…Z): a completed todo's kept priority,
  /// the last because completing appends it. Its letter and its UTF-8
  /// offsets: the one reading of the tag, for the search (`pri:A`) and for
  /// re-opening, which takes the word out again.
  static func priorityTag(in text: borrowing String) -> (letter: Character, word: Range<Int>)? {
    var found: (letter: Character, word: Range<Int>)?
    _ = wordStarts(of: "pri:", in: text) { bytes, end in
      if end < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]),
         end + 1 == bytes.count || bytes[end + 1] == UInt8(ascii: " ") {
        found = (Character(Unicode.Scalar(bytes[end])), (end - 4)..<(end + 1))
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
      var digits: [UInt8] = []
      for index in end..<(end + 10) { digits.append(bytes[index]) }
      found = Day(String(decoding: digits, as: UTF8.self)[...]).map { ($0, end + 10) }
      return found != nil
    }
    return found
  }

  /// Calls `accept` with the text's bytes and the end of each word start
  /// that begins with `prefix`, until it returns true.
  private static func wordStarts(
    of prefix: String, in text: borrowing String, _ accept: (Span<UInt8>, Int) -> Bool
  ) -> Bool {
    let bytes = text.utf8.span
    let key = prefix.utf8.span
    var start = 0
    while start + key.count <= bytes.count {
      if start == 0 || bytes[start - 1] == UInt8(ascii: " ") {
        var matched = 0
        while matched < key.count, bytes[start + matched] == key[matched] { matched += 1 }
        if matched == key.count, accept(bytes, start + key.count) { return true }
      }
      start += 1
    }
    return false
  }
}

extension TagScan {
  /// The values of every `key` word (`p:` gives each parent's id), read
  /// from the bytes: a text without the key costs one pass and no string.
  static func values(of key: String, in text: borrowing String) -> [Substring] {
    var found: [Substring] = []
    var ends: [Int] = []
    _ = wordStarts(of: key, in: text) { _, end in
      ends.append(end)
      return false
    }
    guard !ends.isEmpty else { return found }
    let utf8 = text.utf8
    for end in ends {
      let start = utf8.index(utf8.startIndex, offsetBy: end)
      let stop = utf8[start...].firstIndex(of: UInt8(ascii: " ")) ?? utf8.endIndex
      if start < stop { found.append(Substring(utf8[start..<stop])) }
    }
    return found
  }
}
