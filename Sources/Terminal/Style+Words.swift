/// How people write a style: words joined by `+` (`bold+red`, `reverse`,
/// `plain`), the same in key scripts' `expect-style` and the config file's
/// `[colors]`.
extension Style {
  /// Attribute words, in the order a style's name lists them.
  public static let attributeWords = ["bold", "dim", "italic", "underline", "reverse"]
  /// Colour words; `default` is the terminal's own colour.
  public static let colorWords: [(word: String, color: Color?)] = [
    ("red", .red), ("green", .green), ("yellow", .yellow), ("blue", .blue), ("magenta", .magenta),
    ("cyan", .cyan), ("white", .white), ("black", .black), ("default", nil),
  ]

  /// The style `words` name; nil when a word is unknown, repeated, or a
  /// second colour. `plain` alone is no attribute and the default colour.
  public init?(words: String) {
    self.init()
    if words.utf8.elementsEqual("plain".utf8) { return }
    var seen = 0  // a bit per attribute word, and one for a colour
    for word in words.utf8.split(separator: UInt8(ascii: "+"), omittingEmptySubsequences: false) {
      if let attribute = Self.attributeWords.firstIndex(where: { $0.utf8.elementsEqual(word) }), seen & 1 << attribute == 0 {
        self[attribute: attribute] = true
        seen |= 1 << attribute
      } else if let named = Self.colorWords.first(where: { $0.word.utf8.elementsEqual(word) }), seen & 1 << 8 == 0 {
        foreground = named.color
        seen |= 1 << 8
      } else {
        return nil
      }
    }
  }

  /// The attribute words this style has.
  public var attributeNames: Set<String> {
    Set(Self.attributeWords.indices.filter { self[attribute: $0] }.map { Self.attributeWords[$0] })
  }

  /// The style as words: attributes in a fixed order, then the colour; `plain` for none.
  public var words: String {
    var words = Self.attributeWords.indices.filter { self[attribute: $0] }.map { Self.attributeWords[$0] }
    if let foreground, let color = Self.colorWords.first(where: { $0.color == foreground }) { words.append(color.word) }
    return words.isEmpty ? "plain" : words.joined(separator: "+")
  }

  private subscript(attribute index: Int) -> Bool {
    get { [bold, dim, italic, underline, reverse][index] }
    set {
      switch index {
      case 0: bold = newValue
      case 1: dim = newValue
      case 2: italic = newValue
      case 3: underline = newValue
      default: reverse = newValue
      }
    }
  }
}
