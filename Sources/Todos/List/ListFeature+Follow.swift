import IdentifiedCollections
import TodoModel

/// What the door keeps beside the list as each change is made: who waits
/// for whom (`dependencies`), the sorted orders (`orders`) and, once
/// searched, each todo's runs of bytes (`lineGrams`). A
/// change to a few todos costs those todos (and their parents), not the
/// list: a key in a sorted order never sorts the list again.
extension ListFeature.State {
  /// Follows changes applied to `todos` before the door saw them (undo's,
  /// redo's): one by one when each todo's index still holds (updates, or
  /// one change). Else what goes by id (the active count, the blocked map)
  /// still follows them one by one, and what goes by place (the orders) is
  /// worked out again: undoing a recurring todo's completion rebuilt the
  /// count and the map of 100,000 todos (~0.4 ms).
  mutating func follow(_ changes: ArraySlice<ListChange>) {
    // By index: a batch's changes are read in place, not copied.
    if changes.count <= 1 || changes.indices.allSatisfy({ if case .update = changes[$0] { true } else { false } }) {
      for index in changes.indices { follow(changes[index]) }
    } else if changes.indices.contains(where: { if case .replaceAll = changes[$0] { true } else { false } }) {
      followWhole()
    } else {
      for index in changes.indices { follow(changes[index], byPlace: false) }
      sortAgain()
    }
  }

  /// The most todos whose runs of bytes a change makes again on the key's
  /// time (about a microsecond each).
  static let changesWhoseRunsFollow = 1_000

  /// Lets the runs of bytes go when `changes` would make more than
  /// `changesWhoseRunsFollow` todos' again (a batch's thousands of new
  /// texts, or of next occurrences): they are worked out again off the
  /// main queue when a search wants them (made here, they were 15 % of a
  /// batch `x` on 16,666 todos after a search).
  mutating func letRunsGoIfMany(_ changes: [ListChange]) {
    guard lineGrams != nil else { return }
    var remade = 0
    for index in changes.indices {
      switch changes[index] {
      case .update(let before, let after) where Self.runsDiffer(before, after): remade += 1
      case .insert: remade += 1
      case .insertMany(let items): remade += items.count
      case .update, .remove, .removeMany, .move, .replaceAll: break
      }
      guard remade <= Self.changesWhoseRunsFollow else {
        lineGrams = nil
        return
      }
    }
  }

  /// Whether a todo changed from `before` to `after` has other runs of
  /// bytes: its text or its priority changed (a toggle without a priority
  /// changes neither).
  private static func runsDiffer(_ before: borrowing Todo.State, _ after: borrowing Todo.State) -> Bool {
    before.text != after.text || before.priority != after.priority
  }

  /// Follows one change, just applied to `todos`; `byPlace`: the orders
  /// too (else the caller sorts them again).
  mutating func follow(_ change: ListChange, byPlace: Bool = true) {
    // The runs of bytes go by slot (LineGrams.swift), found by id: a todo
    // that comes or changes brings its own, and nothing shifts. (By id, they
    // follow undo's changes too, made before they are followed.)
    switch change {
    case .insert(let todo, _): lineGrams?.follow(todo, in: todos)
    case .update(let before, let after) where Self.runsDiffer(before, after):
      lineGrams?.follow(after, in: todos)
    case .update: break
    case .insertMany(let items): for item in items { lineGrams?.follow(item.todo, in: todos) }
    case .remove, .removeMany, .move, .replaceAll: break
    }
    var flipped: [String] = []
    switch change {
    case .insert(let todo, let index):
      activeTodos.add(todo)
      flipped = dependencies.add(todo)
      let blocked = dependencies.isBlocked(todo)
      if byPlace { orders.forEachKept { $0.insert(at: index, key: $0.order.sortKey(todo, isBlocked: blocked, today: $0.today)) } }
    case .remove(let todo, let index):
      activeTodos.remove(todo)
      flipped = dependencies.remove(todo)
      if byPlace { orders.forEachKept { $0.remove(at: index) } }
    case .update(let before, let after):
      activeTodos.remove(before)
      activeTodos.add(after)
      flipped = dependencies.update(from: before, to: after)
      if byPlace, !orders.isEmpty, let index = todos.index(id: after.id) { placeAgain(index) }
    case .removeMany(let items):
      for item in items {
        activeTodos.remove(item.todo)
        flipped += dependencies.remove(item.todo)
      }
      if byPlace { orders.forEachKept { $0.remove(atEach: items.map(\.index)) } }
    case .insertMany(let items):
      for item in items {
        activeTodos.add(item.todo)
        flipped += dependencies.add(item.todo)
      }
      guard byPlace else { break }
      let blocked = items.map { dependencies.isBlocked($0.todo) }
      orders.forEachKept { order in
        let keys = items.indices.map { order.order.sortKey(items[$0].todo, isBlocked: blocked[$0], today: order.today) }
        order.insert(atEach: items.map(\.index), keys: keys)
      }
    case .move:
      if byPlace { sortAgain() }
    case .replaceAll:
      followWhole()
    }
    // A parent whose last open part closed (or whose first opened) moves
    // among the unblocked (or the blocked).
    for id in flipped where byPlace {
      for owner in dependencies.owners[id] ?? [] {
        if let index = todos.index(id: owner) { placeAgain(index) }
      }
    }
  }

  /// What the door keeps, worked out again from the whole list: after a
  /// change too big to follow.
  mutating func followWhole() {
    lineGrams = nil
    dependencies = Dependencies(todos)
    activeTodos = ActiveCount(todos)
    sortAgain()
  }

  /// The todo at `index` of the file, changed, in its place in every kept order.
  private mutating func placeAgain(_ index: Int) {
    let todo = todos[index]
    let blocked = dependencies.isBlocked(todo)
    orders.forEachKept { $0.update(at: index, key: $0.order.sortKey(todo, isBlocked: blocked, today: $0.today)) }
  }

  /// Whether the todo waits for a part (drawn dim, sorted after the others).
  public func isBlocked(_ todo: Todo.State) -> Bool { dependencies.isBlocked(todo) }

  /// Completing a blocked todo is allowed (the user knows best); what the
  /// footer says then: how many of its parts are still open. Read before
  /// the change, while `dependencies` still describes the list before it.
  func openPartsLeft(completing changes: [ListChange]) -> String? {
    guard !dependencies.openParts.isEmpty else { return nil }
    var open = 0, todos = 0
    for index in changes.indices {
      guard case .update(let before, let after) = changes[index], !before.isComplete, after.isComplete else { continue }
      guard let id = before.dependencyID, dependencies.openParts(of: id) > 0 else { continue }
      open += dependencies.openParts(of: id)
      todos += 1
    }
    guard todos > 0 else { return nil }
    let parts = open == 1 ? "1 part is" : "\(open) parts are"
    return todos == 1 ? "Done, though \(parts) still open" : "\(todos) done, though \(parts) still open"
  }
}
