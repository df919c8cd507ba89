/// How many terminal columns text takes, computed the way terminals draw it
/// (checked against tmux and xterm; Tests/TerminalTests/Fixtures/graphemes.tsv
/// is the table): a grapheme takes the sum of its scalars' widths, as
/// glibc's wcwidth and ncurses count them — East Asian wide and fullwidth
/// characters 2 (scripts/east-asian-width.py makes the table from Unicode's
/// data), combining marks, joiners and variation selectors 0, the rest 1 —
/// with two exceptions where terminals join scalars into one glyph:
/// a flag (two regional indicators) is 2, and a zero-width joiner ends the
/// grapheme's width (`drawn` draws only what comes before it).
/// Never `Character.count`.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }  // most text
    let scalars = character.unicodeScalars
    // A flag is two regional indicators drawn as one 2-column glyph; a lone
    // indicator is a letter in a box, 1 column (as tmux and xterm draw them).
    if let first = scalars.first, regionalIndicators.contains(first.value) { return scalars.count > 1 ? 2 : 1 }
    var width = 0
    for scalar in scalars {
      if scalar == zeroWidthJoiner { break }
      width += of(scalar)
    }
    return width
  }

  /// The scalars of `character` to send to a terminal: all of them, except
  /// that a ZWJ sequence (👨‍👩‍👧) is cut before its first joiner. Terminals
  /// disagree on those (tmux joins them into the first glyph's columns,
  /// xterm draws each emoji, ncurses counts each), so only the first part
  /// is drawn, in the columns every one of them expects.
  public static func drawn(_ character: Character) -> Substring.UnicodeScalarView {
    let scalars = String(character)[...].unicodeScalars
    guard let joiner = scalars.firstIndex(of: zeroWidthJoiner) else { return scalars }
    return scalars[..<joiner]
  }

  private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
  private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

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
    for scalar in text.unicodeScalars {
      guard standsAlone(scalar) else {
        // Graphemes of several scalars: walked as the terminal joins them.
        width = 0
        for character in text { width += of(character) }
        return width
      }
      width += of(scalar)
    }
    return width
  }

  /// Whether `scalar` is a grapheme by itself whatever its neighbours are,
  /// when they are such scalars too: printable Latin, its accented letters
  /// written precomposed, and the usual punctuation (`·`, `…`, `–`, quotes).
  /// Text of only these is measured a scalar at a time, without finding
  /// grapheme boundaries (about ten times the work).
  static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x20..<0x7F).contains(value) || (0xA0..<0x300).contains(value) || (0x2010...0x2027).contains(value)
  }

  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }  // ASCII fast path
    if value < 0xA0 { return 0 }
    // The rest of those that stand alone (`standsAlone`: Latin, `·`, `…`)
    // are one column but the soft hyphen, a format character: said without
    // the Unicode tables, which a footer's `·` read on every toggle.
    if value < 0x300 || (0x2010...0x2027).contains(value) { return value == 0xAD ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    // Hangul vowels and final consonants join the syllable their initial starts.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// Whether the code point is in `wideRanges` (binary search).
  static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count
    while low < high {
      let middle = (low + high) / 2
      if wideRanges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < wideRanges.count && wideRanges[low].contains(value)
  }
}
