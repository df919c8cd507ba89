/// Turns runs of changed cells into the bytes a terminal needs to show them:
/// the shortest cursor move to each run, the attribute changes between
/// styles, and the cells' text. It remembers where the cursor is and which
/// attributes are on (the pen), so a move of the selection costs two rows'
/// text and a few bytes of control, not a repaint.
///
/// Pure: the backend writes `output` in one write() and clears it. Tests
/// read the bytes through a small terminal emulator.
public struct ScreenWriter {
  public let controls: TerminalControls
  public private(set) var size: Size
  /// What to send next.
  public var output: [UInt8] = []
  /// Where the terminal's cursor is; nil when unknown (at the start, after
  /// writing the last column: terminals differ on what that does).
  private var position: (row: Int, column: Int)?
  /// The attributes on in the terminal.
  private var pen = Style.plain
  private var isCursorVisible: Bool?
  private var usesColor: Bool
  /// No absolute move is shorter than the one to the top-left corner.
  private let shortestAbsoluteMove: Int
  /// `CR LF`, when the terminal has both.
  private let startOfNextRow: [UInt8]?
  /// Moves right and left by n columns, formatted once each: a repaint of
  /// a page moves the cursor hundreds of times, and each formatting made
  /// a few arrays. Empty: not formatted yet.
  private var rightMoves: [[UInt8]] = [], leftMoves: [[UInt8]] = []

  public init(controls: TerminalControls, size: Size, colors: Bool) {
    self.controls = controls
    self.size = size
    self.usesColor = colors && controls.foreground != nil
    shortestAbsoluteMove = controls.moveTo(0, 0).count
    startOfNextRow = controls.carriageReturn.flatMap { carriageReturn in controls.down.map { carriageReturn + $0 } }
  }

  /// A screen taken over, resized or come back to: nothing about it is
  /// known, and its first reset is a full one.
  public mutating func forget(size: Size) {
    self.size = size
    position = nil
    isCursorVisible = nil
    output += controls.fullReset
    pen = .plain
  }

  /// Appends what draws `runs`.
  public mutating func draw(_ runs: [CellRun]) {
    for run in runs {
      var column = run.column
      let cells = run.cells
      // The style the pen was last set from, in this run.
      var penStyle: Style?
      for index in cells.indices {
        let cell = cells[index]
        defer { column += Int(cell.width) }
        // Most cells: an ASCII byte right after the last cell written, in
        // its style, short of the last column: just the byte (the general
        // way below cost ~300 instructions a cell).
        if cell.style == penStyle, cell.width == 1, let byte = cell.grapheme.asciiByte, column + 1 < size.columns,
           let position, position.row == run.row, position.column == column
        {
          output.append(byte)
          self.position = (run.row, column + 1)
          continue
        }
        guard cell.width > 0, column + Int(cell.width) <= size.columns, run.row < size.rows else { continue }
        if controls.scrollsAtBottomRight, run.row == size.rows - 1, column + Int(cell.width) == size.columns {
          continue  // this terminal would scroll: the corner stays as it was
        }
        move(to: run.row, column)
        setPen(cell.style)
        penStyle = cell.style
        cells.appendDrawnUTF8(of: index, to: &output)
        let end = column + Int(cell.width)
        // At the right edge the cursor waits or wraps, by terminal: unknown.
        position = end >= size.columns ? nil : (run.row, end)
      }
    }
  }

  /// Appends what puts the cursor at `position` and shows it, or hides it.
  public mutating func setCursor(_ target: (column: Int, row: Int)?) {
    if let target {
      move(to: target.row, target.column)
      if isCursorVisible != true, let show = controls.showCursor { output += show }
      isCursorVisible = true
    } else {
      if isCursorVisible != false, let hide = controls.hideCursor { output += hide }
      isCursorVisible = false
    }
  }

  /// The shortest of the moves the terminal knows, from where the cursor is.
  private mutating func move(to row: Int, _ column: Int) {
    if let position, position.row == row, position.column == column { return }
    if pen != .plain, !controls.movesInStandout { setPen(.plain) }
    let relative = position.flatMap { relativeMove(from: $0, to: row, column) }
    // Most moves are short enough not to format an absolute one.
    let relativeCount = relative.map { $0.start.count + $0.then.count } ?? .max
    if relativeCount > shortestAbsoluteMove, case let absolute = controls.moveTo(row, column), absolute.count < relativeCount {
      output += absolute
    } else if let relative {
      output += relative.start
      output += relative.then
    }
    position = (row, column)
  }

  /// The shortest move from `position` made of the relative moves the
  /// terminal knows: left or right on the row, or from its start (`CR`),
  /// on the row or the next (`CR LF`), then right; nil if none gets there.
  /// In two parts, each formatted once (no array made for a move).
  private mutating func relativeMove(
    from position: (row: Int, column: Int), to row: Int, _ column: Int
  ) -> (start: [UInt8], then: [UInt8])? {
    var best: (start: [UInt8], then: [UInt8])?
    func consider(_ start: [UInt8], _ then: [UInt8] = []) {
      if start.count + then.count < best.map({ $0.start.count + $0.then.count }) ?? .max { best = (start, then) }
    }
    if position.row == row {
      if column == position.column - 1, let leftOne = controls.leftOne { consider(leftOne) }
      if column < position.column, let left = controls.left {
        consider(Self.formatted(position.column - column, &leftMoves, left))
      }
      if column > position.column, let right = controls.right {
        consider(Self.formatted(column - position.column, &rightMoves, right))
      }
    }
    let start = position.row == row ? controls.carriageReturn : position.row + 1 == row ? startOfNextRow : nil
    if let start {
      if column == 0 {
        consider(start)
      } else if let right = controls.right {
        consider(start, Self.formatted(column, &rightMoves, right))
      }
    }
    return best
  }

  /// The move by `columns` from `moves`, formatted by `format` the first time.
  private static func formatted(_ columns: Int, _ moves: inout [[UInt8]], _ format: (Int) -> [UInt8]) -> [UInt8] {
    if columns >= moves.count { moves += Array(repeating: [], count: columns + 1 - moves.count) }
    if moves[columns].isEmpty { moves[columns] = format(columns) }
    return moves[columns]
  }

  /// Changes the attributes from the pen's to `style`'s: adding what is
  /// added, and turning all off first when one must go.
  private mutating func setPen(_ style: Style) {
    // Colours are foreground only: the terminal's own background stays.
    let style = style.drawn(colors: usesColor)
    guard style != pen else { return }
    if (pen.bold && !style.bold) || (pen.dim && !style.dim) || (pen.italic && !style.italic)
      || (pen.reverse && !style.reverse) || (pen.underline && !style.underline)
      || (pen.foreground != nil && style.foreground == nil)
    {
      output += controls.attributesOff
      if pen.foreground != nil, let defaultColors = controls.defaultColors { output += defaultColors }
      pen = .plain
    }
    if style.bold, !pen.bold, let bold = controls.bold { output += bold }
    if style.dim, !pen.dim, let dim = controls.dim { output += dim }
    if style.italic, !pen.italic, let italic = controls.italic { output += italic }
    if style.reverse, !pen.reverse, let reverse = controls.reverse { output += reverse }
    if style.underline, !pen.underline, let underline = controls.underline { output += underline }
    if let color = style.foreground, color != pen.foreground, let foreground = controls.foreground {
      output += foreground(Style.Color.allCases.firstIndex(of: color)!)
    }
    pen = style
  }
}
