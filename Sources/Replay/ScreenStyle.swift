import Terminal

/// Styles as key scripts write them: attributes and one colour joined by `+`
/// (`bold+red`, `reverse`, `plain`), read from the virtual terminal's cells,
/// the same cells the renderer diffs.
public struct StyleExpectation: Equatable, Sendable, CustomStringConvertible {
  /// The style named: its attributes must be set (others may be too) and,
  /// if `namesColor`, its colour must be the cells' colour.
  let style: Style
  let namesColor: Bool
  /// `plain`: no attribute at all and the default colour.
  let isPlain: Bool

  /// `bold+red`, `reverse`, `plain`; nil when a word is unknown or two colours are named.
  public init?(_ text: Substring) {
    guard let style = Style(words: String(text)) else { return nil }
    self.style = style
    isPlain = text == "plain"
    namesColor = isPlain || text.split(separator: "+").contains { word in Style.colorWords.contains { $0.word == word } }
  }

  /// As written, in the order `Style.words` puts words; a colour named
  /// `default` is kept (it is required, not absent).
  public var description: String {
    if isPlain { return "plain" }
    guard namesColor, style.foreground == nil else { return style.words }
    return style == .plain ? "default" : style.words + "+default"
  }

  /// Whether a cell drawn with `style` meets this expectation.
  func isMet(by drawn: Style) -> Bool {
    if isPlain { return drawn == .plain }
    return style.attributeNames.isSubset(of: drawn.attributeNames) && (!namesColor || style.foreground == drawn.foreground)
  }
}

extension Frame {
  /// The cells of the first appearance of `text` on screen (by grapheme, wide
  /// ones once), or nil if no row holds it.
  func cells(showing text: String) -> [Cell]? {
    let wanted = Array(text)
    guard !wanted.isEmpty else { return nil }
    for row in 0..<size.rows {
      let shown = (0..<size.columns).filter { self[$0, row].width > 0 }
      guard shown.count >= wanted.count else { continue }
      for start in 0...(shown.count - wanted.count)
      where (0..<wanted.count).allSatisfy({ grapheme(column: shown[start + $0], row: row) == wanted[$0] }) {
        return shown[start..<start + wanted.count].map { self[$0, row] }
      }
    }
    return nil
  }

  /// Under a row, a mark per column for each cell's style: a letter per
  /// style in order of first use (` ` for plain), then the letters' styles
  /// (`  a=reverse b=bold+red`). Nil for a row with no styled cell.
  func styleMarks(row: Int) -> String? {
    var letters: [Style: Character] = [:]
    var legend: [String] = []
    var marks = ""
    for column in 0..<size.columns {
      let style = self[column, row].style
      guard style != .plain else {
        marks.append(" ")
        continue
      }
      if letters[style] == nil {
        let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(letters.count % 26)))
        letters[style] = letter
        legend.append("\(letter)=\(style.words)")
      }
      marks.append(letters[style]!)
    }
    guard !legend.isEmpty else { return nil }
    while marks.last == " " { marks.removeLast() }
    return marks + "  " + legend.joined(separator: " ")
  }
}
