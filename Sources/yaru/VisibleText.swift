import Glibc
import TodoModel

/// A todo's line as text for the user's terminal: a line another program or
/// a sync brought in may hold escape sequences (`ESC ] 0` sets the window
/// title, `ESC ] 52` writes the clipboard, `ESC [ 2 J` clears the screen),
/// so on a terminal every control character is shown in caret notation
/// (`^[`, `^G`; C1 controls as `^[` and their letter). To a pipe or a file
/// the bytes stay exact.
enum VisibleText {
  /// Whether standard output is a terminal (decided once).
  static let toTerminal = isatty(STDOUT_FILENO) == 1

  /// `line` as printed: made visible for a terminal, as it is otherwise.
  static func printed(_ line: String) -> String { toTerminal ? line.caretNotation : line }
}
