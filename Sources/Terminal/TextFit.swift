/// Text made to fit a number of columns by leaving out its end, marked with
/// `…`, as `Frame.write` does at the edge: for a part of a row that must
/// give way so that the words after it show whole (a due date, "u to undo").
public enum TextFit {
  /// `text` whole if it fits `width` columns; else its start and `…`, in
  /// `width` columns at most (a wide grapheme that would straddle is left
  /// out, and spaces before the `…`: `tax…`, not `tax …`). Empty when
  /// `width` has no room even for the `…`.
  public static func keepingStart(_ text: Substring, width: Int) -> String {
    if DisplayWidth.of(text) <= width { return String(text) }
    guard width >= 1 else { return "" }
    var kept = ""
    var used = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      guard used + columns <= width - 1 else { break }
      kept.append(character)
      used += columns
    }
    while kept.last == " " { kept.removeLast() }
    return kept + "…"
  }
}
