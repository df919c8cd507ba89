import Glibc

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
  static func printed(_ line: String) -> String { toTerminal ? visible(line) : line }

  /// Each C0 control but the tab, DEL and each C1 control in caret notation.
  static func visible(_ line: String) -> String {
    guard line.unicodeScalars.contains(where: isControl) else { return line }
    var shown = ""
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x09: shown.unicodeScalars.append(scalar)
      case 0x00..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F: shown += "^?"
      case 0x80..<0xA0: shown += "^[" + String(UnicodeScalar(UInt8(scalar.value - 0x40)))
      default: shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value != 0x09 && (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value))
  }
}
