import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// `b`: a part (a subtask) of the selected todo, as topydo writes them. The
/// new todo is a draft below its parent with `p:ID` already in its line
/// (the cursor before it); Enter adds it and, if the parent had no `id:`, a
/// short unused one to the parent, in one undoable step; Esc leaves both
/// as they were. Existing ids are never renumbered.
extension AppReducer {
  func addPart(_ state: inout State) -> Effect<Action> {
    guard let parent = state.list.selectedTodo, !parent.isBlankLine,
          let index = state.list.todos.index(id: parent.id) else { return .none }
    let existing = parent.dependencyID.map(String.init)
    let id = existing ?? state.list.dependencies.unusedID()
    let shownBefore = state.showNewTodos()
    let draft = Todo.State(id: environment.uuid())
    var editing = Editing(
      id: draft.id, isNew: true, selectionBefore: parent.id, editor: LineEditor.State(text: " p:\(id)", cursor: 0)
    )
    editing.shownBefore = shownBefore
    editing.part = Part(parent: parent.id, id: id, writesParentID: existing == nil)
    state.mode = .editing(editing)
    return change(&state, ListEdit(changes: [.insert(draft, at: index + 1)], kind: .draft, selecting: .some(draft.id)))
  }

  /// Enter on a part's line: the draft leaves (it was never in the file),
  /// then the part and its parent's new `id:` arrive as one step.
  func commitPart(_ state: inout State, _ editing: Editing, _ part: Part, line: String) -> Effect<Action> {
    guard line != "p:\(part.id)", !line.isEmpty else {
      let effect = cancelEdit(&state)
      state.list.message = "Nothing added: the part had no text"
      return effect
    }
    state.mode = .list
    guard let index = state.list.todos.index(id: editing.id) else { return .none }
    let draftGone = change(&state, ListEdit(
      changes: [.remove(state.list.todos[index], at: index)], kind: .draft, selecting: .some(editing.id)
    ))
    let todo = TodoTxt.parseTyped(line, id: editing.id, today: environment.today, isNew: true)
    var changes: [ListChange] = [.insert(todo, at: index)]
    if part.writesParentID, let parent = state.list.todos[id: part.parent] {
      var named = parent
      named.text += parent.text.isEmpty ? "id:\(part.id)" : " id:\(part.id)"
      changes.append(.update(before: parent, after: named))
    }
    let open = state.list.dependencies.openParts(of: part.id) + (todo.isComplete ? 0 : 1)
    let added = changes.count > 1 ? "Added a part — its todo is id:\(part.id)" : "Added a part of id:\(part.id)"
    return .merge(draftGone, change(&state, ListEdit(
      changes: changes, kind: .step(selectionBefore: editing.selectionBefore), selecting: .some(todo.id),
      message: state.hiddenNote(todo, added) ?? "\(added), \(open) open"
    )))
  }
}
