/// How many terminal columns text takes, computed the way terminals draw it:
/// the sum of each scalar's width (as glibc's wcwidth, ncurses and tmux
/// agree): East Asian wide characters and emoji 2, combining marks, joiners
/// and variation selectors 0, the rest 1. Never `Character.count`.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }  // most text
    let scalars = character.unicodeScalars
    // A flag is two regional indicators drawn as one 2-column glyph; a lone
    // indicator is a letter in a box, 1 column (as tmux and xterm draw them).
    if let first = scalars.first, regionalIndicators.contains(first.value) { return scalars.count > 1 ? 2 : 1 }
    var width = 0
    for scalar in scalars { width += of(scalar) }
    return width
  }

  private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

  public static func of(_ text: String) -> Int {
    of(text[...])
  }

  /// Concrete rather than generic, so that it is specialized (see `Frame.write`).
  public static func of(_ text: Substring) -> Int {
    let bytes = text.utf8.span
    var isPrintableASCII = true
    for index in bytes.indices where !(0x20..<0x7F).contains(bytes[index]) { isPrintableASCII = false; break }
    if isPrintableASCII { return bytes.count }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }  // ASCII fast path
    if value < 0xA0 { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul vowels and finals join the syllable
    if scalar.properties.isEmojiPresentation { return 2 }
    for range in wide where range.contains(value) { return 2 }
    return 1
  }

  /// East Asian Wide and Fullwidth blocks (Unicode 15), the 2-column ranges
  /// that are not emoji.
  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
    0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
