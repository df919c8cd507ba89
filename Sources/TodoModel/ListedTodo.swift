/// One todo as the shell's `yaru ls --json` and `--ical` hand it to other
/// programs: with its line number (todo.sh's) and what the screen would
/// say of it that its line alone does not.
public struct ListedTodo: Sendable {
  /// The line in the file, blank lines counted: `yaru done N` takes it.
  public var line: Int
  public var todo: Todo.State
  /// Not shown today: `h:1`, or a threshold `t:` after today.
  public var isHidden: Bool
  /// A parent (`id:X`) with a part (`p:X`) still open.
  public var isBlocked: Bool

  public init(line: Int, todo: Todo.State, isHidden: Bool, isBlocked: Bool) {
    (self.line, self.todo, self.isHidden, self.isBlocked) = (line, todo, isHidden, isBlocked)
  }

  /// Tag names without their sign: `+家族` is the project `家族`.
  var projects: [Substring] { todo.projects.map { $0.dropFirst() } }
  var contexts: [Substring] { todo.contexts.map { $0.dropFirst() } }
}
