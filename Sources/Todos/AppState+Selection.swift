import Architecture
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the list shows and where the selection may go: the filter, the
/// search, and the row being edited (always shown, even if it matches neither).
extension AppReducer.State {
  public func isVisible(_ todo: Todo.State) -> Bool { Visibility(self).test(todo) }

  /// The visibility test for one scan of the list, with the search prepared
  /// once rather than once per todo.
  func visibility() -> (Todo.State) -> Bool {
    let visibility = Visibility(self)
    return { visibility.test($0) }
  }

  /// The todos the list shows, in order.
  public var visibleTodos: [Todo.State] {
    todos.filter(visibility())
  }

  /// Active todos in the whole list, whatever the filter: `N items left`.
  public var activeCount: Int {
    var count = 0
    scanTodos { todo in
      count += todo.pointee.isComplete ? 0 : 1
      return true
    }
    return count
  }

  /// Visits every todo in order through a pointer. Whole-list scans (the
  /// footer's count, the search) run on every key, and the collection's own
  /// iterator copies each todo — retaining and releasing its text — which
  /// at 100,000 todos showed up as the scan's main cost in `perf`.
  /// `body` returns false to stop early; `indices` may run backwards.
  func scanTodos(_ indices: some Sequence<Int>, _ body: (_ index: Int, _ todo: UnsafePointer<Todo.State>) -> Bool) {
    todos.elements.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for index in indices {
        guard body(index, first + index) else { return }
      }
    }
  }

  func scanTodos(_ body: (UnsafePointer<Todo.State>) -> Bool) {
    scanTodos(todos.indices) { body($1) }
  }

  /// Up to `limit` indices of visible todos in `indices`, in that order.
  func visibleIndices(_ indices: some Sequence<Int>, limit: Int) -> [Int] {
    var found: [Int] = []
    guard limit > 0 else { return found }
    let visibility = Visibility(self)
    scanTodos(indices) { index, todo in
      if visibility.test(todo) { found.append(index) }
      return found.count < limit
    }
    return found
  }

  public var selectedTodo: Todo.State? {
    selection.flatMap { todos[id: $0] }
  }

  func firstVisible() -> Todo.State? {
    todos.first(where: visibility())
  }

  func lastVisible() -> Todo.State? {
    todos.last(where: visibility())
  }

  /// Moves the selection `steps` visible rows down (negative: up), stopping
  /// at the ends. Costs the rows it passes over, not the length of the list.
  mutating func moveSelection(by steps: Int) {
    guard let id = selection, var index = todos.index(id: id) else {
      selection = (steps >= 0 ? firstVisible() : lastVisible())?.id
      return
    }
    var remaining = abs(steps)
    let isVisible = visibility()
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
    let isVisible = visibility()
    let below = todos[start...].first(where: isVisible)
    selection = (below ?? todos[..<min(start, todos.count)].last(where: isVisible))?.id
  }
}

extension AppReducer.State {
  /// Whether every todo is visible, so rows and indices are the same thing.
  var showsEverything: Bool {
    filter == .all && search.isEmpty
  }

  /// The todos the screen shows: up to `count` visible ones from index
  /// `scrollTop` on.
  public func screenTodos(count: Int) -> [Todo.State] {
    let start = min(max(scrollTop, 0), todos.count)
    if showsEverything { return Array(todos[start..<min(start + count, todos.count)]) }
    return visibleIndices(start..<todos.count, limit: count).map { todos[$0] }
  }

  /// Moves `scrollTop` the least needed to show the selected row, and keeps
  /// the page full when the list has enough visible rows.
  ///
  /// Under a filter or search this runs on every key, so it reads only the
  /// rows between the top of the screen and the selection, and a page on
  /// (or back from the end): never the whole list to count rows above.
  mutating func scrollSelectionIntoView() {
    var top = min(max(scrollTop, 0), todos.count)
    if let index = selection.flatMap({ todos.index(id: $0) }) {
      if index < top {
        top = index
      } else {
        // Visible rows from the top to the selection; at most a page of them.
        let rows = visibleIndices(top...index, limit: pageSize + 1)
        if rows.count > pageSize { top = visibleIndices((0...index).reversed(), limit: pageSize).last ?? top }
      }
    }
    // A page not full while rows are hidden above: the last page instead.
    if visibleIndices(top..<todos.count, limit: pageSize).count < pageSize {
      let lastPage = visibleIndices(todos.indices.reversed(), limit: pageSize)
      top = lastPage.count < pageSize ? 0 : lastPage.last!
    }
    scrollTop = top
  }
}

extension Todo.State {
  /// Case-insensitive search on the whole line as it shows: priority and text.
  public func matches(_ query: String) -> Bool {
    SearchQuery(query).matches(self)
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

/// Whether a todo shows under the filter and the search (the todo being
/// edited always does), with the search prepared once for a whole scan.
struct Visibility {
  let filter: Filter
  let query: SearchQuery?
  let editing: UUID?

  init(_ state: AppReducer.State) {
    filter = state.filter
    query = state.search.isEmpty ? nil : SearchQuery(state.search)
    editing = if case .editing(let editing) = state.mode { editing.id } else { nil }
  }

  func test(_ todo: borrowing Todo.State) -> Bool {
    withUnsafePointer(to: todo) { test($0) }
  }

  /// Reads the todo's fields in place: passing the todo itself made the
  /// compiler copy it (and retain its text) for every todo of a scan.
  func test(_ todo: UnsafePointer<Todo.State>) -> Bool {
    if todo.pointee.id == editing { return true }
    guard filter.includes(isComplete: todo.pointee.isComplete) else { return false }
    guard let query else { return true }
    return query.matches(text: todo.pointee.text, priority: todo.pointee.priority)
  }
}
