import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// One reversible change to the todo list. Undo keeps these instead of copies
/// of the list, so a hundred steps on a list of 100,000 todos cost kilobytes.
///
/// `apply` turns the list as it was into the list as it became, and
/// `inverse` is the change that turns it back. Each assumes it is given
/// exactly that list, which holds because every change passes the one door
/// (`AppReducer.change`) and undo and redo run in order.
enum ListChange: Equatable, Sendable {
  case insert(Todo.State, at: Int)
  case remove(Todo.State, at: Int)
  case update(before: Todo.State, after: Todo.State)
  /// The todo at `from` ended up at `to`.
  case move(from: Int, to: Int)
  /// Several todos removed at once (clear completed), with their indices in
  /// ascending order in the list before.
  case removeMany([IndexedTodo])
  /// The inverse of `removeMany`: each todo put back at its index, in order.
  case insertMany([IndexedTodo])
  /// The list as read from the disk; never recorded for undo.
  case replaceAll(IdentifiedArrayOf<Todo.State>)

  struct IndexedTodo: Equatable, Sendable {
    let index: Int
    let todo: Todo.State
  }

  func apply(to todos: inout IdentifiedArrayOf<Todo.State>) {
    switch self {
    case .insert(let todo, let index):
      todos.insert(todo, at: index)
    case .remove(_, let index):
      todos.remove(at: index)
    case .update(_, let after):
      todos[id: after.id] = after
    case .move(let from, let to):
      todos.move(from: from, to: to)
    case .removeMany(let removed):
      todos.remove(atSortedOffsets: removed.lazy.map(\.index))
    case .insertMany(let inserted):
      todos.insert(inserted.map(\.todo), atSortedOffsets: inserted.map(\.index))
    case .replaceAll(let list):
      todos = list
    }
  }

  var inverse: ListChange {
    switch self {
    case .insert(let todo, let index): .remove(todo, at: index)
    case .remove(let todo, let index): .insert(todo, at: index)
    case .update(let before, let after): .update(before: after, after: before)
    case .move(let from, let to): .move(from: to, to: from)
    case .removeMany(let removed): .insertMany(removed)
    case .insertMany(let inserted): .removeMany(inserted)
    case .replaceAll: preconditionFailure("a list read from the disk is never undone")
    }
  }

  /// The todos the change takes away or brings, added to `todos` (a
  /// batch's 33,000 go into one array, not an array each).
  func addTodos(to todos: inout [Todo.State]) {
    switch self {
    case .insert(let todo, _), .remove(let todo, _): todos.append(todo)
    case .update(let before, let after): todos.append(before); todos.append(after)
    case .move, .replaceAll: break
    case .removeMany(let items), .insertMany(let items): for item in items { todos.append(item.todo) }
    }
  }

  /// The id of the todo whose completion this change flips, if it does.
  var flippedCompletion: UUID? {
    if case .update(let before, let after) = self, before.isComplete != after.isComplete { after.id } else { nil }
  }
}
