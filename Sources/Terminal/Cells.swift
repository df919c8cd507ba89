/// Cells and the text of their long graphemes (see `PackedGrapheme`): a
/// frame's grid, a run the renderer sends, a row the view keeps. The text
/// of a grapheme too long for a cell is kept here, so cells stay plain
/// memory and the rare long grapheme costs a string, not every cell.
public struct Cells: Equatable, Sendable, RandomAccessCollection {
  var elements: [Cell]
  /// Long graphemes' text, at the index their cells hold. A cell written
  /// over leaves its text behind (until the frame is dropped, a key later).
  private var longGraphemes: [String] = []

  init(repeating cell: Cell, count: Int) {
    elements = Array(repeating: cell, count: count)
  }

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(index: Int) -> Cell { elements[index] }

  /// A cell showing `grapheme`, its text kept here if it is long.
  mutating func cell(_ grapheme: Character, width: UInt8, style: Style) -> Cell {
    if let packed = PackedGrapheme(grapheme) { return Cell(packed, width: width, style: style) }
    longGraphemes.append(String(grapheme))
    return Cell(PackedGrapheme(longIndex: longGraphemes.count - 1), width: width, style: style)
  }

  /// Lays `style` over the cells in `columns`, keeping their text. Through
  /// one span: each cell written through the array made sure it was not
  /// shared (with a closure a cell, ~50 instructions a cell of a row
  /// selected; now ~10).
  mutating func layer(_ style: Style, over columns: Range<Int>) {
    guard !columns.isEmpty else { return }  // a shared row stays shared
    var cells = elements.mutableSpan
    for x in columns { cells[x].style.layer(style) }
  }

  /// Writes printable ASCII, a byte a cell, from `column`, through one
  /// span, if it covers only cells of one column; else writes nothing and
  /// returns false, for `Frame`'s cell by cell way, which blanks what is
  /// left of a wide grapheme. (Cell by cell, each write made sure the row
  /// was not shared: ~40 instructions a byte.)
  mutating func overwrite(withASCII bytes: Span<UInt8>, at column: Int, style: Style) -> Bool {
    var cells = elements.mutableSpan
    for x in column..<column + bytes.count where cells[x].width != 1 { return false }
    for index in bytes.indices {
      cells[column + index] = Cell(PackedGrapheme(ascii: bytes[index]), style: style)
    }
    return true
  }

  /// The whole grapheme of the cell at `index`, as written.
  public func grapheme(at index: Int) -> Character {
    if let long = elements[index].grapheme.longIndex { return Character(longGraphemes[long]) }
    var bytes: [UInt8] = []
    elements[index].grapheme.appendInlineUTF8(to: &bytes)
    return Character(String(decoding: bytes, as: UTF8.self))
  }

  /// Appends the UTF-8 a terminal is sent for the cell at `index`: its
  /// grapheme as `DisplayWidth.drawn` cuts it (before a first joiner).
  /// Covered cells (`width` 0) are sent nothing.
  public func appendDrawnUTF8(of index: Int, to bytes: inout [UInt8]) {
    guard elements[index].width > 0 else { return }
    let start = bytes.count
    appendUTF8(of: index, to: &bytes)
    // A zero-width joiner is E2 80 8D; in UTF-8, E2 only ever begins a scalar.
    var at = start
    while at + 2 < bytes.count {
      if bytes[at] == 0xE2, bytes[at + 1] == 0x80, bytes[at + 2] == 0x8D {
        bytes.removeSubrange(at...)
        return
      }
      at += 1
    }
  }

  /// Appends the whole grapheme's UTF-8.
  func appendUTF8(of index: Int, to bytes: inout [UInt8]) {
    if let long = elements[index].grapheme.longIndex {
      bytes.append(contentsOf: longGraphemes[long].utf8)
    } else {
      elements[index].grapheme.appendInlineUTF8(to: &bytes)
    }
  }

  /// Whether `cell` (of these cells) shows exactly what `other` does (of
  /// `others`): same bytes, width and style.
  @inline(__always)
  func isSame(_ cell: Cell, as other: Cell, of others: Cells) -> Bool {
    if cell == other {
      guard let long = cell.grapheme.longIndex, let otherLong = other.grapheme.longIndex else { return true }
      return longGraphemes[long].utf8.elementsEqual(others.longGraphemes[otherLong].utf8)
    }
    guard let long = cell.grapheme.longIndex, let otherLong = other.grapheme.longIndex else { return false }
    return cell.width == other.width && cell.style == other.style
      && longGraphemes[long].utf8.elementsEqual(others.longGraphemes[otherLong].utf8)
  }

  public static func == (lhs: Cells, rhs: Cells) -> Bool {
    lhs.count == rhs.count && lhs.indices.allSatisfy { lhs.isSame(lhs.elements[$0], as: rhs.elements[$0], of: rhs) }
  }

  /// The cells in `range`, with the text of their long graphemes.
  func extracting(_ range: Range<Int>) -> Cells {
    var part = Cells(elements: Array(elements[range]))
    if !longGraphemes.isEmpty { part.keepLongGraphemes(from: self, in: part.indices) }
    return part
  }

  private init(elements: [Cell]) {
    self.elements = elements
  }

  /// The cells in `range` came from `source`: their long graphemes' text
  /// is copied here, and they are given its index here.
  private mutating func keepLongGraphemes(from source: Cells, in range: Range<Int>) {
    for index in range {
      guard let long = elements[index].grapheme.longIndex else { continue }
      longGraphemes.append(source.longGraphemes[long])
      elements[index].grapheme = PackedGrapheme(longIndex: longGraphemes.count - 1)
    }
  }
}
