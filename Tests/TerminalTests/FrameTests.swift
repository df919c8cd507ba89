import Terminal
import Testing

struct DisplayWidthTests {
  @Test func widthsAgreeWithTheTerminal() {
    #expect(DisplayWidth.of("a") == 1)
    #expect(DisplayWidth.of("牛") == 2)
    #expect(DisplayWidth.of("🍣") == 2)
    #expect(DisplayWidth.of("❤️") == 1)
    #expect(DisplayWidth.of("👍🏽") == 4)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2, "tmux joins a ZWJ sequence into its first emoji's columns")
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("ｱ") == 1, "half-width katakana")
    #expect(DisplayWidth.of("Ａ") == 2, "full-width Latin")
    #expect(DisplayWidth.of("한") == 2)
    #expect(DisplayWidth.of("牛乳を買う 🥛") == 13)
  }

  /// Flags (regional-indicator pairs) are one 2-column glyph in tmux 3.3 and
  /// xterm; they were measured at 4, leaving stray characters on the row.
  @Test func aFlagIsTwoColumnsAndALoneIndicatorOne() {
    #expect(DisplayWidth.of("🇯🇵") == 2)
    #expect(DisplayWidth.of("\u{1F1EF}") == 1)
    #expect(DisplayWidth.of("🇯🇵 Japan 🇺🇸") == 11)
  }
}

struct FrameTests {
  @Test func wideGraphemesTakeTwoCellsAndPrintOnce() {
    var frame = Frame(size: Size(columns: 10, rows: 1))
    let end = frame.write("a牛b", column: 0, row: 0)
    #expect(end == 4)
    #expect(frame[1, 0].width == 2 && frame[2, 0].width == 0)
    #expect(frame.text(row: 0) == "a牛b")
  }

  @Test func textThatDoesNotFitEndsWithAnEllipsis() {
    var frame = Frame(size: Size(columns: 6, rows: 1))
    frame.write("abcdefgh", column: 0, row: 0)
    #expect(frame.text(row: 0) == "abcde…")
    var exact = Frame(size: Size(columns: 6, rows: 1))
    exact.write("abcdef", column: 0, row: 0)
    #expect(exact.text(row: 0) == "abcdef")
  }

  @Test func aWideGraphemeNeverStraddlesTheEdge() {
    var frame = Frame(size: Size(columns: 6, rows: 1))
    frame.write("abc牛乳", column: 0, row: 0)
    #expect(frame.text(row: 0) == "abc牛…")
    var tight = Frame(size: Size(columns: 6, rows: 1))
    tight.write("ab牛乳c", column: 0, row: 0)
    #expect(tight.text(row: 0) == "ab牛…", "乳 would need columns 4-5, leaving no room for the ellipsis")
    #expect(tight[5, 0] == .blank)
  }

  @Test func overwritingHalfOfAWideGraphemeBlanksTheOtherHalf() {
    var frame = Frame(size: Size(columns: 4, rows: 1))
    frame.write("牛乳", column: 0, row: 0)
    frame.write("x", column: 1, row: 0)
    #expect(frame.text(row: 0) == " x乳")
  }

  /// Wide text written one column off from wide text already there (the
  /// editor's line scrolled by one, behind a `…`): every grapheme shows.
  /// The covered half of each new one used to leave the old one's covered
  /// half behind, and the next new one then blanked the one before it.
  @Test func wideTextWrittenOverWideTextOneColumnOffShowsWhole() {
    var frame = Frame(size: Size(columns: 8, rows: 1))
    frame.write("牛乳牛乳", column: 0, row: 0)
    frame.write("あいう", column: 1, row: 0)
    #expect(frame.text(row: 0) == " あいう")
    #expect(frame[7, 0] == .blank)
  }

  /// A grapheme wider than 2 (👍🏽 is 4) written over in its middle: the
  /// cells it covered after that column were left as second columns of
  /// nothing, which no diff sends, so the terminal kept what it had there.
  @Test func overwritingTheMiddleOfAFourColumnGraphemeBlanksAllOfIt() {
    var frame = Frame(size: Size(columns: 8, rows: 1))
    frame.write("👍🏽", column: 3, row: 0)
    frame.write("x", column: 4, row: 0)
    #expect(frame.text(row: 0) == "    x")
    #expect((0..<8).allSatisfy { frame[$0, 0].width == 1 })
    frame.write("👍🏽", column: 0, row: 0)
    frame.write("🇯🇵", column: 1, row: 0)
    #expect(frame.text(row: 0) == " 🇯🇵 x")
    #expect(frame[3, 0].width == 1)
  }

  @Test func diffSendsOnlyChangedRunsAndWholeWideGraphemes() {
    var before = Frame(size: Size(columns: 8, rows: 2))
    before.write("abc牛def", column: 0, row: 0)
    before.write("same", column: 0, row: 1)
    var after = before
    after.write("乳", column: 3, row: 0)
    let runs = after.changes(since: before)
    #expect(runs.map { [$0.row, $0.column, $0.cells.count] } == [[0, 3, 2]])
    #expect(runs.first?.cells.grapheme(at: 0) == "乳" && runs.first?.cells[0].width == 2 && runs.first?.cells[1] == after[4, 0])
    #expect(after.changes(since: after).isEmpty)
    #expect(after.changes(since: nil).count == 2)
  }
}
