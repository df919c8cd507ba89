import Terminal

/// A terminal in memory: the screen as cells, the cursor, and a count of
/// what was written. Tests and `yaru replay` render to it exactly as the app
/// renders to ncurses, and read the screen back as text.
@MainActor
public final class VirtualTerminal: TerminalBackend {
  public private(set) var size: Size
  public private(set) var screen: Frame
  /// Cells written since the last `resetCounters` (what a diff sent).
  public private(set) var cellsWritten = 0
  public private(set) var presents = 0
  /// Of those, the frames asked to show synchronized.
  public private(set) var synchronizedPresents = 0

  public init(size: Size) {
    self.size = size
    self.screen = Frame(size: size)
  }

  public func draw(_ runs: [CellRun]) {
    for run in runs {
      var column = run.column
      for (index, cell) in zip(run.cells.indices, run.cells) where cell.width > 0 {
        screen.write(String(run.cells.grapheme(at: index)), column: column, row: run.row, style: cell.style)
        column += Int(cell.width)
      }
      cellsWritten += run.cells.count
    }
  }

  public func setCursor(_ position: (column: Int, row: Int)?) {
    screen.cursor = position
  }

  public func present(synchronized: Bool) {
    presents += 1
    if synchronized { synchronizedPresents += 1 }
  }

  /// The terminal changed size: the screen starts blank, as a real one's may.
  public func resize(to size: Size) {
    self.size = size
    screen = Frame(size: size)
  }

  public func resetCounters() {
    cellsWritten = 0
    presents = 0
    synchronizedPresents = 0
  }

  /// The screen's rows as text, trailing spaces trimmed.
  public var lines: [String] { screen.lines }
}
