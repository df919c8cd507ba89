/// A record's hunks, as lines (worked out by a diff), as todos the door has
/// not formatted yet (`TodoHunk`), or as the history file wrote them, read
/// into lines only when asked: the same content every way, and equal when
/// their lines are.
public enum HistoryHunks: Equatable, Sendable {
  case lines([LineHunk])
  case todos([TodoHunk])
  /// The record's `=`, `^`, `-`, `+`, `v` lines in the history's text, as
  /// `HistoryText.decode` checked them: a start reads a thousand records
  /// and undoes a few (making every line a string cost ~10 µs a record).
  case written(Substring)

  /// The hunks as lines, formatted now if they are todos: read once, not in a loop.
  public var lines: [LineHunk] {
    switch self {
    case .lines(let lines): lines
    case .todos(let todos): todos.map(\.lines)
    case .written(let text): HistoryText.hunks(written: text)
    }
  }

  public var isEmpty: Bool {
    switch self {
    case .lines(let lines): lines.isEmpty
    case .todos(let todos): todos.isEmpty
    case .written(let text): text.isEmpty
    }
  }

  /// The hunks that take the change back, last first: still todos if they are.
  public var inverse: HistoryHunks {
    // By index: a batch has 16,666 hunks or more, and mapping the reversed
    // hunks copied each (four counted references) on the way.
    switch self {
    case .lines, .written:
      let lines = lines
      return .lines(lines.indices.reversed().map { lines[$0].inverse })
    case .todos(let todos):
      return .todos(todos.indices.reversed().map { todos[$0].inverse })
    }
  }

  /// What the hunks did, in a few words, read without formatting every line.
  public var summary: String {
    switch self {
    case .lines, .written: lines.summary
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
