import ArgumentParser
import TodoStorage
import Glibc
import Terminal
import Todos

/// `yaru colors`: every element of the screen by its name (the names the
/// config file's `[colors]` uses), with its style now, the user's included.
/// On a terminal each style is shown in itself.
struct ColorsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "colors", abstract: "Print every element of the screen with its style (the config file's [colors] included)."
  )

  @OptionGroup var config: ConfigOption

  func run() throws {
    let theme = try config.settings().theme
    let showsStyles = isatty(STDOUT_FILENO) == 1 && (EnvironmentVariables.process["NO_COLOR"] ?? "").isEmpty
    let nameWidth = Theme.Element.allCases.map(\.name.count).max() ?? 0
    let styleWidth = Theme.Element.allCases.map { theme[$0].words.count }.max() ?? 0
    for element in Theme.Element.allCases {
      let words = theme[element].words
      let shown = showsStyles ? Self.sgr(theme[element]) + words + "\u{1B}[0m" : words
      print(
        element.name + String(repeating: " ", count: nameWidth - element.name.count + 2)
          + shown + String(repeating: " ", count: styleWidth - words.count + 2) + "— " + element.meaning
      )
    }
  }

  /// The escape sequence that turns `style` on in a terminal (ECMA-48 SGR).
  static func sgr(_ style: Style) -> String {
    var codes: [String] = []
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.italic { codes.append("3") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    if let color = style.foreground, let index = Style.Color.allCases.firstIndex(of: color) { codes.append(String(30 + index)) }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
