/// A `LineHunk` whose lines are still todos: what the door keeps of a
/// change while the user waits. Formatting is left to whoever reads the
/// lines (the history file's write on the I/O queue, undo, `U`): a batch
/// of 16,666 todos formatted four lines a todo on the key, ~30 ms.
public struct TodoHunk: Equatable, Sendable {
  public var at: Int
  public var above: Todo.State?
  public var below: Todo.State?
  public var removed: [Todo.State]
  public var added: [Todo.State]

  public init(at: Int, above: Todo.State?, below: Todo.State?, removed: [Todo.State], added: [Todo.State]) {
    self.at = at
    self.above = above
    self.below = below
    self.removed = removed
    self.added = added
  }

  /// The hunk that takes the change back.
  public var inverse: TodoHunk {
    TodoHunk(at: at, above: above, below: below, removed: added, added: removed)
  }

  /// The hunk as lines of the file: exactly what formatting them then would have made.
  public var lines: LineHunk {
    LineHunk(
      at: at, above: above.map(TodoTxt.format), below: below.map(TodoTxt.format),
      removed: removed.map(TodoTxt.format), added: added.map(TodoTxt.format)
    )
  }
}
