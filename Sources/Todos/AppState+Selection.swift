import Architecture
import Foundation

/// What the list shows and where the selection may go: the filter, the
/// search, and the row being edited (always shown, even if it matches neither).
extension AppReducer.State {
  public func isVisible(_ todo: Todo.State) -> Bool {
    if case .editing(let editing) = mode, editing.id == todo.id { return true }
    return filter.includes(todo) && (search.isEmpty || todo.matches(search))
  }

  /// The todos the list shows, in order.
  public var visibleTodos: [Todo.State] {
    todos.filter(isVisible)
  }

  /// Active todos in the whole list, whatever the filter: `N items left`.
  public var activeCount: Int {
    todos.reduce(0) { $0 + ($1.isComplete ? 0 : 1) }
  }

  public var selectedTodo: Todo.State? {
    selection.flatMap { todos[id: $0] }
  }

  func firstVisible() -> Todo.State? {
    todos.first(where: isVisible)
  }

  func lastVisible() -> Todo.State? {
    todos.last(where: isVisible)
  }

  /// Moves the selection `steps` visible rows down (negative: up), stopping
  /// at the ends. Costs the rows it passes over, not the length of the list.
  mutating func moveSelection(by steps: Int) {
    guard let id = selection, var index = todos.index(id: id) else {
      selection = (steps >= 0 ? firstVisible() : lastVisible())?.id
      return
    }
    var remaining = abs(steps)
    let stride = steps >= 0 ? 1 : -1
    var probe = index + stride
    while remaining > 0, todos.indices.contains(probe) {
      if isVisible(todos[probe]) {
        index = probe
        remaining -= 1
      }
      probe += stride
    }
    selection = todos[index].id
  }

  /// Puts the selection back on a visible todo after an action hid or removed
  /// it: the next visible row from where it stood (so after a delete, the row
  /// that took its place), else the nearest one above, else none.
  ///
  /// Takes the old selection and its index, not the old state: holding a copy
  /// of the list would make every change copy all of it.
  mutating func repairSelection(anchor: (id: UUID, index: Int)?) {
    if let todo = selectedTodo, isVisible(todo) { return }
    guard let anchor else {
      selection = firstVisible()?.id
      return
    }
    // Still in the list but hidden: look past it. Removed: start where it was.
    let start: Int
    if let index = todos.index(id: anchor.id) {
      start = index + 1
    } else {
      start = min(anchor.index, todos.count)
    }
    let below = todos[start...].first(where: isVisible)
    let above = todos[..<min(start, todos.count)].last(where: isVisible)
    selection = (below ?? above)?.id
  }
}

extension AppReducer.State {
  /// Whether every todo is visible, so rows and indices are the same thing.
  var showsEverything: Bool {
    filter == .all && search.isEmpty
  }

  /// The selected todo's row among the visible ones.
  public func visibleRow(of id: UUID) -> Int? {
    guard let index = todos.index(id: id) else { return nil }
    if showsEverything { return index }
    return todos[..<index].reduce(0) { $0 + (isVisible($1) ? 1 : 0) }
  }

  public var visibleCount: Int {
    showsEverything ? todos.count : todos.reduce(0) { $0 + (isVisible($1) ? 1 : 0) }
  }

  /// Up to `count` visible todos from visible row `first` on: what the screen shows.
  public func visibleTodos(from first: Int, count: Int) -> [Todo.State] {
    if showsEverything {
      let start = min(first, todos.count)
      return Array(todos[start..<min(start + count, todos.count)])
    }
    var rows: [Todo.State] = []
    var seen = 0
    for todo in todos where isVisible(todo) {
      if seen >= first { rows.append(todo) }
      seen += 1
      if rows.count == count { break }
    }
    return rows
  }

  /// Moves `scrollTop` the least needed to show the selected row, and never
  /// past the end of the list.
  mutating func scrollSelectionIntoView() {
    let count = visibleCount
    if let row = selection.flatMap(visibleRow(of:)) {
      if row < scrollTop { scrollTop = row }
      if row >= scrollTop + pageSize { scrollTop = row - pageSize + 1 }
    }
    scrollTop = max(0, min(scrollTop, count - pageSize))
  }
}

extension Todo.State {
  /// Case-insensitive search on the whole line as it shows: priority and text.
  public func matches(_ query: String) -> Bool {
    let line = priority.map { "(\($0)) " + text } ?? text
    return line.range(of: query, options: [.caseInsensitive]) != nil
  }
}

extension Reducer where State == AppReducer.State {
  /// After every action, the selection names a visible todo (or none).
  func keepingSelectionVisible() -> Reduce<State, Action> {
    Reduce { state, action in
      let anchor = state.selection.flatMap { id in state.todos.index(id: id).map { (id, $0) } }
      let effect = self.reduce(into: &state, action: action)
      state.repairSelection(anchor: anchor)
      state.scrollSelectionIntoView()
      return effect
    }
  }
}
