import Glibc
import TodoModel
import TodoStorage
import Todos

/// Where the todo file is when `--file` does not say: `$YARU_FILE`, else
/// `file` in the config file, else todo.sh's `$TODO_FILE`, else
/// `$TODO_DIR/todo.txt`, else `$XDG_DATA_HOME/yaru/todo.txt`, else
/// `~/.local/share/yaru/todo.txt`.
enum TodoFilePath {
  static func resolve(
    _ option: String?, config: Config = Config(), environment: EnvironmentVariables = .process
  ) -> String {
    resolveNamingRule(option, config: config, environment: environment).path
  }

  /// The path and the rule that chose it (`--file`, `$TODO_FILE`…), which
  /// `yaru doctor` says: "why this file?" is a common first question.
  static func resolveNamingRule(
    _ option: String?, config: Config = Config(), environment: EnvironmentVariables = .process
  ) -> (path: String, rule: String) {
    if let option, !option.isEmpty { return (expand(option, environment: environment), "--file") }
    if let file = environment["YARU_FILE"], !file.isEmpty { return (expand(file, environment: environment), "$YARU_FILE") }
    if let file = config.file, !file.isEmpty { return (expand(file, environment: environment), "the config's file") }
    if let first = config.lists.first { return (first.path, "the first of the config's [lists]") }
    if let file = environment["TODO_FILE"], !file.isEmpty { return (expand(file, environment: environment), "$TODO_FILE") }
    if let folder = environment["TODO_DIR"], !folder.isEmpty {
      return (expand(folder, environment: environment) + "/todo.txt", "$TODO_DIR")
    }
    if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return (data + "/yaru/todo.txt", "$XDG_DATA_HOME") }
    return (home(environment) + "/.local/share/yaru/todo.txt", "the default")
  }

  /// The done file for the todo file at `todoPath`: `done-file` in the
  /// config file, else `$DONE_FILE`, else `done.txt` beside it.
  static func done(
    besides todoPath: String, config: Config = Config(), environment: EnvironmentVariables = .process
  ) -> String {
    // Each of several lists has its own: done.txt beside it.
    if config.lists.contains(where: { $0.path == todoPath }) { return DoneFile.path(besides: todoPath, environment: [:]) }
    if let done = config.doneFile, !done.isEmpty { return expand(done, environment: environment) }
    return expand(DoneFile.path(besides: todoPath, environment: environment), environment: environment)
  }

  /// A path of the config's `[lists]`: `~` expanded, and a relative one
  /// read from the config file's folder (a config is read from anywhere).
  static func listPath(_ path: String, configFile: String, environment: EnvironmentVariables) -> String {
    let expanded = expand(path, environment: environment)
    guard !expanded.hasPrefix("/") else { return expanded }
    let folder = configFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    if folder.isEmpty { return configFile.hasPrefix("/") ? "/" + expanded : expanded }
    return folder + "/" + expanded
  }

  /// `~` and `~/…` become the home folder (`~user` is left as it is).
  private static func expand(_ path: String, environment: EnvironmentVariables) -> String {
    if path == "~" { return home(environment) }
    if path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
    return path
  }

  static func home(_ environment: EnvironmentVariables) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return getpwuid(getuid())?.pointee.pw_dir.map { String(cString: $0) } ?? "/"
  }
}
