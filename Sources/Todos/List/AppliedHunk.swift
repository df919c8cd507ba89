import FoundationEssentials
import TodoModel

/// What undo reads of a hunk to make it on the list, as lines (read from
/// the history file) or as todos not yet formatted (this run's steps):
/// a todo the same as the hunk's is the same line without formatting
/// either, so undoing a batch formats only the lines it puts back.
protocol AppliedHunk {
  var at: Int { get }
  var removedCount: Int { get }
  var addedCount: Int { get }
  /// Whether `todo` is, as a line, the hunk's removed line `offset`.
  func removes(_ todo: Todo.State, at offset: Int) -> Bool
  /// Whether `todo` (nil: the top of the file) is, as a line, the line the hunk had above it.
  func hasAbove(_ todo: Todo.State?) -> Bool
  /// The hunk's added line `offset`, as the file will have it.
  func addedLine(_ offset: Int) -> String
  /// The todo the hunk's added line `offset` makes, with `id`.
  func addedTodo(_ offset: Int, id: UUID) -> Todo.State
  /// The whole hunk as lines (the one-by-one way, for a few hunks).
  var lines: LineHunk { get }
}

extension LineHunk: AppliedHunk {
  var removedCount: Int { removed.count }
  var addedCount: Int { added.count }
  func removes(_ todo: Todo.State, at offset: Int) -> Bool { TodoTxt.format(todo) == removed[offset] }
  func hasAbove(_ todo: Todo.State?) -> Bool { todo.map(TodoTxt.format) == above }
  func addedLine(_ offset: Int) -> String { added[offset] }
  func addedTodo(_ offset: Int, id: UUID) -> Todo.State { TodoTxt.parse(added[offset][...], id: id) }
  var lines: LineHunk { self }
}

extension TodoHunk: AppliedHunk {
  var removedCount: Int { removed.count }
  var addedCount: Int { added.count }

  func removes(_ todo: Todo.State, at offset: Int) -> Bool {
    todo == removed[offset] || TodoTxt.format(todo) == TodoTxt.format(removed[offset])
  }

  func hasAbove(_ todo: Todo.State?) -> Bool {
    switch (todo, above) {
    case (nil, nil): true
    case (let todo?, let above?): todo == above || TodoTxt.format(todo) == TodoTxt.format(above)
    default: false
    }
  }

  func addedLine(_ offset: Int) -> String { TodoTxt.format(added[offset]) }

  /// The todo itself when it has that id (an update taken back: the todo
  /// as the list had it), without formatting and reading it again.
  func addedTodo(_ offset: Int, id: UUID) -> Todo.State {
    added[offset].id == id ? added[offset] : TodoTxt.parse(addedLine(offset)[...], id: id)
  }
}
