import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Adding and editing todos: a new todo is a draft row in the list while its
/// line is typed; Enter commits the line as todo.txt, Esc cancels. Every
/// change to the list goes through the list's door (`change`).
extension AppReducer {
  func addTodo(_ state: inout State, _ placement: Placement) -> Effect<Action> {
    let shownBefore = state.showNewTodos()
    let index = insertionIndex(state, placement)
    let draft = Todo.State(id: environment.uuid())
    var editing = Editing(id: draft.id, isNew: true, selectionBefore: state.list.selection)
    editing.shownBefore = shownBefore
    state.mode = .editing(editing)
    return change(&state, ListEdit(changes: [.insert(draft, at: index)], kind: .draft, selecting: .some(draft.id)))
  }

  /// Where a new todo goes in the file: `O`/`o` around the selection,
  /// `a` at the top (or the end, with `add-at-end`), the shell at the end.
  private func insertionIndex(_ state: State, _ placement: Placement) -> Int {
    let selected = state.list.selection.flatMap { state.list.todos.index(id: $0) }
    return switch placement {
    case .top where state.settings.addsAtEnd: state.list.todos.count
    case .top: 0
    case .below: selected.map { $0 + 1 } ?? 0
    case .above: selected ?? 0
    case .end: state.list.todos.count
    }
  }

  /// A paste in list mode: its non-empty lines become todos below the
  /// selection, read as typed lines, in one undoable step (a pasted
  /// `jdjxC` is text, never keys). `yaru add -` pastes at the end.
  func pasteTodos(_ state: inout State, _ text: String, at placement: Placement) -> Effect<Action> {
    let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    guard !lines.isEmpty else { return .none }
    state.showNewTodos()
    let first = insertionIndex(state, placement)
    let added = lines.enumerated().map { offset, line in
      ListChange.IndexedTodo(
        index: first + offset, todo: TodoTxt.parseTyped(line, id: environment.uuid(), today: environment.today, isNew: true)
      )
    }
    let noun = added.count == 1 ? "todo" : "todos"
    return change(&state, ListEdit(
      changes: [.insertMany(added)], selecting: .some(added[0].todo.id), message: "Pasted \(added.count) \(noun) — u to undo"
    ))
  }

  /// The selected todo's whole line, as the file has it, in the editor.
  func editSelected(_ state: inout State) -> Effect<Action> {
    guard let todo = state.list.selectedTodo else { return .none }
    let line = TodoTxt.format(todo)
    state.mode = .editing(Editing(
      id: todo.id, isNew: false, selectionBefore: state.list.selection, editor: LineEditor.State(text: line), original: line
    ))
    return .none
  }

  /// Enter: the line is read as todo.txt, exactly as loading the file would
  /// read it, so the screen after Enter is the screen after a reload. A new
  /// todo joins the list for good (unless its line is empty); an edited one
  /// takes the new line.
  func commitEdit(_ state: inout State) -> Effect<Action> {
    guard case .editing(let editing) = state.mode, let index = state.list.todos.index(id: editing.id) else { return .none }
    let line = editing.editor.text.trimmingWhitespace()
    let before = state.list.todos[index]
    // An unchanged line saves nothing: a bad date the file already had is
    // no reason to keep it open.
    if editing.hasChanges, let word = DateShortcut.firstNonDate(in: editing.editor.text, today: environment.today) {
      return refuseNonDate(&state, editing, word)
    }
    if editing.isNew, let part = editing.part {
      return commitPart(&state, editing, part, line: line)
    }
    if editing.isNew {
      guard !line.isEmpty else {
        // Spaces alone are no todo: said, not dropped silently (said as
        // the list's message, so the draft's removal does not clear it).
        let effect = cancelEdit(&state)
        if !editing.editor.text.isEmpty { state.list.message = "Nothing added: the todo was only spaces" }
        return effect
      }
      state.mode = .list
      let todo = TodoTxt.parseTyped(line, id: editing.id, today: environment.today, isNew: true)
      return change(&state, ListEdit(
        changes: [.update(before: before, after: todo)],
        kind: .step(recordedAs: [.insert(todo, at: index)], selectionBefore: editing.selectionBefore),
        message: state.hiddenNote(todo, "Added")
      ))
    }
    state.mode = .list
    guard !line.isEmpty else { return flash(&state, "A todo needs text: kept the old text (d deletes a todo)") }
    let todo = TodoTxt.parseTyped(line, id: editing.id, today: environment.today, isNew: false)
    guard todo != before else { return .none }
    if let original = editing.original, !TodoTxt.format(before).utf8.elementsEqual(original.utf8) {
      // Another program changed this line while it was being edited (merged
      // in meanwhile): theirs stays, the edit is kept after it, tagged.
      let mine = conflictTag(todo.with(id: environment.uuid()))
      return change(&state, ListEdit(
        changes: [.insert(mine, at: index + 1)], selecting: .some(mine.id),
        message: "Changed elsewhere meanwhile: yours tagged conflict:"
      ))
    }
    return change(&state, ListEdit(changes: [.update(before: before, after: todo)], message: state.hiddenNote(todo, "Saved")))
  }

  /// Enter on a line with a `due:`/`t:` word that is no date: saved, the
  /// todo would silently have no date. The line stays open, the cursor
  /// after that word, the word marked and the reason on the status line.
  private func refuseNonDate(_ state: inout State, _ editing: Editing, _ word: Substring) -> Effect<Action> {
    var editing = editing
    editing.showsNonDates = true
    editing.editor.cursor = editing.editor.text.distance(from: editing.editor.text.startIndex, to: word.endIndex)
    state.mode = .editing(editing)
    return .none
  }

  /// Esc: a new todo is dropped, an edited one keeps its old line. The
  /// search and filter that `a` put aside for the new todo come back: the
  /// list is as it was before `a`.
  func cancelEdit(_ state: inout State) -> Effect<Action> {
    guard case .editing(let editing) = state.mode else { return .none }
    state.mode = .list
    if let before = editing.shownBefore {
      state.list.filter = before.filter
      state.search.text = before.search
    }
    guard editing.isNew, let index = state.list.todos.index(id: editing.id) else { return .none }
    return change(&state, ListEdit(
      changes: [.remove(state.list.todos[index], at: index)], kind: .draft, selecting: .some(editing.selectionBefore)
    ))
  }
}

extension AppReducer.State {
  /// New todos must be visible once added, whatever was being shown.
  /// Returns what was put aside for that, for Esc to bring back; nil for nothing.
  @discardableResult
  mutating func showNewTodos() -> AppReducer.ShownBefore? {
    guard list.filter == .completed || !search.text.isEmpty else { return nil }
    let before = AppReducer.ShownBefore(filter: list.filter, search: search.text)
    if list.filter == .completed { list.filter = .all }
    search.text = ""
    return before
  }

  /// Where a todo went that its line hides (a later `t:`, `h:1`) while
  /// hidden todos are not shown: without a word it would just vanish.
  func hiddenNote(_ todo: Todo.State, _ done: String) -> String? {
    guard !list.showsHidden, todo.hiding.hides(on: today) else { return nil }
    if !todo.hiding.isAlwaysHidden, let day = todo.hiding.threshold { return "\(done) — hidden until \(day) (H shows hidden)" }
    return "\(done) — hidden by h:1 (H shows hidden)"
  }

  /// A todo being added and not yet committed: never saved.
  var unfinishedNewTodo: UUID? {
    if case .editing(let editing) = mode, editing.isNew { editing.id } else { nil }
  }
}
