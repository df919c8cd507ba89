import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// A change to the list, as the one door (`ListFeature.change`) takes it.
struct ListEdit {
  enum Kind: Equatable {
    /// A person's change: one undo step. `recordedAs` is what undo keeps
    /// when it differs from the changes made (committing a new todo is
    /// recorded as its insertion); `selectionBefore`, where undo puts the
    /// selection when it is not where it is now.
    case step(recordedAs: [ListChange]? = nil, selectionBefore: UUID?? = nil)
    /// A todo being added: shown and selected, but neither saved nor undoable
    /// until it is committed.
    case draft
    /// The step with this id undone or redone, as these hunks.
    case undo(String, HistoryHunks)
    case redo(String, HistoryHunks)
    /// The list as read from the disk, or merged with it: it replaces the
    /// list; `seen` is what another program changed (the history keeps it,
    /// and undo then works around it). `isSaved`: the file holds exactly
    /// this list (else it is saved next).
    case fromDisk(isSaved: Bool, seen: [LineHunk] = [])

    var isFromDisk: Bool { if case .fromDisk = self { true } else { false } }
    var isUndo: Bool { if case .undo = self { true } else { false } }
  }

  var changes: [ListChange]
  var kind: Kind = .step()
  /// Where the selection goes (`.some(nil)`: nowhere); nil keeps it, moved
  /// to a visible todo if it is gone or hidden.
  var selecting: UUID?? = nil
  /// Said in the footer once the change is made.
  var message: String? = nil
  /// An archive: the lines it appended to the done file.
  var archived: [String]? = nil
  /// A move (`T`): the todo file of the list `archived` went to.
  var movedTo: String? = nil
  /// What the history says the step did, when its lines do not say it well.
  var summary: String? = nil
  /// What the history keeps of a step made already by hunks (a revert).
  var hunks: HistoryHunks? = nil
  /// How many of `changes`, from the first, are made already: a todo's own
  /// change, made by `forEach` before it reaches the door.
  var applied = 0
  /// For a `.replaceAll`: what the door keeps beside that list, worked out
  /// off the main queue (an outside change's merge).
  var keptBeside: KeptBeside? = nil
}

extension ListFeature {
  /// The one door: every change to the list passes here, and nothing else
  /// writes `todos` (a todo's own change, made by `forEach`, comes here
  /// already applied, to be recorded). It settles a pending sink of
  /// completed todos (a toggle instead restarts its wait; the file read or
  /// merged leaves it to its timer); applies the
  /// change; keeps the selection on a visible todo; records the undo step
  /// with the selection before and after; and counts the revision the save
  /// then writes.
  func change(_ state: inout State, _ edit: ListEdit) -> Effect<Action> {
    var flipped: [UUID] = []
    if !edit.kind.isUndo {
      for index in edit.changes.indices { if let id = edit.changes[index].flippedCompletion { flipped.append(id) } }
    }
    // A toggle (with, for a recurring todo, the todo it brings or takes away).
    let isToggle = !flipped.isEmpty
    var effects: [Effect<Action>] = []
    // Another program's change does not settle the sink: it comes in its
    // second, and the selection stays on its row as it does then.
    if !isToggle, !edit.kind.isFromDisk, !state.unsunk.isEmpty {
      state.unsunk = []
      effects.append(.cancel(id: CancelID.sink))
    }
    let stillWaiting = edit.kind.isUndo ? nil : state.openPartsLeft(completing: edit.changes)
    state.letRunsGoIfMany(edit.changes)
    // What is made already (a todo's own change, undo's and redo's) is
    // followed first: the selection's place is read in the order shown.
    state.follow(edit.changes.prefix(edit.applied))
    let selectionBefore = state.selection
    let anchor = state.selectionAnchor
    // A step is recorded as its todos (read around each change as it is
    // made), formatted as lines only when read; a committed new todo, as
    // `recordedAs` says (insertions only).
    var hunks: [TodoHunk] = [], moved: [Todo.State] = []
    let records: Bool = if case .step(nil, _) = edit.kind, edit.hunks == nil { true } else { false }
    if records { hunks.reserveCapacity(edit.changes.count) }
    // By index: the changes are read in place, not copied one by one.
    for offset in edit.changes.indices {
      if records, offset >= edit.applied { edit.changes[offset].addRemovalHunks(in: state.todos, to: &hunks) }
      if offset >= edit.applied {
        state.make(edit.changes[offset])  // the marks follow their todos
        let isPrepared = if case .replaceAll = edit.changes[offset], let kept = edit.keptBeside { state.take(kept) } else { false }
        if !isPrepared { state.follow(edit.changes[offset]) }
      }
      if records { edit.changes[offset].addInsertionHunks(in: state.todos, to: &hunks) }
      if case .move(_, let to) = edit.changes[offset] { moved.append(state.todos[to]) }
    }
    if case .step(let recordedAs?, _) = edit.kind {
      hunks = []
      for change in recordedAs { change.addInsertionHunks(in: state.todos, to: &hunks) }
    }
    let recorded = edit.hunks ?? .todos(hunks)
    state.listVersion += 1
    if let selecting = edit.selecting { state.selection = selecting }
    state.repairSelection(anchor: anchor)
    if isToggle {
      // Toggled back before the sink: nothing is left to sink.
      state.unsunk.toggle(flipped)
      effects.append(state.unsunk.isEmpty ? .cancel(id: CancelID.sink) : delayedSink)
    }
    switch edit.kind {
    case .step(let recordedAs, let before):
      state.revision += 1
      let record = HistoryRecord(
        id: state.history.nextID(), time: environment.now(), source: state.history.source, kind: .step,
        summary: edit.summary, content: recorded, archived: edit.archived ?? [],
        movedTo: edit.movedTo
      )
      let changes = recordedAs ?? edit.changes
      var touched: [Todo.State] = []
      touched.reserveCapacity(2 * changes.count + moved.count)
      for index in changes.indices { changes[index].addTodos(to: &touched) }
      touched += moved
      state.history.record(
        .init(record: record, selectionBefore: before ?? selectionBefore, selectionAfter: state.selection, todos: touched),
        revision: state.revision
      )
    case .undo(let id, let hunks):
      state.revision += 1
      let summary = "undid " + (state.history.undoSteps.last?.record.summary ?? hunks.summary)
      state.history.undid(record(.undo(of: id), summary, hunks, state: &state), revision: state.revision)
    case .redo(let id, let hunks):
      state.revision += 1
      let summary = "redid " + (state.history.redoSteps.last?.record.summary ?? hunks.summary)
      state.history.redid(record(.redo(of: id), summary, hunks, state: &state), revision: state.revision)
    case .draft:
      break
    case .fromDisk(let isSaved, let seen):
      if !isSaved { state.revision += 1 }
      if !seen.isEmpty {
        state.history.saw(HistoryRecord(
          id: state.history.nextID(), time: environment.now(), source: HistoryRecord.anotherProgram, kind: .outside,
          summary: seen.summary, hunks: seen
        ))
      }
    }
    if let message = edit.message ?? stillWaiting { state.message = message }
    return .merge(effects)
  }

  /// This screen's record of an undo or redo.
  private func record(
    _ kind: HistoryRecord.Kind, _ summary: String, _ hunks: HistoryHunks, state: inout State
  ) -> HistoryRecord {
    HistoryRecord(
      id: state.history.nextID(), time: environment.now(), source: state.history.source, kind: kind,
      summary: summary, content: hunks
    )
  }

  /// The door for a change that may not apply (nothing selected, nothing changed).
  func change(_ state: inout State, _ edit: ListEdit?) -> Effect<Action> {
    edit.map { change(&state, $0) } ?? .none
  }

  /// Completed todos sink below active ones one second after the last
  /// toggle: a new toggle cancels the waiting sink and starts the second again.
  var delayedSink: Effect<Action> {
    .run(on: environment.mainQueue, after: .seconds(1)) { send in send(.sinkCompletedTodos) }
      .cancellable(id: CancelID.sink, cancelInFlight: true)
  }
}

/// The changes people make to the list, worked out from the state; the
/// reducer passes each through the door.
extension ListFeature.State {
  func deletingSelected() -> ListEdit? {
    guard let todo = selectedTodo, let index = todos.index(id: todo.id) else { return nil }
    return ListEdit(changes: [.remove(todo, at: index)], message: "Deleted \"\(todo.text)\" — u to undo")
  }

  /// `J`/`K`: past the next visible todo below/above of the same kind
  /// (active or completed), so moving works the same under a filter or a
  /// search, and a todo never moves in the file without moving on screen.
  func movingSelected(_ direction: ListFeature.Direction) -> ListEdit? {
    guard let id = selection, let from = todos.index(id: id) else { return nil }
    let position = position(of: from)
    let neighbors = visibleIndices(from: position, backward: direction == .up, limit: 2).filter { $0 != from }
    guard let to = neighbors.first, self.position(of: to).isSunk == position.isSunk else { return nil }
    return ListEdit(changes: [.move(from: from, to: to)])
  }

  func clearingCompleted() -> ListEdit {
    let removed = todos.enumerated().compactMap { index, todo in
      todo.isComplete ? ListChange.IndexedTodo(index: index, todo: todo) : nil
    }
    let noun = removed.count == 1 ? "todo" : "todos"
    return ListEdit(changes: [.removeMany(removed)], message: "Cleared \(removed.count) completed \(noun) — u to undo (A archives)")
  }

  /// `edit` (a todo's own change) with what recurrence adds to it.
  /// Completing a recurring todo brings its next occurrence, right after it
  /// in the file, in the same step (remembered in `recurrences`);
  /// re-opening it takes that one away again (if it is still active).
  mutating func recurring(_ edit: ListEdit, today: Day, newID: () -> UUID) -> ListEdit {
    guard edit.changes.count == 1, case .update(let before, let after) = edit.changes[0],
          let index = todos.index(id: after.id),
          let added = recurrence(before, after, at: index, today: today, newID: newID)
    else { return edit }
    var edit = edit
    edit.changes.append(added)
    return edit
  }

  /// What recurrence adds to one todo's change from `before` to `after`:
  /// its next occurrence when it was completed, the removal of that
  /// occurrence when it was re-opened; nil when neither. `index`: where
  /// the todo is in the file.
  mutating func recurrence(_ before: Todo.State, _ after: Todo.State, at index: Int, today: Day, newID: () -> UUID) -> ListChange? {
    guard before.isComplete != after.isComplete else { return nil }
    if after.isComplete, let next = before.nextOccurrence(completedOn: today, id: newID()) {
      recurrences[after.id] = next.id
      return .insert(next, at: index + 1)
    } else if !after.isComplete, let spawnedID = recurrences[after.id],
              let spawnedIndex = todos.index(id: spawnedID), !todos[spawnedIndex].isComplete {
      recurrences[after.id] = nil
      return .remove(todos[spawnedIndex], at: spawnedIndex)
    }
    return nil
  }

}
