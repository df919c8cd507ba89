import Foundation
@testable import Terminal
import Testing

/// Tricky graphemes measured the way terminals draw them. The table
/// (Fixtures/graphemes.tsv) holds what tmux draws; the e2e test checks the
/// same table against tmux itself, so the two cannot drift apart.
struct GraphemeWidthTests {
  struct Grapheme: CustomTestStringConvertible, Sendable {
    let character: Character
    let columns: Int
    let name: String
    var testDescription: String { name }
  }

  static let table: [Grapheme] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/graphemes.tsv")
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      #expect(fields[0].count == 1, "\(fields[2]) is one grapheme")
      return Grapheme(character: fields[0].first!, columns: Int(fields[1])!, name: String(fields[2]))
    }
  }()

  @Test(arguments: table)
  func takesTheColumnsATerminalDrawsItIn(_ grapheme: Grapheme) {
    #expect(DisplayWidth.of(grapheme.character) == grapheme.columns)
    #expect(DisplayWidth.of("x\(grapheme.character)y") == grapheme.columns + 2)
  }

  /// What reaches the terminal takes the same columns by ncurses' count (the
  /// sum of its scalars' widths), so ncurses and the terminal agree too.
  @Test(arguments: table)
  func isDrawnInTheColumnsItTakes(_ grapheme: Grapheme) {
    let drawn = DisplayWidth.drawn(grapheme.character).reduce(0) { $0 + DisplayWidth.of($1) }
    #expect(drawn == grapheme.columns)
  }

  /// In a frame, the text after the grapheme starts where the terminal's
  /// cursor will be.
  @Test(arguments: table)
  func theNextCellIsWhereTheTerminalPutsIt(_ grapheme: Grapheme) {
    var frame = Frame(size: Size(columns: 20, rows: 1))
    let end = frame.write("[\(grapheme.character)]", column: 1, row: 0)
    #expect(end == 3 + grapheme.columns)
    #expect(frame.grapheme(column: 2 + grapheme.columns, row: 0) == "]")
  }

  /// The unicode data the wide table comes from, spot-checked.
  @Test func theGeneratedTableKnowsTheWideBlocks() {
    #expect(DisplayWidth.of(Unicode.Scalar(0x4E00)!) == 2)  // 一
    #expect(DisplayWidth.of(Unicode.Scalar(0xAC00)!) == 2)  // 가
    #expect(DisplayWidth.of(Unicode.Scalar(0xFF21)!) == 2)  // Ａ
    #expect(DisplayWidth.of(Unicode.Scalar(0xFF76)!) == 1)  // ｶ (halfwidth)
    #expect(DisplayWidth.of(Unicode.Scalar(0x1F363)!) == 2)  // 🍣
    #expect(DisplayWidth.of(Unicode.Scalar(0x2764)!) == 1)  // ❤ (text by default)
    #expect(DisplayWidth.of(Unicode.Scalar(0x203B)!) == 1)  // ※ (ambiguous: narrow)
    #expect(DisplayWidth.of(Unicode.Scalar(0x3FFFD)!) == 2)
    #expect(DisplayWidth.of(Unicode.Scalar(0x40000)!) == 1)
  }
}

/// Text of scalars that stand alone is measured a scalar at a time: that is
/// only right if no two of them ever join into one grapheme.
struct StandingAloneTests {
  static let scalars = (0x20..<0x3000).compactMap(Unicode.Scalar.init).filter(DisplayWidth.standsAlone)

  @Test func noTwoScalarsThatStandAloneJoin() {
    for first in Self.scalars {
      var text = String.UnicodeScalarView()
      for second in Self.scalars {
        text.append(first)
        text.append(second)
      }
      #expect(String(text).count == text.count, "\(first) joins a neighbour")
    }
  }

  /// They are measured without the Unicode tables: one column each, but a
  /// format character (the soft hyphen), as the tables would say.
  @Test func aScalarThatStandsAloneIsAsWideAsItsCategorySays() {
    for scalar in Self.scalars {
      let zeroWidth: [Unicode.GeneralCategory] = [.nonspacingMark, .enclosingMark, .format, .control]
      #expect(DisplayWidth.of(scalar) == (zeroWidth.contains(scalar.properties.generalCategory) ? 0 : 1), "U+\(String(scalar.value, radix: 16))")
    }
  }

  /// With one scalar that does not stand alone, the text is measured by graphemes.
  @Test func textWithAJoiningScalarIsMeasuredByGraphemes() {
    #expect(DisplayWidth.of("ab · e\u{301} – 牛") == 11)
    #expect(DisplayWidth.of("· 👍🏽 ·") == 8)
    #expect(DisplayWidth.of("«café» … ©") == 10)
  }
}
