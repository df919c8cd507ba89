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
        guard var record = Self.head(slice(open)) else {
          isDamaged = true
          continue
        }
        if let hunkLines { record.content = .written(slice(hunkLines)) }
        (record.archived, record.movedTo) = (archived, movedTo)
        records.append(record)
        continue
      }
      let isHunkLine: Bool
      switch first {
      case _ where !isTagged: isHunkLine = false
      case UInt8(ascii: "="): isHunkLine = Int(slice(start + 2..<end)) != nil
      case UInt8(ascii: "^"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "v"): isHunkLine = hunkLines != nil
      case UInt8(ascii: ">"):
        archived.append(String(slice(start + 2..<end)))
        continue
      case UInt8(ascii: ":"):
        movedTo = String(slice(start + 2..<end))
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

  /// `ID SECONDS KIND SOURCE<TAB>SUMMARY`, read as bytes.
  private static func head(_ line: Substring) -> HistoryRecord? {
    let utf8 = line.utf8
    func slice(_ range: Range<Int>) -> Substring {
      line[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }
    let bytes = utf8.span
    guard let tab = ByteSearch.firstIndex(of: UInt8(ascii: "\t"), in: bytes, from: 0) else { return nil }
    var fields = 0..<tab
    guard let id = word(from: &fields, of: bytes), let time = word(from: &fields, of: bytes).flatMap({ Int64(slice($0)) }),
      let kindWord = word(from: &fields, of: bytes)
    else { return nil }
    // The source is the rest, spaces and all (`this screen`).
    guard let source = word(from: &fields, of: bytes).map({ $0.lowerBound..<tab }) else { return nil }
    let kind: HistoryRecord.Kind
    switch slice(kindWord) {
    case "step": kind = .step
    case "outside": kind = .outside
    case let word where word.utf8.starts(with: "undo:".utf8): kind = .undo(of: String(slice(kindWord.dropFirst(5))))
    case let word where word.utf8.starts(with: "redo:".utf8): kind = .redo(of: String(slice(kindWord.dropFirst(5))))
    default: return nil
    }
    return HistoryRecord(
      id: String(slice(id)), time: Date(timeIntervalSince1970: Double(time)), source: String(slice(source)), kind: kind,
      summary: String(slice(tab + 1..<bytes.count)), content: .lines([])
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
}
