/// A terminal's size in columns and rows.
public struct Size: Hashable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

/// What the screen should show: a grid of cells and where the cursor is.
/// Views build frames; the renderer compares them. Pure data, no terminal.
///
/// Row by row, each row its own `Cells` (copy on write): a new frame is
/// one blank row shared by every row, a kept row is put back by reference,
/// and only a row written to is copied (a grid in one piece was made and
/// filled cell by cell for every key, and kept rows copied into it).
public struct Frame: Equatable, Sendable {
  public let size: Size
  /// `size.rows` rows of `size.columns` cells.
  private(set) var rows: [Cells]
  /// What each row holds, for the diff: blank since the frame was made
  /// (0), drawn (-1), or a kept row's copy untouched since (its id): a row
  /// blank in both frames, or the same copy in both, is the same without
  /// comparing its cells. Not part of what the frame shows (`==`).
  private var rowSources: [Int64]
  /// Where the text cursor shows; nil hides it.
  public var cursor: (column: Int, row: Int)? {
    get { cursorPosition.map { ($0.column, $0.row) } }
    set { cursorPosition = newValue.map { Position(column: $0.column, row: $0.row) } }
  }
  private var cursorPosition: Position?

  private struct Position: Equatable, Sendable {
    let column: Int
    let row: Int
  }

  public init(size: Size) {
    self.size = size
    self.rows = Array(repeating: Cells(repeating: .blank, count: max(0, size.columns)), count: max(0, size.rows))
    self.rowSources = Array(repeating: Self.blankRow, count: max(0, size.rows))
  }

  public static func == (lhs: Frame, rhs: Frame) -> Bool {
    lhs.size == rhs.size && lhs.rows == rhs.rows && lhs.cursorPosition == rhs.cursorPosition
  }

  public subscript(column: Int, row: Int) -> Cell {
    rows[row][column]
  }

  /// The whole grapheme at a cell, as written.
  public func grapheme(column: Int, row: Int) -> Character {
    rows[row].grapheme(at: column)
  }

  /// Writes `text` from `column` on `row`, stopping before `limit` (default:
  /// the right edge). Text that does not fit ends with `…`, and a wide
  /// grapheme never straddles the limit. Returns the column after the text.
  @discardableResult
  public mutating func write(_ text: String, column: Int, row: Int, style: Style = .plain, limit: Int? = nil) -> Int {
    write(text[...], column: column, row: row, style: style, limit: limit)
  }

  /// `write` for part of a string. (Concrete, not generic over
  /// StringProtocol: a generic one is not specialized for the views in
  /// other modules, and walked its text through protocol witnesses.)
  @discardableResult
  public mutating func write(_ text: Substring, column: Int, row: Int, style: Style = .plain, limit: Int? = nil) -> Int {
    let end = min(limit ?? size.columns, size.columns)
    guard row >= 0, row < size.rows, column < end else { return column }
    rowSources[row] = Self.drawn
    if let x = writePrintableASCII(text.utf8.span, column: column, row: row, style: style, end: end) { return x }
    var x = max(0, column)
    if text.unicodeScalars.allSatisfy(DisplayWidth.standsAlone) {
      // A grapheme a scalar (accented Latin, `·`, `…`): no boundaries to find.
      let scalars = text.unicodeScalars
      var index = scalars.startIndex
      while index < scalars.endIndex {
        let next = scalars.index(after: index)
        let scalar = scalars[index]
        guard place(Character(scalar), width: DisplayWidth.of(scalar), isLast: next == scalars.endIndex, at: &x, row: row, style: style, end: end)
        else { return x }
        index = next
      }
      return x
    }
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      guard place(character, width: DisplayWidth.of(character), isLast: next == text.endIndex, at: &x, row: row, style: style, end: end)
      else { return x }
      index = next
    }
    return x
  }

  /// Puts one grapheme of `write`'s text at `x` and moves `x` past it; a
  /// grapheme that does not fit puts the ellipsis instead and returns false.
  private mutating func place(_ character: Character, width: Int, isLast: Bool, at x: inout Int, row: Int, style: Style, end: Int) -> Bool {
    guard width > 0 else { return true }
    // Keep one column for the ellipsis unless this grapheme ends the text.
    let room = isLast ? end - x : end - x - 1
    if width > room {
      if x < end { put(Cell(Self.ellipsis, style: style), at: x, row: row) ; x += 1 }
      return false
    }
    put(rows[row].cell(character, width: UInt8(width), style: style), at: x, row: row)
    for offset in 1..<width { put(.continuation(style), at: x + offset, row: row) }
    x += width
    return true
  }

  /// `write` for text of printable ASCII that fits, the common case, a byte
  /// per cell without walking graphemes; nil for any other text.
  private mutating func writePrintableASCII(_ bytes: Span<UInt8>, column: Int, row: Int, style: Style, end: Int) -> Int? {
    guard column >= 0, column + bytes.count <= end else { return nil }
    for index in bytes.indices where !(0x20..<0x7F).contains(bytes[index]) { return nil }
    if !rows[row].overwrite(withASCII: bytes, at: column, style: style) {
      for index in bytes.indices {
        put(Cell(PackedGrapheme(ascii: bytes[index]), style: style), at: column + index, row: row)
      }
    }
    return column + bytes.count
  }

  private static let ellipsis = PackedGrapheme("…")!

  /// The cells of `row`, left to right.
  public func cells(ofRow row: Int) -> Cells {
    rows[row]
  }

  /// Row `row`'s cells, kept to be put back into later frames as wide (a
  /// reference to them, not a copy).
  public func keep(row: Int) -> KeptRow {
    KeptRow(cells: rows[row], id: KeptRow.newID())
  }

  /// Puts a kept row back in place of what `row` holds.
  public mutating func copy(_ kept: KeptRow, toRow row: Int) {
    precondition(kept.cells.count == size.columns, "Frame: a kept row is as wide as the frame")
    rows[row] = kept.cells
    rowSources[row] = kept.id
  }

  /// Whether `row` is known to be the same in `previous` without comparing
  /// its cells: blank in both, or the same kept row's copy in both.
  func rowIsUnchanged(_ row: Int, since previous: Frame) -> Bool {
    rowSources[row] != Self.drawn && rowSources[row] == previous.rowSources[row]
  }

  private static let blankRow: Int64 = 0
  private static let drawn: Int64 = -1

  /// Lays `style` over the cells `columns` on `row` (`Style.layer`),
  /// keeping their text: a word's colour, the selection.
  public mutating func layer(_ style: Style, row: Int, columns: Range<Int>) {
    guard row >= 0, row < size.rows else { return }
    rowSources[row] = Self.drawn
    rows[row].layer(style, over: columns.clamped(to: 0..<size.columns))
  }

  /// The row's text as the terminal shows it: wide graphemes once, trailing spaces trimmed.
  public func text(row: Int) -> String {
    var line: [UInt8] = []
    for x in 0..<size.columns where self[x, row].width > 0 {
      rows[row].appendUTF8(of: x, to: &line)
    }
    while line.last == UInt8(ascii: " ") { line.removeLast() }
    return String(decoding: line, as: UTF8.self)
  }

  /// Every row's text, top to bottom.
  public var lines: [String] { (0..<size.rows).map(text(row:)) }

  private mutating func blank(from first: Int, through last: Int, row: Int) {
    guard first <= last else { return }
    for x in first...last { rows[row].elements[x] = Cell(.space, style: rows[row][x].style) }
  }

  private mutating func put(_ cell: Cell, at x: Int, row: Int) {
    // Overwriting part of a wide grapheme blanks the rest of it (but the
    // covered cells of the grapheme being written belong to it). A covered
    // cell written over another wide grapheme's first cell blanks that one's
    // covered cells too: left behind, they would make the next grapheme
    // written there blank the one just written.
    let old = rows[row][x]
    if cell.width > 0, old.width == 0 {
      var lead = x
      while lead > 0, rows[row][lead].width == 0 { lead -= 1 }
      // All of it: a grapheme wider than 2 also covers cells after this one.
      let last = min(lead + max(Int(rows[row][lead].width), 1) - 1, size.columns - 1)
      blank(from: lead, through: x - 1, row: row)
      blank(from: x + 1, through: last, row: row)
    }
    if old.width > 1 {
      blank(from: x + 1, through: min(x + Int(old.width) - 1, size.columns - 1), row: row)
    }
    rows[row].elements[x] = cell
  }
}
