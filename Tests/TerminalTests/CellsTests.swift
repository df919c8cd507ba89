import Terminal
import Testing

/// Cells hold graphemes as plain bytes: inline up to 11 bytes of UTF-8, a
/// longer one in the `Cells` holding the cell. Whatever the grapheme, it
/// reads back exactly and is sent as `DisplayWidth.drawn` cuts it.
struct CellsTests {
  static let kinds: [Character] = [
    "a", " ", "~", "é", "e\u{301}", "牛", "ｶ", "한", "\u{1100}\u{1161}\u{11A8}", "🍣",
    "👍🏽", "🇯🇵", "\u{1F1EF}", "1️⃣", "#️⃣", "❤️", "👩‍💻", "🏳️‍🌈", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩🏽‍❤️‍💋‍👨🏿",
  ]
  static let marked: [Character] = [
    Character(String("क्ष")),  // a conjunct: one grapheme at run time (Unicode 15.1), two to the compiler
    marks(on: "a", "\u{301}", times: 5),  // 11 bytes: the most a cell holds
    Character("a\u{301}\u{301}\u{301}\u{301}\u{20D7}"),  // 12 bytes: one past
    marks(on: "a", "\u{301}", times: 7),  // 15 bytes
    marks(on: "Z", "\u{336}\u{334}\u{33E}", times: 10),  // stacked marks, 61 bytes
  ]
  static func marks(on base: String, _ marks: String, times: Int) -> Character {
    Character(base + String(repeating: marks, count: times))
  }
  /// (A grapheme of no width, as a zero-width space, is not written to a cell.)
  static let graphemes = (kinds + marked + GraphemeWidthTests.table.map(\.character)).filter { DisplayWidth.of($0) > 0 }

  @Test(arguments: graphemes)
  func aGraphemeReadsBackExactlyAndIsSentAsDrawn(_ grapheme: Character) {
    let size = Size(columns: DisplayWidth.of(grapheme) + 2, rows: 1)
    var frame = Frame(size: size)
    frame.write("[\(grapheme)]", column: 0, row: 0)
    var hashes = Frame(size: size)
    hashes.write(String(repeating: "#", count: size.columns), column: 0, row: 0)
    #expect(frame.grapheme(column: 1, row: 0).utf8.elementsEqual(grapheme.utf8), "the same bytes, not just an equivalent grapheme")
    #expect(frame.text(row: 0).utf8.elementsEqual("[\(grapheme)]".utf8))
    for runs in [frame.changes(since: nil), frame.changes(since: hashes)] {
      var sent: [UInt8] = []
      for run in runs {
        for index in run.cells.indices { run.cells.appendDrawnUTF8(of: index, to: &sent) }
      }
      #expect(sent == Array("[\(String(DisplayWidth.drawn(grapheme)))]".utf8))
    }
  }

  @Test func aCellIsPlainMemory() {
    func isBitwiseCopyable<T: BitwiseCopyable>(_: T.Type) -> Bool { true }
    #expect(isBitwiseCopyable(Cell.self))
    #expect(MemoryLayout<Cell>.stride == 16)
  }

  /// The diff is exact: é precomposed and e + ´ are not sent the same bytes.
  @Test func equivalentButDifferentBytesAreAChange() {
    var before = Frame(size: Size(columns: 4, rows: 1))
    before.write("é", column: 0, row: 0)
    var after = Frame(size: Size(columns: 4, rows: 1))
    after.write("e\u{301}", column: 0, row: 0)
    #expect(after.changes(since: before).count == 1)
    #expect(after != before)
  }

  static let family: Character = "👨‍👩‍👧‍👦"
  static let umlauts = marks(on: "o", "\u{308}", times: 9)

  /// Long graphemes are kept per frame, in the order written: frames
  /// showing the same compare equal whatever that order, or text written
  /// over in between.
  @Test func framesShowingTheSameAreEqualWhateverTheirLongGraphemesOrder() {
    let size = Size(columns: 10, rows: 2)
    var first = Frame(size: size)
    first.write("\(Self.family) \(Self.umlauts)", column: 0, row: 0)
    var second = Frame(size: size)
    second.write("\(Self.umlauts)", column: 3, row: 0)
    second.write("\(Self.umlauts)", column: 0, row: 1)  // written over below
    second.write("\(Self.family)", column: 0, row: 0)
    second.write("  ", column: 0, row: 1)
    #expect(first.changes(since: second).isEmpty)
    #expect(second.changes(since: first).isEmpty)
    #expect(first == second)

    var other = second
    other.write(String(Self.marks(on: "o", "\u{308}", times: 10)), column: 3, row: 0)
    let runs = other.changes(since: first)
    #expect(runs.map { [$0.row, $0.column, $0.cells.count] } == [[0, 3, 1]])
    #expect(runs.first?.cells.grapheme(at: 0) == Self.marks(on: "o", "\u{308}", times: 10))
  }

  /// Written over, half of a wide long grapheme blanks the rest, as a short one does.
  @Test func aWideLongGraphemeOverwrittenByNarrowText() {
    var frame = Frame(size: Size(columns: 6, rows: 1))
    frame.write("\(Self.family)\(Self.family)", column: 0, row: 0)
    frame.write("x", column: 1, row: 0)
    #expect(frame.text(row: 0) == " x\(Self.family)")
    #expect(frame[0, 0] == .blank)
    frame.write("ab", column: 2, row: 0)
    #expect(frame.text(row: 0) == " xab")
  }

  /// A row kept by the view and put back in another frame brings its long
  /// graphemes' text along.
  @Test func aKeptRowCarriesItsLongGraphemes() {
    let size = Size(columns: 12, rows: 3)
    var frame = Frame(size: size)
    frame.write("x", column: 0, row: 1)
    frame.write("a\(Self.umlauts)\(Self.family)b", column: 0, row: 2)
    let row = frame.keep(row: 2)
    #expect(row.cells.count == 12, "as wide as the frame")
    var next = Frame(size: size)
    next.write("\(Self.family)", column: 4, row: 0)
    next.copy(row, toRow: 1)
    #expect(next.text(row: 1) == "a\(Self.umlauts)\(Self.family)b")
    #expect(next.cells(ofRow: 1) == row.cells)
    #expect(next.cells(ofRow: 1) != frame.cells(ofRow: 1))
    #expect(next.grapheme(column: 4, row: 0) == Self.family)
  }
}

/// The diff trusts a row without comparing it only when it is blank in both
/// frames or the same kept row's copy in both, untouched since: anything
/// else done to the row makes it compared.
struct KeptRowDiffTests {
  private let size = Size(columns: 10, rows: 3)

  private func kept(_ text: String) -> KeptRow {
    var source = Frame(size: size)
    source.write(text, column: 0, row: 0)
    return source.keep(row: 0)
  }

  @Test func theSameCopyInBothFramesSendsNothing() {
    let row = kept("abc")
    var before = Frame(size: size), after = Frame(size: size)
    before.copy(row, toRow: 1)
    after.copy(row, toRow: 1)
    #expect(after.changes(since: before).isEmpty)
    var moved = Frame(size: size)
    moved.copy(row, toRow: 2)
    #expect(moved.changes(since: before).map(\.row) == [1, 2], "the same copy on another row")
  }

  @Test func aCopyWrittenOverOrRestyledIsCompared() {
    let row = kept("abc")
    var before = Frame(size: size)
    before.copy(row, toRow: 1)
    var written = Frame(size: size)
    written.copy(row, toRow: 1)
    written.write("Z", column: 5, row: 1)
    #expect(written.changes(since: before).map { [$0.row, $0.column] } == [[1, 5]])
    var restyled = Frame(size: size)
    restyled.copy(row, toRow: 1)
    restyled.layer(Style(reverse: true), row: 1, columns: 0..<1)
    #expect(restyled.changes(since: before).map { [$0.row, $0.column] } == [[1, 0]])
  }

  @Test func aCopyReplacesTheRowAndWhatIsWrittenAfterItIsCompared() {
    let row = kept("abc")
    var before = Frame(size: size), after = Frame(size: size)
    before.write("abcdef", column: 0, row: 1)
    before.copy(row, toRow: 1)
    #expect(before.text(row: 1) == "abc", "the copy is the whole row")
    after.copy(row, toRow: 1)
    after.write("xyz", column: 3, row: 1)
    #expect(after.text(row: 1) == "abcxyz")
    #expect(after.changes(since: before).map { [$0.row, $0.column] } == [[1, 3]])
  }

  @Test func aRowWrittenInOneFrameAndBlankInTheOtherIsCompared() {
    var before = Frame(size: size), after = Frame(size: size)
    before.write("abc", column: 0, row: 2)
    #expect(after.changes(since: before).map(\.row) == [2])
    #expect(before.changes(since: after).map(\.row) == [2])
  }
}
