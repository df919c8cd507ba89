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
  /// starts mid-record.
  public static func decode(_ text: Substring, isWhole: Bool = true) -> (records: [HistoryRecord], isDamaged: Bool) {
    var records: [HistoryRecord] = []
    var isDamaged = false
    var current: HistoryRecord?
    var seenHead = isWhole
    // Bytes, not Characters: a line's first two bytes say what it is, and
    // the history's tail is read at every start.
    let utf8 = text.utf8
    var start = utf8.startIndex
    while start < utf8.endIndex {
      let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
      defer { start = end < utf8.endIndex ? utf8.index(after: end) : end }
      let bytes = utf8[start..<end]
      let first = bytes.first ?? 0
      let isTagged = bytes.count >= 2 && bytes[utf8.index(after: start)] == UInt8(ascii: " ")
      if first == UInt8(ascii: "@"), isTagged {
        if current != nil { isDamaged = true }
        current = head(text[utf8.index(start, offsetBy: 2)..<end])
        if current == nil { isDamaged = true }
        seenHead = true
        continue
      }
      guard var record = current else {
        if seenHead, !bytes.isEmpty { isDamaged = true }
        continue
      }
      if first == UInt8(ascii: "."), bytes.count == 1 {
        records.append(record)
        current = nil
        continue
      }
      guard isTagged else {
        (current, isDamaged) = (nil, true)
        continue
      }
      let content = String(text[utf8.index(start, offsetBy: 2)..<end])
      let last = record.hunks.count - 1
      switch first {
      case UInt8(ascii: "="):
        guard let at = Int(content) else { (current, isDamaged) = (nil, true); continue }
        record.hunks.append(LineHunk(at: at, above: nil, below: nil, removed: [], added: []))
      case UInt8(ascii: "^") where last >= 0: record.hunks[last].above = content
      case UInt8(ascii: "-") where last >= 0: record.hunks[last].removed.append(content)
      case UInt8(ascii: "+") where last >= 0: record.hunks[last].added.append(content)
      case UInt8(ascii: "v") where last >= 0: record.hunks[last].below = content
      case UInt8(ascii: ">"): record.archived.append(content)
      case UInt8(ascii: ":"): record.movedTo = content
      default:
        (current, isDamaged) = (nil, true)
        continue
      }
      current = record
    }
    if current != nil { isDamaged = true }  // cut short
    return (records, isDamaged)
  }

  private static func head(_ line: Substring) -> HistoryRecord? {
    guard let tab = line.firstIndex(of: "\t") else { return nil }
    let fields = line[..<tab].split(separator: " ", maxSplits: 3)
    guard fields.count == 4, let seconds = Int64(fields[1]) else { return nil }
    let kind: HistoryRecord.Kind
    switch fields[2] {
    case "step": kind = .step
    case "outside": kind = .outside
    case let word where word.hasPrefix("undo:"): kind = .undo(of: String(word.dropFirst(5)))
    case let word where word.hasPrefix("redo:"): kind = .redo(of: String(word.dropFirst(5)))
    default: return nil
    }
    return HistoryRecord(
      id: String(fields[0]), time: Date(timeIntervalSince1970: Double(seconds)), source: String(fields[3]), kind: kind,
      summary: String(line[line.index(after: tab)...]), hunks: []
    )
  }
}
