#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Architecture


/// Adding and editing todos: the row being edited lives in the list while its
/// text is typed in the line editor; Enter commits it, Esc cancels it.
extension AppReducer.State {
  mutating func addTodo(_ placement: AppReducer.Placement, id: UUID, today: Day) {
    flushPendingSort()
    // The new todo must be visible after Enter, whatever was being shown.
    if filter == .completed { filter = .all }
    search = ""
    let selected = selection.flatMap { todos.index(id: $0) }
    let index = switch placement {
    case .top: 0
    case .below: selected.map { $0 + 1 } ?? 0
    case .above: selected ?? 0
    }
    todos.insert(Todo.State(id: id, creationDate: today), at: index)
    mode = .editing(.init(id: id, isNew: true, selectionBefore: selection))
    selection = id
    editor = LineEditor.State()
  }

  mutating func editSelected() {
    guard let todo = selectedTodo else { return }
    mode = .editing(.init(id: todo.id, isNew: false, selectionBefore: selection))
    editor = LineEditor.State(text: todo.text)
  }

  /// Enter: a new todo joins the list for good (unless its text is empty);
  /// an edited one takes the new text. Returns a message to flash, if any.
  mutating func commitEdit() -> String? {
    guard case .editing(let editing) = mode, let index = todos.index(id: editing.id) else { return nil }
    let text = editor.text.trimmingWhitespace()
    let before = todos[index]
    if editing.isNew {
      guard !text.isEmpty else {
        cancelEdit()
        return nil
      }
      mode = .list
      todos[index].text = text
      record([.insert(todos[index], at: index)], selectionBefore: editing.selectionBefore)
      return nil
    }
    mode = .list
    guard !text.isEmpty else { return "A todo needs text: kept the old text (d deletes a todo)" }
    guard text != before.text else { return nil }
    todos[index].text = text
    record([.update(before: before, after: todos[index])], selectionBefore: selection)
    return nil
  }

  /// Esc: a new todo is dropped, an edited one keeps its old text.
  mutating func cancelEdit() {
    guard case .editing(let editing) = mode else { return }
    mode = .list
    if editing.isNew {
      todos.remove(id: editing.id)
      selection = editing.selectionBefore
    }
  }
}
