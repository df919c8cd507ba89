import IdentifiedCollections
import TodoModel

/// Each todo's runs of bytes (`ByteGrams`) by its slot in the list
/// (`IdentifiedArray.slots`), for the scans of a search: a todo that lacks
/// a run of the search's words is passed over unread. Worked out whole on
/// the I/O queue when the list is searched (~20 ms at 100,000 todos: too
/// long a wait for a key), then kept by the door through every change but
/// a new list, or one that remakes more than 1,000 todos' runs
/// (`ListFeature.State.letRunsGoIfMany`). A slot stays with its todo, so
/// an insertion, a removal or a move shifts nothing (kept by place, they
/// were let go at each added or deleted todo, and the search's keys read
/// every todo until they were worked out again: ~8 ms a key at 100,000).
public struct LineGrams: Sendable {
  /// Behind the array's one reference: the list's state and every scan's
  /// `Visibility` hold it, and a key copies both. A free slot's entry is
  /// never read.
  private(set) var grams: [ByteGrams]
  /// Which todos they were worked out for: another list's are not taken.
  let membership: Membership

  public init(_ todos: IdentifiedArrayOf<Todo.State>) {
    membership = todos.membership
    var grams = [ByteGrams](repeating: ByteGrams(), count: todos.slotCount)
    let slots = todos.slots, elements = todos.elements
    let slotSpan = slots.span, todoSpan = elements.span
    for index in todoSpan.indices { grams[Int(slotSpan[index])] = ByteGrams(todoSpan[index]) }
    self.grams = grams
  }

  /// `todo` (added or changed) is in `todos`: its runs, in its slot.
  mutating func follow(_ todo: borrowing Todo.State, in todos: IdentifiedArrayOf<Todo.State>) {
    guard let slot = todos.slot(id: todo.id) else { return }
    if slot >= grams.count { grams.append(contentsOf: repeatElement(ByteGrams(), count: slot + 1 - grams.count)) }
    grams[slot] = ByteGrams(todo)
  }

  /// Whether they can be read for `todos`: a slot for each.
  func fits(_ todos: IdentifiedArrayOf<Todo.State>) -> Bool { grams.count >= todos.slotCount }
}

extension LineGrams: Equatable {
  public static func == (a: LineGrams, b: LineGrams) -> Bool { a.grams == b.grams }
}

/// In a trace of actions: how many, not 32 bytes of bits each.
extension LineGrams: CustomDebugStringConvertible {
  public var debugDescription: String { "LineGrams(\(grams.count) todos)" }
}
