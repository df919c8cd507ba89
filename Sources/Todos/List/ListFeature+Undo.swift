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
    let hunks = step.record.content.inverse
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
      state.takeBack(step.record)
      return effect
    }
  }

  func redo(_ state: inout State) -> Effect<Action> {
    guard let step = state.history.redoSteps.last else {
      state.message = "Nothing to redo"
      return .none
    }
    let archived = step.record.archived
    if let path = step.record.movedTo, !archived.isEmpty {
      // A move again: the other list gets them first, then they leave this one.
      return moveAgain(archived, to: path, redoing: step.record.id)
    }
    guard !archived.isEmpty, let file = environment.file else { return redo(&state, step) }
    // An archive again: the done file gains the lines before the list (and
    // so the todo file) loses them, as `A` does; if it cannot take them,
    // nothing is redone.
    guard state.archiveRedoing == nil else { return .none }
    let id = step.record.id
    state.archiveRedoing = id
    return .run(on: environment.ioQueue) { send in
      do throws(TodoFileError) {
        try file.archive(archived)
        send(.redoneArchiveWritten(id, failure: nil))
      } catch {
        send(.redoneArchiveWritten(id, failure: error.message))
      }
    }
  }

  /// The other list has a redone move's todos again (or could not take them).
  func movedAgain(_ state: inout State, redoing id: String, failure: String?) -> Effect<Action> {
    redoOnceWritten(&state, id, failure: failure, meanwhile: "Not redone here: the list changed meanwhile, so the todos are in both lists")
  }

  /// The done file has a redone archive's lines (or could not take them).
  func redoneArchiveWritten(_ state: inout State, _ id: String, failure: String?) -> Effect<Action> {
    state.archiveRedoing = nil
    return redoOnceWritten(&state, id, failure: failure, meanwhile: "Not redone: the list changed meanwhile (the todos are in the done file too)")
  }

  /// The other file (the done file, another list) has a redo's lines, or
  /// why not: the redo is made now, if it is still the one to redo. If the
  /// list changed meanwhile, the lines stay in both files, never in neither.
  private func redoOnceWritten(_ state: inout State, _ id: String, failure: String?, meanwhile: String) -> Effect<Action> {
    if let failure {
      state.message = "Not redone: \(failure)"
      return .none
    }
    guard let step = state.history.redoSteps.last, step.record.id == id else {
      state.message = meanwhile
      return .none
    }
    return redo(&state, step)
  }

  /// Makes the redo of `step`, the last undone one.
  private func redo(_ state: inout State, _ step: UndoHistory.Step) -> Effect<Action> {
    let hunks = step.record.content
    switch state.apply(hunks, reusing: step.todos, newID: environment.uuid) {
    case .refused(let line):
      state.message = "Not redone: \(LineHunk.quoted(line)) was changed by \(state.history.whoChanged(line))"
      return .none
    case .applied(let changes):
      return change(&state, ListEdit(
        changes: changes, kind: .redo(step.record.id, hunks), selecting: .some(step.selectionAfter),
        message: "Redone — u undoes", applied: changes.count
      ))
    }
  }

  /// `U`, Enter: the change `record` made, taken back as a new step (which
  /// `u` undoes), if its lines are still as it left them.
  func revert(_ state: inout State, _ record: HistoryRecord) -> Effect<Action> {
    let hunks = record.content.inverse
    if case .outside = record.kind, record.movedTo != nil {
      // Their other half is in the list they came from: undone there, both files at once.
      state.message = "Not reverted: this is a move's arrival; u in the list they came from takes both back"
      return .none
    }
    guard !hunks.isEmpty else {
      state.message = "Nothing to revert: that change left no lines"
      return .none
    }
    switch state.apply(hunks, reusing: [], newID: environment.uuid) {
    case .refused(let line):
      state.message = "Not reverted: \(LineHunk.quoted(line)) was changed by \(state.history.whoChanged(line))"
      return .none
    case .applied(let changes):
      if case .step = record.kind { state.takeBack(record) }
      return change(&state, ListEdit(
        changes: changes, message: "Reverted: \(record.summary) — u undoes", summary: "reverted: " + record.summary,
        hunks: hunks, applied: changes.count
      ))
    }
  }

}

extension ListFeature.State {
  /// An archive or a move taken back: its lines leave the done file or the
  /// other list once this list's file has them again.
  mutating func takeBack(_ record: HistoryRecord) {
    guard !record.archived.isEmpty else { return }
    if let path = record.movedTo {
      unmoveWhenSaved.append(MovedLines(path: path, lines: record.archived))
    } else {
      unarchiveWhenSaved += record.archived
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
  /// selection finds it), else a new one. All or nothing. The marks are
  /// carried over by id (the changes are made before the door sees them).
  mutating func apply(_ hunks: HistoryHunks, reusing known: [Todo.State], newID: () -> UUID) -> HunkResult {
    keepingMarks { state in
      switch hunks {
      case .lines, .written: state.applyUnmarked(hunks.lines, reusing: known, newID: newID)
      case .todos(let todos): state.applyUnmarked(todos, reusing: known, newID: newID)
      }
    }
  }

  /// `apply`, the marks left as they are.
  private mutating func applyUnmarked<Hunk: AppliedHunk>(
    _ hunks: [Hunk], reusing known: [Todo.State], newID: () -> UUID
  ) -> HunkResult {
    if hunks.count > 16, let made = applyInRuns(hunks, reusing: known, newID: newID) { return .applied(made) }
    // A few, or not in runs: found one by one, as lines.
    let hunks = hunks.map(\.lines)
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

extension ListFeature.State {
  /// `apply` for many hunks (a batch's undo: its additions taken back,
  /// then its changes), each still exactly where it was made, in a few
  /// runs that each go up the file: each run is made in one pass — where
  /// one by one, every insertion or removal would move the whole list's
  /// ids. Nil, nothing changed, when they are not like that (`apply` then
  /// finds and makes them one by one).
  private mutating func applyInRuns<Hunk: AppliedHunk>(
    _ hunks: [Hunk], reusing known: [Todo.State], newID: () -> UUID
  ) -> [ListChange]? {
    var runs: [ArraySlice<Hunk>] = []
    var start = 0
    for index in hunks.indices.dropFirst() {
      let (above, below) = (hunks[index], hunks[index - 1])
      let goesUp = above.at + above.removedCount <= below.at && (above.at < below.at || above.removedCount == 0)
      if !goesUp {
        runs.append(hunks[start..<index])
        start = index
      }
    }
    runs.append(hunks[start...])
    guard runs.count <= 4 else { return nil }
    var made: [ListChange] = []
    for run in runs {
      guard let changes = applyInOnePass(run, reusing: known, newID: newID) else {
        // Taken back the way they were made (in place: a copy of the list
        // kept for this would be copied whole by the first change). The
        // todos put back may not get their old slots, where the runs of
        // bytes are kept: those go, to be worked out again.
        for change in made.reversed() { change.inverse.apply(to: &todos) }
        if !made.isEmpty { lineGrams = nil }
        return nil
      }
      made += changes
    }
    return made
  }

  /// One run of `applyInRuns`: every hunk exactly where it was made, each
  /// above the one before. The hunks are read in place, never copied (a
  /// batch's are 16,666 or more, each holding four counted references).
  private mutating func applyInOnePass<Hunk: AppliedHunk>(
    _ run: ArraySlice<Hunk>, reusing known: [Todo.State], newID: () -> UUID
  ) -> [ListChange]? {
    let hunks = run.span
    var limit = todos.count
    for index in hunks.indices {
      let start = hunks[index].at, removedCount = hunks[index].removedCount
      guard start >= 0, start + removedCount <= limit, index == 0 || start < limit || removedCount == 0,
            hunks[index].hasAbove(start == 0 ? nil : todos[start - 1])
      else { return nil }
      for offset in 0..<removedCount where !hunks[index].removes(todos[start + offset], at: offset) { return nil }
      limit = start
    }
    // A todo coming back takes its old id when no other todo has it.
    var removed: Set<UUID> = []
    for index in hunks.indices where hunks[index].removedCount != hunks[index].addedCount {
      for place in hunks[index].at..<hunks[index].at + hunks[index].removedCount { removed.insert(todos[place].id) }
    }
    // The known todos by line, formatted at the first todo that comes back
    // (a batch of changes alone brings none).
    var byLine: [String: [UUID]]?
    var taken: Set<UUID> = []
    func id(for line: String) -> UUID {
      if byLine == nil {
        byLine = [:]
        for todo in known.reversed() { byLine![TodoTxt.format(todo), default: []].append(todo.id) }
      }
      while let candidate = byLine![line]?.popLast() {
        if todos[id: candidate] == nil || removed.contains(candidate), taken.insert(candidate).inserted { return candidate }
      }
      return newID()
    }
    // The todos each hunk brings, made in the hunks' order (so new ids are
    // drawn in it); the updated ones changed in place.
    var made: [ListChange] = []
    var brought: [[Todo.State]] = Array(repeating: [], count: hunks.count)
    for index in hunks.indices {
      let start = hunks[index].at, addedCount = hunks[index].addedCount
      for offset in 0..<addedCount {
        if hunks[index].removedCount == addedCount {
          let before = todos[start + offset]
          let after = hunks[index].addedTodo(offset, id: before.id)
          made.append(.update(before: before, after: after))
          todos[start + offset] = after
        } else {
          let line = hunks[index].addedLine(offset)
          brought[index].append(TodoTxt.parse(line[...], id: id(for: line)))
        }
      }
    }
    // Then the removals and insertions, each kind in one pass, down the
    // file: where the hunks above have added or removed `shift` todos.
    var removals: [ListChange.IndexedTodo] = [], insertions: [ListChange.IndexedTodo] = []
    var shift = 0
    for index in hunks.indices.reversed() where hunks[index].removedCount != hunks[index].addedCount {
      let start = hunks[index].at, removedCount = hunks[index].removedCount
      for place in start..<start + removedCount {
        removals.append(ListChange.IndexedTodo(index: place, todo: todos[place]))
      }
      for (offset, todo) in brought[index].enumerated() {
        insertions.append(ListChange.IndexedTodo(index: start + shift + offset, todo: todo))
      }
      shift += brought[index].count - removedCount
    }
    func make(_ change: ListChange) {
      change.apply(to: &todos)
      made.append(change)
    }
    if !removals.isEmpty { make(.removeMany(removals)) }
    if !insertions.isEmpty { make(.insertMany(insertions)) }
    return made
  }
}

extension ListFeature {
  /// Redoing a move: its lines appended to the other list's file again,
  /// before they leave this one (`movedAgain`).
  private func moveAgain(_ lines: [String], to path: String, redoing id: String) -> Effect<Action> {
    guard let list = environment.list(at: path) else {
      return .send(.movedAgain(redoing: id, failure: "\(path) is not one of these lists: Ctrl-R in yaru with its [lists] moves them again"))
    }
    let uuid = environment.uuid, now = environment.now, origin = environment.file?.path
    return .run(on: environment.ioQueue) { send in
      let failure = OtherList.append(lines, to: list, from: origin, summary: OtherList.summary("moved", lines.count, "in again"), uuid: uuid, now: now)
      send(.movedAgain(redoing: id, failure: failure))
    }
  }
}
