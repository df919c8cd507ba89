/// `yaru ls --json`: the list for scripts, one object per todo on its own
/// line (so `grep` and line diffs still work), in a versioned shape (the
/// user docs describe each field). `version` goes up when a field changes
/// meaning or goes away; new fields may come without it.
public enum TodoJSON {
  public static let version = 1

  public static func document(_ todos: [ListedTodo]) -> String {
    var out = "{\"version\":\(version),\"todos\":["
    for (index, todo) in todos.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += object(todo)
    }
    return out + (todos.isEmpty ? "]}\n" : "\n]}\n")
  }

  static func object(_ listed: ListedTodo) -> String {
    let todo = listed.todo
    var fields: [(String, String)] = [
      ("line", String(listed.line)),
      ("raw", quoted(TodoTxt.format(todo))),
      ("text", quoted(todo.text)),
      ("complete", String(todo.isComplete)),
      ("priority", todo.priority.map { quoted(String($0)) } ?? "null"),
      ("created", day(todo.creationDate)),
      ("completed", day(todo.completionDate)),
      ("due", day(todo.dueDate)),
      ("threshold", day(todo.hiding.threshold)),
    ]
    fields.append(("projects", array(listed.projects.map { quoted($0) })))
    fields.append(("contexts", array(listed.contexts.map { quoted($0) })))
    fields.append(("tags", array(todo.keyValues.map { "{\"key\":\(quoted($0.key)),\"value\":\(quoted($0.value))}" })))
    fields.append(("hidden", String(listed.isHidden)))
    fields.append(("blocked", String(listed.isBlocked)))
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  private static func day(_ day: Day?) -> String { day.map { "\"\($0)\"" } ?? "null" }

  private static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

  /// A JSON string: quotes, backslashes and control characters escaped
  /// (a line from elsewhere may hold ESC: it reaches no terminal raw);
  /// every other character as UTF-8.
  static func quoted<Text: StringProtocol>(_ text: Text) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
