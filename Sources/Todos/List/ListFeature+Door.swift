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
    case undo
    case redo
    /// The list as read from the disk, or merged with it: it replaces the
    /// list, and the history of changes to the old one is forgotten.
    /// `isSaved`: the file holds exactly this list (else it is saved next).
    case fromDisk(isSaved: Bool)

    var isFromDisk: Bool { if case .fromDisk = self { true } else { false } }
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
  /// How many of `changes`, from the first, are made already: a todo's own
  /// change, made by `forEach` before it reaches the door.
  var applied = 0
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
    let flipped = edit.kind == .undo ? [] : edit.changes.compactMap(\.flippedCompletion)
    // A toggle (with, for a recurring todo, the todo it brings or takes away).
    let isToggle = !flipped.isEmpty
    var effects: [Effect<Action>] = []
    // Another program's change does not settle the sink: it comes in its
    // second, and the selection stays on its row as it does then.
    if !isToggle, !edit.kind.isFromDisk, !state.unsunk.isEmpty {
      state.unsunk = []
      effects.append(.cancel(id: CancelID.sink))
    }
    let selectionBefore = state.selection
    let anchor = state.selectionAnchor
    for change in edit.changes.dropFirst(edit.applied) { change.apply(to: &state.todos) }
    state.listVersion += 1
    if state.order != .manual { state.screenOrder = ScreenOrder(state.todos, by: state.order) }
    if let selecting = edit.selecting { state.selection = selecting }
    state.repairSelection(anchor: anchor)
    if isToggle {
      // Toggled back before the sink: nothing is left to sink.
      state.unsunk.formSymmetricDifference(flipped)
      effects.append(state.unsunk.isEmpty ? .cancel(id: CancelID.sink) : delayedSink)
    }
    switch edit.kind {
    case .step(let recordedAs, let before):
      state.history.record(.init(
        changes: recordedAs ?? edit.changes, selectionBefore: before ?? selectionBefore, selectionAfter: state.selection,
        archived: edit.archived
      ))
      state.revision += 1
    case .undo:
      _ = state.history.popUndo()
      state.revision += 1
    case .redo:
      _ = state.history.popRedo()
      state.revision += 1
    case .draft:
      break
    case .fromDisk(let isSaved):
      state.history = UndoHistory()
      if !isSaved { state.revision += 1 }
    }
    if let message = edit.message { state.message = message }
    return .merge(effects)
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

  func undo(_ state: inout State) -> Effect<Action> {
    guard let step = state.history.undoSteps.last else {
      state.message = "Nothing to undo"
      return .none
    }
    let effect = change(&state, ListEdit(
      changes: step.changes.reversed().map(\.inverse), kind: .undo,
      selecting: .some(step.selectionBefore), message: "Undone — Ctrl-R redoes"
    ))
    // The done file loses the lines only once the todo file has them again
    // (the app hands them to the save: `unarchiveWhenSaved`).
    if let archived = step.archived { state.unarchiveWhenSaved += archived }
    return effect
  }

  func redo(_ state: inout State) -> Effect<Action> {
    guard let step = state.history.redoSteps.last else {
      state.message = "Nothing to redo"
      return .none
    }
    let effect = change(&state, ListEdit(
      changes: step.changes, kind: .redo, selecting: .some(step.selectionAfter), message: "Redone — u undoes"
    ))
    guard let archived = step.archived else { return effect }
    return .merge(effect, doneFile { (file) throws(TodoFileError) in try file.archive(archived) })
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
          before.isComplete != after.isComplete, let index = todos.index(id: after.id)
    else { return edit }
    var edit = edit
    if after.isComplete, let next = before.nextOccurrence(completedOn: today, id: newID()) {
      edit.changes.append(.insert(next, at: index + 1))
      recurrences[after.id] = next.id
    } else if !after.isComplete, let spawnedID = recurrences[after.id],
              let spawnedIndex = todos.index(id: spawnedID), !todos[spawnedIndex].isComplete {
      edit.changes.append(.remove(todos[spawnedIndex], at: spawnedIndex))
      recurrences[after.id] = nil
    }
    return edit
  }
}
