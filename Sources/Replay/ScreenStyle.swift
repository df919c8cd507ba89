import Terminal

/// Styles as key scripts write them: attributes and one colour joined by `+`
/// (`bold+red`, `reverse`, `plain`), read from the virtual terminal's cells,
/// the same cells the renderer diffs.
public struct StyleExpectation: Equatable, Sendable, CustomStringConvertible {
  static let attributes = ["bold", "dim", "italic", "underline", "reverse"]
  static let colors: [String: Style.Color?] = [
    "red": .red, "green": .green, "yellow": .yellow, "blue": .blue, "magenta": .magenta,
    "cyan": .cyan, "white": .white, "black": .black, "default": nil,
  ]

  /// Attributes that must be set (others may be too).
  let required: Set<String>
  /// The foreground colour the cells must have, if one was named (`.some(nil)`: the default).
  let color: Style.Color??
  /// `plain`: no attribute at all and the default colour.
  let isPlain: Bool

  /// `bold+red`, `reverse`, `plain`; nil when a word is unknown or two colours are named.
  public init?(_ text: Substring) {
    if text == "plain" {
      (required, color, isPlain) = ([], .some(nil), true)
      return
    }
    var required: Set<String> = []
    var color: Style.Color??
    for word in text.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
      if Self.attributes.contains(word) {
        required.insert(word)
      } else if let named = Self.colors[word], color == nil {
        color = .some(named)
      } else {
        return nil
      }
    }
    (self.required, self.color, isPlain) = (required, color, false)
  }

  public var description: String {
    if isPlain { return "plain" }
    let colorName = color.map { named in Self.colors.first { $0.value == named }?.key ?? "default" }
    return (Self.attributes.filter(required.contains) + (colorName.map { [$0] } ?? [])).joined(separator: "+")
  }

  /// Whether a cell drawn with `style` meets this expectation.
  func isMet(by style: Style) -> Bool {
    if isPlain { return style == .plain }
    let present = Self.names(of: style)
    return required.isSubset(of: present) && (color.map { $0 == style.foreground } ?? true)
  }

  /// The attributes a style has, by their script names (yaru draws no italic).
  static func names(of style: Style) -> Set<String> {
    var names: Set<String> = []
    if style.bold { names.insert("bold") }
    if style.dim { names.insert("dim") }
    if style.underline { names.insert("underline") }
    if style.reverse { names.insert("reverse") }
    return names
  }

  /// How a script writes `style`: attributes in a fixed order, then the colour.
  public static func name(of style: Style) -> String {
    if style == .plain { return "plain" }
    let present = names(of: style)
    var words = attributes.filter(present.contains)
    if let foreground = style.foreground, let color = colors.first(where: { $0.value == foreground })?.key {
      words.append(color)
    }
    return words.isEmpty ? "plain" : words.joined(separator: "+")
  }
}

extension Frame {
  /// The cells of the first appearance of `text` on screen (by grapheme, wide
  /// ones once), or nil if no row holds it.
  func cells(showing text: String) -> [Cell]? {
    let wanted = Array(text)
    guard !wanted.isEmpty else { return nil }
    for row in 0..<size.rows {
      let shown = (0..<size.columns).map { self[$0, row] }.filter { $0.width > 0 }
      guard shown.count >= wanted.count else { continue }
      for start in 0...(shown.count - wanted.count)
      where (0..<wanted.count).allSatisfy({ shown[start + $0].grapheme == wanted[$0] }) {
        return Array(shown[start..<start + wanted.count])
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
        legend.append("\(letter)=\(StyleExpectation.name(of: style))")
      }
      marks.append(letters[style]!)
    }
    guard !legend.isEmpty else { return nil }
    while marks.last == " " { marks.removeLast() }
    return marks + "  " + legend.joined(separator: " ")
  }
}
