import Terminal

/// The live backend without the terminal: runs become bytes through the
/// same `ScreenWriter` (xterm's sequences) and are dropped, so a key's time
/// is what the program spends, the write() aside. Counts cells as the
/// virtual terminal does.
@MainActor
final class WriterTerminal: TerminalBackend {
  let size: Size
  private var writer: ScreenWriter
  private(set) var cellsWritten = 0
  private(set) var presents = 0
  private(set) var bytesWritten = 0

  init(size: Size) {
    self.size = size
    writer = ScreenWriter(controls: .xterm, size: size, colors: true)
  }

  func draw(_ runs: [CellRun]) {
    writer.draw(runs)
    for run in runs { cellsWritten += run.cells.count }
  }

  func setCursor(_ position: (column: Int, row: Int)?) {
    writer.setCursor(position)
  }

  func present(synchronized: Bool) {
    presents += 1
    bytesWritten += writer.output.count
    writer.output.removeAll(keepingCapacity: true)
  }

  func resetCounters() {
    cellsWritten = 0
    presents = 0
    bytesWritten = 0
  }
}
