import IdentifiedCollections
import TodoModel

/// Each todo's runs of bytes (`ByteGrams`) by its place in the file, for the
/// scans of a search: a todo that lacks a run of the search's words is
/// passed over unread. Worked out whole on the I/O queue when the list is
/// first searched (~15 ms at 100,000 todos: too long a wait for a key),
/// then kept by the door like the sorted orders (ListFeature+Follow.swift):
/// a change costs the todos it changes.
public struct LineGrams: Equatable, Sendable {
  /// Behind the array's one reference: the list's state and every scan's
  /// `Visibility` hold it, and a key copies both.
  private(set) var grams: [ByteGrams]

  public init(_ todos: IdentifiedArrayOf<Todo.State>) {
    let todos = todos.elements.span
    var grams: [ByteGrams] = []
    grams.reserveCapacity(todos.count)
    for index in todos.indices { grams.append(ByteGrams(todos[index])) }
    self.grams = grams
  }

  mutating func insert(_ todo: Todo.State, at index: Int) { grams.insert(ByteGrams(todo), at: index) }

  mutating func remove(at index: Int) { grams.remove(at: index) }

  mutating func update(_ todo: Todo.State, at index: Int) { grams[index] = ByteGrams(todo) }

  /// The todo at `from` ended up at `to` (`IdentifiedArray.move`).
  /// Only the places between move, as in the list.
  mutating func move(from: Int, to: Int) {
    let step = from < to ? 1 : -1
    for place in stride(from: from, to: to, by: step) { grams.swapAt(place, place + step) }
  }

  /// `offsets`: ascending places in the list before.
  mutating func remove(atSortedOffsets offsets: [Int]) {
    var removed = offsets.makeIterator()
    var next = removed.next()
    var kept = 0
    for index in grams.indices {
      if index == next {
        next = removed.next()
        continue
      }
      grams[kept] = grams[index]
      kept += 1
    }
    grams.removeLast(grams.count - kept)
  }

  /// `items`: each todo at its place in the list after, ascending.
  mutating func insert(_ items: [ListChange.IndexedTodo]) {
    var merged: [ByteGrams] = []
    merged.reserveCapacity(grams.count + items.count)
    var old = 0
    for item in items {
      while merged.count < item.index, old < grams.count {
        merged.append(grams[old])
        old += 1
      }
      merged.append(ByteGrams(item.todo))
    }
    merged += grams[old...]
    grams = merged
  }
}

/// In a trace of actions: how many, not 16 bytes of bits each.
extension LineGrams: CustomDebugStringConvertible {
  public var debugDescription: String { "LineGrams(\(grams.count) todos)" }
}
