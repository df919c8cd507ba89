import FoundationEssentials

/// The history file's text: records one after another, each a head line,
/// its hunks' lines and an end line, so that appending never rewrites what
/// is there and a record cut short (a crash, a full disk) is told apart:
///
///     @ run-4f2a.3 1764000000 step this screen<TAB>completed "Pay rent"
///     = 0
///     ^ the line above
///     - Pay rent
///     + x 2026-11-24 Pay rent
///     v the line below
///     : the other list's todo file, when the lines went there (a move)
///     > a line appended to the done file (an archive) or to that file
///     .
///
/// Kinds: `step`, `undo:ID`, `redo:ID`, `outside`. A todo line never holds
/// a line break, so each line of a todo file is one line here.
public enum HistoryText {
  public static func encode(_ records: [HistoryRecord]) -> String {
    var text = ""
    for record in records {
      let kind = switch record.kind {
      case .step: "step"
      case .undo(let id): "undo:" + id
      case .redo(let id): "redo:" + id
      case .outside: "outside"
      }
      let seconds = Int64(record.time.timeIntervalSince1970.rounded(.down))
      text += "@ \(record.id) \(seconds) \(kind) \(record.source)\t\(record.summary)\n"
      for hunk in record.hunks {
        text += "= \(hunk.at)\n"
        if let above = hunk.above { text += "^ \(above)\n" }
        for line in hunk.removed { text += "- \(line)\n" }
        for line in hunk.added { text += "+ \(line)\n" }
        if let below = hunk.below { text += "v \(below)\n" }
      }
      if let movedTo = record.movedTo { text += ": \(movedTo)\n" }
      for line in record.archived { text += "> \(line)\n" }
      text += ".\n"
    }
    return text
  }

  /// The whole records in `text`, oldest first, and whether anything in it
  /// could not be read (damage: skipped, never fatal). Unless `isWhole`,
  /// text before the first head line is skipped quietly: a tail read
  /// starts mid-record. Each record's hunk lines are checked here and kept
  /// as written (`HistoryHunks.written`), made lines when asked.
  public static func decode(_ text: Substring, isWhole: Bool = true) -> (records: [HistoryRecord], isDamaged: Bool) {
    var records: [HistoryRecord] = []
    var isDamaged = false
    // The open record, as offsets until its end line: a record held here
    // was copied by every question asked of it (~3 µs a record).
    var head: Range<Int>?
    var hunkLines: Range<Int>?
    var archived: [String] = [], movedTo: String?
    var seenHead = isWhole
    let utf8 = text.utf8
    func slice(_ range: Range<Int>) -> Substring {
      text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }
    // Bytes, not Characters: a line's first two bytes say what it is, and
    // the history's tail is read at every start.
    let bytes = utf8.span
    var start = 0
    while start < bytes.count {
      let end = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start) ?? bytes.count
      defer { start = min(end + 1, bytes.count) }
      let first = end > start ? bytes[start] : 0
      let isTagged = end - start >= 2 && bytes[start + 1] == UInt8(ascii: " ")
      if first == UInt8(ascii: "@"), isTagged {
        if head != nil { isDamaged = true }
        (head, hunkLines, archived, movedTo, seenHead) = (start + 2..<end, nil, [], nil, true)
        continue
      }
      guard let open = head else {
        if seenHead, end > start { isDamaged = true }
        continue
      }
      if first == UInt8(ascii: "."), end - start == 1 {
        head = nil
        let content = hunkLines.map { HistoryHunks.written(slice($0)) } ?? .lines([])
        guard let record = Self.head(bytes, open, content: content, archived: archived, movedTo: movedTo) else {
          isDamaged = true
          continue
        }
        records.append(record)
        continue
      }
      let isHunkLine: Bool
      switch first {
      case _ where !isTagged: isHunkLine = false
      case UInt8(ascii: "="): isHunkLine = number(bytes, start + 2..<end) != nil
      case UInt8(ascii: "^"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "v"): isHunkLine = hunkLines != nil
      case UInt8(ascii: ">"):
        archived.append(string(bytes, start + 2..<end))
        continue
      case UInt8(ascii: ":"):
        movedTo = string(bytes, start + 2..<end)
        continue
      default: isHunkLine = false
      }
      guard isHunkLine else {
        (head, isDamaged) = (nil, true)
        continue
      }
      hunkLines = (hunkLines?.lowerBound ?? start)..<min(end + 1, bytes.count)
    }
    if head != nil { isDamaged = true }  // cut short
    return (records, isDamaged)
  }

  /// The hunks of a record's hunk lines as `decode` found them (so each is
  /// tagged, and `=` comes first with a number); `:` and `>` lines among
  /// them are the record's own, read by `decode`.
  static func hunks(written text: Substring) -> [LineHunk] {
    var hunks: [LineHunk] = []
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) where line.count >= 2 {
      let content = String(Substring(line.dropFirst(2)))
      let last = hunks.count - 1
      switch line.first {
      case UInt8(ascii: "="): hunks.append(LineHunk(at: Int(content) ?? 0, above: nil, below: nil, removed: [], added: []))
      case UInt8(ascii: "^") where last >= 0: hunks[last].above = content
      case UInt8(ascii: "-") where last >= 0: hunks[last].removed.append(content)
      case UInt8(ascii: "+") where last >= 0: hunks[last].added.append(content)
      case UInt8(ascii: "v") where last >= 0: hunks[last].below = content
      default: continue
      }
    }
    return hunks
  }

  /// The record of `ID SECONDS KIND SOURCE<TAB>SUMMARY`, read as bytes (a
  /// Substring made for each word cost ~100 ns), with what its other lines say.
  private static func head(
    _ bytes: Span<UInt8>, _ line: Range<Int>, content: HistoryHunks, archived: [String], movedTo: String?
  ) -> HistoryRecord? {
    guard let tab = ByteSearch.firstIndex(of: UInt8(ascii: "\t"), in: bytes, from: line.lowerBound), tab < line.upperBound
    else { return nil }
    var fields = line.lowerBound..<tab
    guard let id = word(from: &fields, of: bytes), let time = word(from: &fields, of: bytes).flatMap({ number(bytes, $0) }),
      let kindWord = word(from: &fields, of: bytes)
    else { return nil }
    // The source is the rest, spaces and all (`this screen`).
    guard let source = word(from: &fields, of: bytes).map({ $0.lowerBound..<tab }) else { return nil }
    let kind: HistoryRecord.Kind
    let kindBytes = bytes.extracting(kindWord)
    func starts(with prefix: String) -> Bool {
      kindBytes.count >= prefix.utf8.count && ByteSearch.equal(kindBytes.extracting(first: prefix.utf8.count), prefix.utf8.span)
    }
    if kindBytes.count == 4, starts(with: "step") {
      kind = .step
    } else if kindBytes.count == 7, starts(with: "outside") {
      kind = .outside
    } else if starts(with: "undo:") {
      kind = .undo(of: string(bytes, kindWord.dropFirst(5)))
    } else if starts(with: "redo:") {
      kind = .redo(of: string(bytes, kindWord.dropFirst(5)))
    } else {
      return nil
    }
    return HistoryRecord(
      id: string(bytes, id), time: Date(timeIntervalSince1970: Double(time)), source: string(bytes, source), kind: kind,
      summary: string(bytes, tab + 1..<line.upperBound), content: content, archived: archived, movedTo: movedTo
    )
  }

  /// The next word of `range` in `bytes` (after any spaces), taken from
  /// it; nil at its end.
  private static func word(from range: inout Range<Int>, of bytes: Span<UInt8>) -> Range<Int>? {
    var start = range.lowerBound
    while start < range.upperBound, bytes[start] == UInt8(ascii: " ") { start += 1 }
    guard start < range.upperBound else { return nil }
    let end = ByteSearch.firstIndex(of: UInt8(ascii: " "), in: bytes, from: start).map { min($0, range.upperBound) } ?? range.upperBound
    range = end..<range.upperBound
    return start..<end
  }

  /// The decimal number the bytes are (a `-` before it allowed); nil if they are something else.
  private static func number(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
    let isNegative = !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "-")
    let digits = isNegative ? range.dropFirst() : range
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for index in digits {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return isNegative ? -value : value
  }

  /// The bytes as a string: cut from valid text at ASCII bytes, so valid.
  private static func string(_ bytes: Span<UInt8>, _ range: Range<Int>) -> String {
    do { return String(copying: try UTF8Span(validating: bytes.extracting(range))) } catch { return "" }
  }
}
