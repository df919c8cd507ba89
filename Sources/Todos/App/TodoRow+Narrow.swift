import Terminal
import TodoModel

/// A row too narrow for its todo's text shortens the text, never the due
/// date: a cut `due:202…` tells nothing, and the date is what a glance at
/// the list is for. The other words give way (with `…` where they were
/// shortened) and the date ends the row.
extension TodoRow {
  /// The text to draw in `width` columns: nil when it fits as it is, or
  /// when the cut at the edge would leave its due date whole anyway.
  static func keepingDueDate(_ text: String, dueEnd: String.Index, width: Int) -> String? {
    let dueWidth = "due:YYYY-MM-DD".utf8.count
    // `write` keeps the last column for its `…`: a date ending before it is whole.
    guard DisplayWidth.of(text) > width, DisplayWidth.of(text[..<dueEnd]) > width - 1 else { return nil }
    let dueStart = text.utf8.index(dueEnd, offsetBy: -dueWidth)
    var rest = text[..<dueStart]
    while rest.last == " " { rest.removeLast() }
    let after = text[dueEnd...].drop { $0 == " " }
    let others = after.isEmpty ? String(rest) : rest + " " + after
    let head = TextFit.keepingStart(others[...], width: width - dueWidth - 1)
    return head.isEmpty ? String(text[dueStart..<dueEnd]) : head + " " + text[dueStart..<dueEnd]
  }
}
