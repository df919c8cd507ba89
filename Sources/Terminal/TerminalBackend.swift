/// What a renderer needs from a terminal. Two implementations: ncursesw for
/// people, an in-memory virtual terminal for tests and `yaru replay`.
@MainActor
public protocol TerminalBackend: AnyObject {
  var size: Size { get }
  /// Draws runs of cells; nothing shows until `present`.
  func draw(_ runs: [CellRun])
  /// Shows or hides the text cursor.
  func setCursor(_ position: (column: Int, row: Int)?)
  /// Makes everything drawn visible. `synchronized`: the frame changes
  /// many rows, so the terminal should show it all at once if it can.
  func present(synchronized: Bool)
}
