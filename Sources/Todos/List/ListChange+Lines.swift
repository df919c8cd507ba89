import IdentifiedCollections
import TodoModel

/// A list change as hunks of the file's todos (`TodoHunk`s, lines once
/// formatted), which is how the history keeps it: undo then finds its
/// lines again by content, whatever happened to the list since. What a
/// change removes is read in the list before it, what it adds in the list
/// after it, each with its neighbours: O(changed todos), never O(list),
/// and nothing formatted while the key waits.
extension ListChange {
  /// The removing part, read in `todos` before the change is made.
  func removalHunks(in todos: IdentifiedArrayOf<Todo.State>) -> [TodoHunk] {
    switch self {
    case .remove(_, let index):
      [todos.hunk(removing: index..<index + 1, at: index)]
    case .move(let from, _):
      [todos.hunk(removing: from..<from + 1, at: from)]
    case .removeMany(let removed):
      // Each run of neighbouring todos is one hunk; the last run first, so
      // that each hunk's place is read in the list as the ones before left it.
      removed.map(\.index).runs.reversed().map { todos.hunk(removing: $0, at: $0.lowerBound) }
    case .insert, .update, .insertMany, .replaceAll:
      []
    }
  }

  /// The adding part, read in `todos` after the change is made.
  func insertionHunks(in todos: IdentifiedArrayOf<Todo.State>) -> [TodoHunk] {
    switch self {
    case .insert(_, let index), .move(_, let index):
      [todos.hunk(adding: index..<index + 1)]
    case .update(let before, let after):
      todos.index(id: after.id).map { index in
        var hunk = todos.hunk(adding: index..<index + 1)
        hunk.removed = [before]
        return [hunk]
      } ?? []
    case .insertMany(let inserted):
      inserted.map(\.index).runs.map { todos.hunk(adding: $0) }
    case .remove, .removeMany, .replaceAll:
      []
    }
  }
}

extension IdentifiedArrayOf<Todo.State> {
  /// The todo at `index`, nil past either end (a hunk's neighbour).
  fileprivate func neighbour(_ index: Int) -> Todo.State? {
    indices.contains(index) ? self[index] : nil
  }

  /// `range` about to be removed; `at` is where it starts.
  fileprivate func hunk(removing range: Range<Int>, at: Int) -> TodoHunk {
    TodoHunk(
      at: at, above: neighbour(range.lowerBound - 1), below: neighbour(range.upperBound),
      removed: range.map { self[$0] }, added: []
    )
  }

  /// `range` just added.
  fileprivate func hunk(adding range: Range<Int>) -> TodoHunk {
    TodoHunk(
      at: range.lowerBound, above: neighbour(range.lowerBound - 1), below: neighbour(range.upperBound),
      removed: [], added: range.map { self[$0] }
    )
  }
}

extension Array<Int> {
  /// Ascending indices as runs of neighbours: [2, 3, 7] → [2..<4, 7..<8].
  fileprivate var runs: [Range<Int>] {
    var runs: [Range<Int>] = []
    for index in self {
      if let last = runs.last, last.upperBound == index {
        runs[runs.count - 1] = last.lowerBound..<index + 1
      } else {
        runs.append(index..<index + 1)
      }
    }
    return runs
  }
}
