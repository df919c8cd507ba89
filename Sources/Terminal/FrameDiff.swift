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
      return rows.indices.map { CellRun(row: $0, column: 0, cells: rows[$0]) }
    }
    var runs: [CellRun] = []
    for row in rows.indices {
      guard !rowIsUnchanged(row, since: previous) else { continue }
      let (cells, before) = (rows[row], previous.rows[row])
      // Spans: read in place, without the array's copy-on-write checks per cell.
      let new = cells.elements.span, old = before.elements.span
      // Cells are compared as plain memory; only a long grapheme's (whose
      // text is elsewhere) is looked at closer.
      func differs(_ x: Int) -> Bool {
        let (cell, was) = (new[x], old[x])
        if cell.grapheme.isLong || was.grapheme.isLong { return !cells.isSame(cell, as: was, of: before) }
        return Self.plainDifference(cell, was) != 0
      }
      var x = 0
      while x < size.columns {
        guard differs(x) else {
          x += 1
          continue
        }
        var start = x
        while new[start].width == 0, start > 0 { start -= 1 }  // start on the wide grapheme
        var end = x + 1
        while end < size.columns, differs(end) || new[end].width == 0 { end += 1 }
        runs.append(CellRun(row: row, column: start, cells: cells.extracting(start..<end)))
        x = end
      }
    }
    return runs
  }

  /// Zero when the two cells are the same as plain memory (and hold no
  /// long grapheme): a branch-free comparison.
  @inline(__always)
  private static func plainDifference(_ cell: Cell, _ before: Cell) -> UInt64 {
    cell.grapheme.plainDifference(from: before.grapheme) | UInt64(cell.width ^ before.width) | cell.style.difference(from: before.style)
  }
}
