import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Undo and redo by content: a step's lines are found in the list as it is
/// now — after other programs' changes, after a restart — and changed back
/// only if they are still as the step left them; otherwise nothing changes
/// and the footer says which line and who changed it.
extension ListFeature {
  func undo(_ state: inout State) -> Effect<Action> {
    guard let step = state.history.undoSteps.last else {
      state.message = "Nothing to undo"
      return .none
    }
    let hunks = step.record.hunks.reversed().map(\.inverse)
    switch state.apply(hunks, reusing: step.todos, newID: environment.uuid) {
    case .refused(let line):
      state.message = "Not undone: \(LineHunk.quoted(line)) was changed by \(state.history.whoChanged(line))"
      return .none
    case .applied(let changes):
      let effect = change(&state, ListEdit(
        changes: changes, kind: .undo(step.record.id, hunks), selecting: .some(step.selectionBefore),
        message: "Undone — Ctrl-R redoes", applied: changes.count
      ))
      // The done file loses the lines only once the todo file has them again
      // (the app hands them to the save: `unarchiveWhenSaved`).
      state.unarchiveWhenSaved += step.record.archived
      return effect
    }
  }

  func redo(_ state: inout State) -> Effect<Action> {
    guard let step = state.history.redoSteps.last else {
      state.message = "Nothing to redo"
      return .none
    }
    switch state.apply(step.record.hunks, reusing: step.todos, newID: environment.uuid) {
    case .refused(let line):
      state.message = "Not redone: \(LineHunk.quoted(line)) was changed by \(state.history.whoChanged(line))"
      return .none
    case .applied(let changes):
      let effect = change(&state, ListEdit(
        changes: changes, kind: .redo(step.record.id, step.record.hunks), selecting: .some(step.selectionAfter),
        message: "Redone — u undoes", applied: changes.count
      ))
      let archived = step.record.archived
      guard !archived.isEmpty else { return effect }
      return .merge(effect, doneFile { (file) throws(TodoFileError) in try file.archive(archived) })
    }
  }

  /// `U`, Enter: the change `record` made, taken back as a new step (which
  /// `u` undoes), if its lines are still as it left them.
  func revert(_ state: inout State, _ record: HistoryRecord) -> Effect<Action> {
    let hunks = record.hunks.reversed().map(\.inverse)
    guard !hunks.isEmpty else {
      state.message = "Nothing to revert: that change left no lines"
      return .none
    }
    switch state.apply(hunks, reusing: [], newID: environment.uuid) {
    case .refused(let line):
      state.message = "Not reverted: \(LineHunk.quoted(line)) was changed by \(state.history.whoChanged(line))"
      return .none
    case .applied(let changes):
      if case .step = record.kind { state.unarchiveWhenSaved += record.archived }
      return change(&state, ListEdit(
        changes: changes, message: "Reverted: \(record.summary) — u undoes", summary: "reverted: " + record.summary,
        hunks: hunks, applied: changes.count
      ))
    }
  }

  /// Work on the done file, off the main queue; a failure is said in the footer.
  private func doneFile(_ work: @escaping @Sendable (TodoFileClient) throws(TodoFileError) -> Void) -> Effect<Action> {
    guard let file = environment.file else { return .none }
    return .run(on: environment.ioQueue) { send in
      do throws(TodoFileError) {
        try work(file)
      } catch {
        send(.doneFileFailed(error.message))
      }
    }
  }
}

extension ListFeature.State {
  enum HunkResult: Equatable {
    /// Made, as these list changes (for the door to record).
    case applied([ListChange])
    /// Nothing changed: this line is not as the hunks expect.
    case refused(String)
  }

  /// Makes `hunks` on the list, in order, each where its lines are now; a
  /// todo that comes back takes its id from `known` when it is free (so the
  /// selection finds it), else a new one. All or nothing.
  mutating func apply(_ hunks: [LineHunk], reusing known: [Todo.State], newID: () -> UUID) -> HunkResult {
    var made: [ListChange] = []
    func make(_ change: ListChange) {
      change.apply(to: &todos)
      made.append(change)
    }
    for hunk in hunks {
      switch hunk.place(inFileOf: todos.count, line: { TodoTxt.format(todos[$0]) }) {
      case .missing(let line):
        for change in made.reversed() { change.inverse.apply(to: &todos) }
        return .refused(line)
      case .at(let start) where hunk.removed.count == hunk.added.count:
        for (offset, line) in hunk.added.enumerated() {
          let before = todos[start + offset]
          make(.update(before: before, after: TodoTxt.parse(line[...], id: before.id)))
        }
      case .at(let start):
        for _ in hunk.removed { make(.remove(todos[start], at: start)) }
        for (offset, line) in hunk.added.enumerated() {
          let id = known.first { todos[id: $0.id] == nil && TodoTxt.format($0) == line }?.id ?? newID()
          make(.insert(TodoTxt.parse(line[...], id: id), at: start + offset))
        }
      }
    }
    return .applied(made)
  }
}
