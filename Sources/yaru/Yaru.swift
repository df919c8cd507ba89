import ArgumentParser
import CMalloc
import FoundationEssentials
import Glibc
import TodoModel
import TodoStorage
import Todos

/// `yaru`: the terminal todo list, and its commands for the shell.
@main
struct Yaru: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaru",
    abstract: "A terminal todo list that keeps your todos in a plain todo.txt file.",
    version: Version.line,
    subcommands: [Interactive.self, Add.self, ListTodos.self, Done.self, Archive.self, MergeCopy.self, UndoCommand.self, RedoCommand.self, LogCommand.self, SyncCommand.self, MergeDriverCommand.self, KeysCommand.self, ColorsCommand.self, ReplayCommand.self, DoctorCommand.self],
    defaultSubcommand: Interactive.self
  )

  /// As ArgumentParser's, except that malformed arguments exit with status 2
  /// (the status yaru uses for "cannot start"), not 64.
  static func main() {
    // One malloc arena for every thread. Another thread's arena grows a
    // page at a time, each an mprotect: loading 10,000 todos on the I/O
    // thread made ~170 of them, ~1 ms of every start (the main arena grows
    // by brk, 128 KB at a time). The threads rarely allocate at once, and
    // each keeps its own cache of small blocks (tcache) all the same.
    mallopt(M_ARENA_MAX, 1)
    do {
      // `yaru` alone or `yaru --file PATH`, what people and their aliases
      // type many times a day, opens the list without the argument parser:
      // its reflection costs a millisecond (8 M of a start's 13 M instructions).
      let arguments = CommandLine.arguments.dropFirst()
      if arguments.isEmpty || (arguments.count == 2 && arguments.first == "--file" && arguments.last?.hasPrefix("-") == false) {
        let config = try ConfigFile.load(nil)
        try Interactive.open(path: TodoFilePath.resolve(arguments.last, config: config), config: config, log: nil, record: nil)
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

/// `--config`, for every command that reads the config file.
struct ConfigOption: ParsableArguments {
  @Option(name: .long, help: "The config file (default: $XDG_CONFIG_HOME/yaru/config.toml).")
  var config: String?

  /// The config file's settings; a wrong file ends yaru with status 2.
  func settings() throws -> Config { try ConfigFile.load(config) }
}

/// `--file` and `--config`, shared by every command that uses the todo file.
struct FileOption: ParsableArguments {
  @Option(name: .long, help: "The todo file (default: $YARU_FILE, else the config's file, else the first of its [lists], else $TODO_FILE, else $TODO_DIR/todo.txt, else $XDG_DATA_HOME/yaru/todo.txt).")
  var file: String?

  @Option(name: .long, help: "One of the config's [lists], by its name, instead of --file (each list has its own lock, done.txt beside it and history; in the list, L shows the next and T then N moves todos to list N).")
  var list: String?

  @OptionGroup var config: ConfigOption

  /// The config file's settings; a wrong file ends yaru with status 2.
  func settings() throws -> Config { try config.settings() }

  /// The todo file: `--list NAME`'s, else as `TodoFilePath` finds it. A
  /// name `[lists]` does not have ends yaru with status 2, naming those it has.
  func path(_ settings: Config) throws -> String {
    guard let list else { return TodoFilePath.resolve(file, config: settings) }
    if file != nil { throw ShellFile.fail("--file and --list both name a todo file: give one") }
    do throws(Config.Failure) {
      return try settings.list(named: list).path
    } catch {
      throw ShellFile.fail(error.description)
    }
  }

  var path: String { get throws { try path(try settings()) } }
}
