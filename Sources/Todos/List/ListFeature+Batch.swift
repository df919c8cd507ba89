import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

extension ListFeature {
  /// A change a key makes to "the todos in hand": the marked ones if any,
  /// else the selected one. What `.` repeats.
  public enum Command: Equatable, Sendable {
    /// One todo's own change (`x`, `p`, `P` letter, `>`, `<`, `+`, `-`),
    /// made by the `Todo` reducer through `forEach`.
    case todo(Todo.Action)
    /// `d`.
    case delete
  }

  /// A key's change: on the marks as one step, else on the selection as
  /// the single-todo actions make it; remembered for `.`.
  func act(_ state: inout State, _ command: Command) -> Effect<Action> {
    state.lastChange = command
    guard state.marks.isEmpty else { return batch(&state, command) }
    guard let id = state.selection else { return .none }
    switch command {
    case .todo(let action):
      let effect = reduce(into: &state, action: .todo(id: id, action: action))
      if state.todos[id: id].map({ Self.saysUnchanged(action, $0) }) == true {
        state.message = "No due date to bring earlier: > gives it one"
      }
      return effect
    case .delete:
      return change(&state, state.deletingSelected())
    }
  }

  /// `<` changed nothing because the todo has no due date: said, since a
  /// key that silently does nothing looks broken.
  private static func saysUnchanged(_ action: Todo.Action, _ todo: Todo.State) -> Bool {
    if case .postponed(let days) = action, days < 0, !todo.isComplete, todo.dueDate == nil { true } else { false }
  }

  /// The command on every marked todo, visible or not, as one undo step:
  /// a todo's own change is the `Todo` action sent to each marked element
  /// through `forEach` (as `x` on one todo is), what changed collected as
  /// one `ListEdit` already applied, with what recurrence adds to it.
  func batch(_ state: inout State, _ command: Command) -> Effect<Action> {
    let indices = state.markedIndices
    switch command {
    case .delete:
      let removed = indices.map { ListChange.IndexedTodo(index: $0, todo: state.todos[$0]) }
      return change(&state, ListEdit(
        changes: [.removeMany(removed)], message: "Deleted \(Self.count(removed.count)) — u brings \(removed.count == 1 ? "it" : "them") back"
      ))
    case .todo(let action):
      // One call for them all: the same as the action sent to each in turn.
      let befores = indices.map { state.todos[$0] }
      let today = environment.today
      let effects = elements(today: today).reduce(into: &state, each: befores.map { $0.id }, action: action)
      var updates: [ListChange] = [], updated: [Int] = []
      updates.reserveCapacity(befores.count)
      updated.reserveCapacity(befores.count)
      var completed = 0
      for (index, before) in zip(indices, befores) where state.todos[index] != before {
        let after = state.todos[index]
        if after.isComplete { completed += 1 }
        updates.append(.update(before: before, after: after))
        updated.append(index)
      }
      guard !updates.isEmpty else {
        state.message = "Nothing changed in the \(Self.count(indices.count, "marked todo"))"
        return effects
      }
      let edit = state.recurringMany(
        ListEdit(changes: updates, message: Self.said(action, updates.count, completed: completed), applied: updates.count),
        at: updated, today: today, newID: environment.uuid
      )
      return .merge(effects, change(&state, edit))
    }
  }

  /// What the footer says a batch did: `Completed 3 todos — u brings them back`.
  /// `n` todos changed, `completed` of them complete after.
  static func said(_ action: Todo.Action, _ n: Int, completed: Int) -> String {
    switch action {
    case .toggleCompleteTapped:
      if completed == n { return "Completed \(count(n)) — u brings \(n == 1 ? "it" : "them") back" }
      if completed == 0 { return "Re-opened \(count(n)) — u undoes" }
      return "Completed \(completed) and re-opened \(n - completed) todos — u undoes"
    case .priorityCycled: return "Changed the priority of \(count(n)) — u undoes"
    case .prioritySet(let letter?): return "Priority \(letter) for \(count(n)) — u undoes"
    case .prioritySet(nil): return "Took the priority off \(count(n)) — u undoes"
    case .postponed(let days) where days > 0: return "Postponed \(count(n)) by a day — u undoes"
    case .postponed: return "Brought \(count(n)) a day earlier — u undoes"
    case .wordsAdded(let words): return "Added \(words) to \(count(n)) — u undoes"
    case .wordsRemoved(let words): return "Removed \(words) from \(count(n)) — u undoes"
    }
  }

  static func count(_ n: Int, _ noun: String = "todo") -> String {
    n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
  }
}

extension ListFeature.State {
  /// `recurring` for many todos' changes at once (a batch `x`): each
  /// completed recurring todo brings its next occurrence right after it,
  /// each re-opened one takes its occurrence away. The additions are made
  /// from the end of the file back, so that no change moves the place of
  /// one still to be made. `indices`: where each change's todo is in the file.
  mutating func recurringMany(_ edit: ListEdit, at indices: [Int], today: Day, newID: () -> UUID) -> ListEdit {
    var added: [ListChange] = []
    for (change, index) in zip(edit.changes.indices, indices) {
      guard case .update(let before, let after) = edit.changes[change],
            let addition = recurrence(before, after, at: index, today: today, newID: newID) else { continue }
      added.append(addition)
    }
    guard !added.isEmpty else { return edit }
    var edit = edit
    let insertions = added.compactMap { change -> (todo: Todo.State, after: Int)? in
      if case .insert(let todo, let index) = change { (todo, index - 1) } else { nil }
    }
    if insertions.count == added.count, insertions.count > 16 {
      // Only next occurrences, each right after its todo: one insertion of
      // them all, at their places in the list they make.
      let sorted = insertions.sorted { $0.after < $1.after }
      edit.changes.append(.insertMany(sorted.enumerated().map { offset, item in
        ListChange.IndexedTodo(index: item.after + 1 + offset, todo: item.todo)
      }))
      return edit
    }
    // By place, last first; at the same place, a removal before an insertion.
    edit.changes += added.sorted { a, b in
      let (x, y) = (a.place, b.place)
      return x != y ? x > y : !a.isInsertion && b.isInsertion
    }
    return edit
  }
}

extension ListChange {
  /// Where an insertion or a removal of one todo happens.
  fileprivate var place: Int {
    switch self {
    case .insert(_, let index), .remove(_, let index): index
    default: 0
    }
  }

  fileprivate var isInsertion: Bool { if case .insert = self { true } else { false } }
}
