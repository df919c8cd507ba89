import Terminal

/// A footer message made to fit a narrow screen without losing its end:
/// the end says what to do next ("— u to undo"), so it gives way last. The
/// quoted todo in it is shortened first (`Deleted "Buy b…" — u to undo`),
/// then a closing `(…)` aside goes, then the words before ` — ` are
/// shortened; only a message with none of these is cut at its end.
enum MessageFit {
  static func fit(_ message: String, width: Int) -> String {
    if DisplayWidth.of(message) <= width { return message }
    var message = message[...]
    if let quoted = shortenQuote(message, width: width) {
      if DisplayWidth.of(quoted) <= width { return quoted }
      message = quoted[...]
    }
    if message.hasSuffix(")"), let open = lastStart(of: " (", in: message) {
      message = message[..<open]
      if DisplayWidth.of(message) <= width { return String(message) }
    }
    if let dash = firstStart(of: " — ", in: message) {
      let tail = message[dash...]
      let head = TextFit.keepingStart(message[..<dash], width: width - DisplayWidth.of(tail))
      if head.count > 1 { return head + tail }
    }
    return TextFit.keepingStart(message, width: width)
  }

  /// The message with the text between its first `"` and the last one cut
  /// short, as far as it must be (down to `"…"`); nil with no quote.
  private static func shortenQuote(_ message: Substring, width: Int) -> String? {
    guard let open = message.firstIndex(of: "\""), let close = message.lastIndex(of: "\""), open < close else { return nil }
    let before = message[...open]
    let after = message[close...]
    let room = width - DisplayWidth.of(before) - DisplayWidth.of(after)
    let inner = TextFit.keepingStart(message[message.index(after: open)..<close], width: max(1, room))
    return before + inner + after
  }

  private static func firstStart(of part: String, in text: Substring) -> Substring.Index? {
    text.indices.first { text[$0...].hasPrefix(part) }
  }

  private static func lastStart(of part: String, in text: Substring) -> Substring.Index? {
    text.indices.last { text[$0...].hasPrefix(part) }
  }
}
