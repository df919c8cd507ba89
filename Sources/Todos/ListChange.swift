import Architecture

/// One reversible change to the todo list. Undo keeps these instead of copies
/// of the list, so a hundred steps on a list of 100,000 todos cost kilobytes.
///
/// `apply` turns the list as it was into the list as it became; `revert` does
/// the opposite. Each assumes it is given exactly that list, which holds
/// because every change to the list is recorded and undo/redo run in order.
enum ListChange: Sendable {
  case insert(Todo.State, at: Int)
  case remove(Todo.State, at: Int)
  case update(before: Todo.State, after: Todo.State)
  /// The todo at `from` ended up at `to`.
  case move(from: Int, to: Int)
  /// Several todos removed at once (clear completed), with their indices in
  /// ascending order in the list before.
  case removeMany([IndexedTodo])
  /// The stable sort of completed todos below active ones; `movedFrom` holds,
  /// in ascending order, the old indices of the completed todos that moved.
  case completedSorted(movedFrom: [Int])

  struct IndexedTodo: Sendable {
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
      todos.insert(todos.remove(at: from), at: to)
    case .removeMany(let removed):
      let ids = Set(removed.map(\.todo.id))
      todos.removeAll { ids.contains($0.id) }
    case .completedSorted:
      todos = Self.sortingCompleted(todos).sorted
    }
  }

  func revert(in todos: inout IdentifiedArrayOf<Todo.State>) {
    switch self {
    case .insert(_, let index):
      todos.remove(at: index)
    case .remove(let todo, let index):
      todos.insert(todo, at: index)
    case .update(let before, _):
      todos[id: before.id] = before
    case .move(let from, let to):
      todos.insert(todos.remove(at: to), at: from)
    case .removeMany(let removed):
      for item in removed { todos.insert(item.todo, at: item.index) }
    case .completedSorted(let movedFrom):
      todos = Self.unsortingCompleted(todos, movedFrom: movedFrom)
    }
  }

  /// Completed todos below active ones, each group in its old order, and the
  /// old indices of the completed todos that had to move (those above the
  /// run of completed todos that already ended the list).
  static func sortingCompleted(
    _ todos: IdentifiedArrayOf<Todo.State>
  ) -> (sorted: IdentifiedArrayOf<Todo.State>, movedFrom: [Int]) {
    let settled = todos.reversed().prefix { $0.isComplete }.count
    let unsettled = todos.count - settled
    var movedFrom: [Int] = []
    for index in 0..<unsettled where todos[index].isComplete {
      movedFrom.append(index)
    }
    guard !movedFrom.isEmpty else { return (todos, []) }
    var order: [Todo.State] = []
    order.reserveCapacity(todos.count)
    order.append(contentsOf: todos[..<unsettled].lazy.filter { !$0.isComplete })
    order.append(contentsOf: movedFrom.lazy.map { todos[$0] })
    order.append(contentsOf: todos[unsettled...])
    return (IdentifiedArray(uncheckedUniqueElements: order), movedFrom)
  }

  /// The inverse of `sortingCompleted`: the moved todos are the first of the
  /// completed block; put them back at their old indices.
  static func unsortingCompleted(
    _ todos: IdentifiedArrayOf<Todo.State>, movedFrom: [Int]
  ) -> IdentifiedArrayOf<Todo.State> {
    let activeCount = todos.prefix { !$0.isComplete }.count
    let moved = todos[activeCount..<(activeCount + movedFrom.count)]
    var stayed = todos[..<activeCount].makeIterator()
    var suffix = todos[(activeCount + movedFrom.count)...].makeIterator()
    var nextMoved = moved.makeIterator()
    var movedIndex = 0
    var order: [Todo.State] = []
    order.reserveCapacity(todos.count)
    for index in 0..<todos.count {
      if movedIndex < movedFrom.count, movedFrom[movedIndex] == index {
        order.append(nextMoved.next()!)
        movedIndex += 1
      } else if let todo = stayed.next() {
        order.append(todo)
      } else {
        order.append(suffix.next()!)
      }
    }
    return IdentifiedArray(uncheckedUniqueElements: order)
  }
}
