/// A stretch of changed cells on one row: what the renderer sends. A
/// backend sends each cell's `cells.appendDrawnUTF8(of:to:)` in its style.
public struct CellRun: Equatable, Sendable {
  public let row: Int
  public let column: Int
  public let cells: Cells

  init(row: Int, column: Int, cells: Cells) {
    self.row = row
    self.column = column
    self.cells = cells
  }
}

extension Frame {
  /// The runs of cells that differ from `previous`, row by row. A changed
  /// half of a wide grapheme sends the whole grapheme. Nil `previous` (first
  /// frame, or a resize) sends every cell.
  public func changes(since previous: Frame?) -> [CellRun] {
    guard let previous, previous.size == size else {
      return (0..<size.rows).map { row in
        CellRun(row: row, column: 0, cells: cells.extracting((row * size.columns)..<((row + 1) * size.columns)))
      }
    }
    var runs: [CellRun] = []
    // Spans: read in place, without the array's copy-on-write checks per cell.
    let new = cells.elements.span
    let old = previous.cells.elements.span
    for row in 0..<size.rows {
      let base = row * size.columns
      guard !rowIsUnchanged(row, since: previous), !Self.isPlainlyEqual(new, old, base..<(base + size.columns)) else { continue }
      var x = 0
      while x < size.columns {
        guard !cells.isSame(new[base + x], as: old[base + x], of: previous.cells) else {
          x += 1
          continue
        }
        var start = x
        while new[base + start].width == 0, start > 0 { start -= 1 }  // start on the wide grapheme
        var end = x + 1
        while end < size.columns, !cells.isSame(new[base + end], as: old[base + end], of: previous.cells) || new[base + end].width == 0 {
          end += 1
        }
        runs.append(CellRun(row: row, column: start, cells: cells.extracting((base + start)..<(base + end))))
        x = end
      }
    }
    return runs
  }

  /// Whether the cells in `range` are the same in both as plain memory,
  /// none of them holding a long grapheme (whose text is elsewhere): most
  /// rows of a frame are, and need no closer look. Every cell is read, with
  /// no branch (a row that differs is looked at closer anyway): ~25
  /// instructions a cell with an early exit, a tenth of a key's work.
  private static func isPlainlyEqual(_ new: Span<Cell>, _ old: Span<Cell>, _ range: Range<Int>) -> Bool {
    var difference: UInt64 = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let cell = new[index], before = old[index]
      difference |= cell.grapheme.plainDifference(from: before.grapheme) | UInt64(cell.width ^ before.width)
        | cell.style.difference(from: before.style)
      index &+= 1
    }
    return difference == 0
  }
}
