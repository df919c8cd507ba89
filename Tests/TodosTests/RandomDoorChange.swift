import IdentifiedCollections
import TodoModel
@testable import Todos

/// One of the door's own kinds of change, at random places: for the tests
/// that hold what the door keeps beside the list (marks, runs of bytes)
/// to what the whole list gives, over every kind.
enum RandomDoorChange: CaseIterable {
  case insert, remove, move, removeMany, insertMany, replaceAll

  /// Made through the door; false when the list is too short for it.
  /// `newTodo` makes each todo it adds.
  @MainActor @discardableResult
  func make(
    on state: inout ListFeature.State, with feature: ListFeature, _ generator: inout SplitMix64,
    newTodo: (inout SplitMix64) -> Todo.State
  ) -> Bool {
    let todos = state.todos, count = todos.count
    let change: ListChange
    switch self {
    case .insert:
      change = .insert(newTodo(&generator), at: Int.random(in: 0...count, using: &generator))
    case .remove:
      guard count > 0 else { return false }
      let index = Int.random(in: 0..<count, using: &generator)
      change = .remove(todos[index], at: index)
    case .move:
      guard count > 1 else { return false }
      change = .move(from: Int.random(in: 0..<count, using: &generator), to: Int.random(in: 0..<count, using: &generator))
    case .removeMany:
      let removed = (0..<count).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 }
      guard !removed.isEmpty else { return false }
      change = .removeMany(removed.map { ListChange.IndexedTodo(index: $0, todo: todos[$0]) })
    case .insertMany:
      // Up to 20: one by one (16 or fewer) and in one pass (more).
      let added = Int.random(in: 1...20, using: &generator)
      var places = Array(0..<count + added)
      places.shuffle(using: &generator)
      var items: [ListChange.IndexedTodo] = []
      for place in places.prefix(added).sorted() { items.append(ListChange.IndexedTodo(index: place, todo: newTodo(&generator))) }
      change = .insertMany(items)
    case .replaceAll:
      // Another program's list: some todos gone, some new, some moved.
      var list = todos.elements.filter { _ in Int.random(in: 0..<4, using: &generator) != 0 }
      for _ in 0..<Int.random(in: 0..<4, using: &generator) { list.insert(newTodo(&generator), at: Int.random(in: 0...list.count, using: &generator)) }
      if list.count > 1, Bool.random(using: &generator) {
        list.swapAt(Int.random(in: 0..<list.count, using: &generator), Int.random(in: 0..<list.count, using: &generator))
      }
      _ = feature.change(&state, ListEdit(changes: [.replaceAll(IdentifiedArray(uniqueElements: list))], kind: .fromDisk(isSaved: true)))
      return true
    }
    _ = feature.change(&state, ListEdit(changes: [change]))
    return true
  }
}
