import Foundation

/// Where the todo file is when `--file` does not say: `$YARU_FILE`, else
/// `$XDG_DATA_HOME/yaru/todo.txt`, else `~/.local/share/yaru/todo.txt`.
enum TodoFilePath {
  static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let option, !option.isEmpty { return expand(option) }
    if let file = environment["YARU_FILE"], !file.isEmpty { return expand(file) }
    if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/yaru/todo.txt" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/share/yaru/todo.txt"
  }

  private static func expand(_ path: String) -> String {
    (path as NSString).expandingTildeInPath
  }
}
