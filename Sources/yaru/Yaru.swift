import ArgumentParser

/// `yaru`: the terminal todo list, and its commands for the shell.
@main
struct Yaru: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaru",
    abstract: "A terminal todo list that keeps your todos in a plain todo.txt file.",
    version: "0.1.0",
    subcommands: [Interactive.self, Add.self, ListTodos.self, Done.self],
    defaultSubcommand: Interactive.self
  )
}

/// `--file`, shared by every command that uses the todo file.
struct FileOption: ParsableArguments {
  @Option(name: .long, help: "The todo file (default: $YARU_FILE, else $XDG_DATA_HOME/yaru/todo.txt).")
  var file: String?

  var path: String { TodoFilePath.resolve(file) }
}
