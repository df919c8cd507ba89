import ArgumentParser
import Terminal
import Todos

/// `yaru keys`: every list command by its name (the names the config file's
/// `[keys]` uses), with the keys bound to it now, the user's included.
struct KeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys", abstract: "Print every command of the list with the keys bound to it (the config file's included)."
  )

  @OptionGroup var config: ConfigOption

  func run() throws {
    let commands = Keymap.commands(try config.settings().keys)
    let width = commands.map(\.name.count).max() ?? 0
    for command in commands {
      let keys = command.keys.isEmpty ? "(no key)" : command.keys.map(\.name).joined(separator: ", ")
      print(command.name + String(repeating: " ", count: width - command.name.count + 2) + keys + "  — " + command.help)
    }
  }
}
