/// A record's hunks, as lines (read from the history file, worked out by a
/// diff) or as todos the door has not formatted yet (`TodoHunk`): the same
/// content either way, and equal when their lines are.
public enum HistoryHunks: Equatable, Sendable {
  case lines([LineHunk])
  case todos([TodoHunk])

  /// The hunks as lines, formatted now if they are todos: read once, not in a loop.
  public var lines: [LineHunk] {
    switch self {
    case .lines(let lines): lines
    case .todos(let todos): todos.map(\.lines)
    }
  }

  public var isEmpty: Bool {
    switch self {
    case .lines(let lines): lines.isEmpty
    case .todos(let todos): todos.isEmpty
    }
  }

  /// The hunks that take the change back, last first: still todos if they are.
  public var inverse: HistoryHunks {
    switch self {
    case .lines(let lines): .lines(lines.reversed().map(\.inverse))
    case .todos(let todos): .todos(todos.reversed().map(\.inverse))
    }
  }

  /// What the hunks did, in a few words, read without formatting every line.
  public var summary: String {
    switch self {
    case .lines(let lines): lines.summary
    case .todos(let todos): todos.summary
    }
  }

  /// Several records' hunks one after another (a macro's steps made one):
  /// still todos if all of them are.
  public static func joined(_ parts: [HistoryHunks]) -> HistoryHunks {
    var todos: [TodoHunk] = []
    for part in parts {
      guard case .todos(let more) = part else { return .lines(parts.flatMap(\.lines)) }
      todos += more
    }
    return .todos(todos)
  }

  /// Equal todos make equal lines; other todos (other ids) may still.
  public static func == (a: HistoryHunks, b: HistoryHunks) -> Bool {
    switch (a, b) {
    case (.lines(let a), .lines(let b)): a == b
    case (.todos(let a), .todos(let b)) where a == b: true
    default: a.lines == b.lines
    }
  }
}
