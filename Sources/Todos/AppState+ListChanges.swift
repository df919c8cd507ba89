import Architecture
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The changes to the list that undo can take back: each records a step in
/// the history as it changes the list.
extension AppReducer.State {
  mutating func deleteSelected() -> String? {
    flushPendingSort()
    guard let todo = selectedTodo, let index = todos.index(id: todo.id) else { return nil }
    let selectionBefore = selection
    todos.remove(at: index)
    repairSelection(anchor: (todo.id, index))
    record([.remove(todo, at: index)], selectionBefore: selectionBefore)
    return "Deleted \"\(todo.text)\" — u to undo"
  }

  /// `J`/`K`: past the next visible todo below/above, so moving works the
  /// same under a filter or a search.
  mutating func moveSelected(_ direction: AppReducer.Direction) {
    flushPendingSort()
    guard let id = selection, let from = todos.index(id: id) else { return }
    let neighbor = switch direction {
    case .down: todos.indices[(from + 1)...].first { isVisible(todos[$0]) }
    case .up: todos.indices[..<from].last { isVisible(todos[$0]) }
    }
    guard let to = neighbor else { return }
    todos.insert(todos.remove(at: from), at: to)
    record([.move(from: from, to: to)], selectionBefore: selection)
  }

  mutating func clearCompleted() -> String {
    flushPendingSort()
    let removed = todos.enumerated().compactMap { index, todo in
      todo.isComplete ? ListChange.IndexedTodo(index: index, todo: todo) : nil
    }
    guard !removed.isEmpty else { return "No completed todos to clear" }
    let selectionBefore = selection
    let anchor = selection.flatMap { id in todos.index(id: id).map { (id, $0) } }
    todos.removeAll { $0.isComplete }
    repairSelection(anchor: anchor)
    record([.removeMany(removed)], selectionBefore: selectionBefore)
    let noun = removed.count == 1 ? "todo" : "todos"
    return "Cleared \(removed.count) completed \(noun) — u to undo"
  }

  /// Sorts completed todos below active ones now, if a toggle is waiting for
  /// that; the sort joins the toggle's undo step.
  mutating func flushPendingSort() {
    guard isSortPending else { return }
    isSortPending = false
    let (sorted, movedFrom) = ListChange.sortingCompleted(todos)
    guard !movedFrom.isEmpty else { return }
    todos = sorted
    history.appendToLatest(.completedSorted(movedFrom: movedFrom))
    file.revision += 1
  }

  mutating func undo() -> String {
    // A pending sort belongs to the step being undone: it will not happen.
    isSortPending = false
    guard let step = history.popUndo() else { return "Nothing to undo" }
    for change in step.changes.reversed() { change.revert(in: &todos) }
    selection = step.selectionBefore
    file.revision += 1
    return "Undone — Ctrl-R redoes"
  }

  mutating func redo() -> String {
    guard let step = history.popRedo() else { return "Nothing to redo" }
    for change in step.changes { change.apply(to: &todos) }
    selection = step.selectionAfter
    file.revision += 1
    // A toggle undone before its sort came gets its sort again.
    if step.changes.count == 1, case .update(let before, let after) = step.changes[0],
       before.isComplete != after.isComplete {
      isSortPending = true
    }
    return "Redone — u undoes"
  }

  /// Records a change already made to the list. Any other change first
  /// settles a pending sort, so the sort stays with the toggle that caused
  /// it; another toggle instead takes the pending sort over.
  mutating func record(_ changes: [ListChange], selectionBefore: UUID?, isToggle: Bool = false) {
    if !isToggle { flushPendingSort() }
    history.record(.init(changes: changes, selectionBefore: selectionBefore, selectionAfter: selection))
    file.revision += 1
  }
}

extension Reducer where State == AppReducer.State, Action == AppReducer.Action {
  /// Records what an element reducer changed in a todo (toggle, priority) as
  /// an undo step, from the todo as it was before and after.
  func recordingElementChanges() -> Reduce<State, Action> {
    Reduce { state, action in
      guard case .todo(let id, let elementAction) = action, let before = state.todos[id: id] else {
        return self.reduce(into: &state, action: action)
      }
      let selectionBefore = state.selection
      let effect = self.reduce(into: &state, action: action)
      if let after = state.todos[id: id], after != before {
        state.record(
          [.update(before: before, after: after)], selectionBefore: selectionBefore,
          isToggle: elementAction == .toggleCompleteTapped
        )
      }
      return effect
    }
  }
}
