import ArgumentParser
import FoundationEssentials
import Glibc
import TodoModel
import TodoStorage

/// `yaru`: the terminal todo list, and its commands for the shell.
@main
struct Yaru: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaru",
    abstract: "A terminal todo list that keeps your todos in a plain todo.txt file.",
    version: "0.1.0",
    subcommands: [Interactive.self, Add.self, ListTodos.self, Done.self, Archive.self, MergeCopy.self, ReplayCommand.self],
    defaultSubcommand: Interactive.self
  )

  /// As ArgumentParser's, except that malformed arguments exit with status 2
  /// (the status yaru uses for "cannot start"), not 64.
  static func main() {
    do {
      // `yaru` alone, what people type many times a day, opens the list
      // without the argument parser: its reflection costs a millisecond.
      if CommandLine.arguments.count == 1 {
        try Interactive.open(path: TodoFilePath.resolve(nil), log: nil, record: nil)
      }
      var command = try parseAsRoot()
      try command.run()
      // Output that could not be written (a full disk, a closed pipe) is a
      // failure, not a silent success.
      if fflush(nil) != 0 {
        StandardIO.printError("yaru: cannot write the output: \(String(cString: strerror(errno)))")
        Glibc.exit(2)
      }
    } catch {
      if exitCode(for: error) == .validationFailure {
        StandardIO.printError(fullMessage(for: error))
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }
}

/// `--file`, shared by every command that uses the todo file.
struct FileOption: ParsableArguments {
  @Option(name: .long, help: "The todo file (default: $YARU_FILE, else $XDG_DATA_HOME/yaru/todo.txt).")
  var file: String?

  var path: String { TodoFilePath.resolve(file) }
}
