import IdentifiedCollections
import TodoModel

/// A list change as hunks of the file's todos (`TodoHunk`s, lines once
/// formatted), which is how the history keeps it: undo then finds its
/// lines again by content, whatever happened to the list since. What a
/// change removes is read in the list before it, what it adds in the list
/// after it, each with its neighbours: O(changed todos), never O(list),
/// and nothing formatted while the key waits.
extension ListChange {
  /// The removing part, read in `todos` before the change is made, added
  /// to `hunks` (a batch adds 16,666: no array for each).
  func addRemovalHunks(in todos: IdentifiedArrayOf<Todo.State>, to hunks: inout [TodoHunk]) {
    switch self {
    case .remove(_, let index):
      hunks.append(todos.hunk(removing: index..<index + 1, at: index))
    case .move(let from, _):
      hunks.append(todos.hunk(removing: from..<from + 1, at: from))
    case .removeMany(let removed):
      // Each run of neighbouring todos is one hunk; the last run first, so
      // that each hunk's place is read in the list as the ones before left it.
      for run in removed.map(\.index).runs.reversed() { hunks.append(todos.hunk(removing: run, at: run.lowerBound)) }
    case .insert, .update, .insertMany, .replaceAll:
      break
    }
  }

  /// The adding part, read in `todos` after the change is made, added to `hunks`.
  func addInsertionHunks(in todos: IdentifiedArrayOf<Todo.State>, to hunks: inout [TodoHunk]) {
    switch self {
    case .insert(_, let index), .move(_, let index):
      hunks.append(todos.hunk(adding: index..<index + 1))
    case .update(let before, let after):
      guard let index = todos.index(id: after.id) else { return }
      hunks.append(TodoHunk(
        at: index, above: todos.neighbour(index - 1), below: todos.neighbour(index + 1), removed: [before], added: [after]
      ))
    case .insertMany(let inserted):
      for run in inserted.map(\.index).runs { hunks.append(todos.hunk(adding: run)) }
    case .remove, .removeMany, .replaceAll:
      break
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
