import IdentifiedCollections
import TodoModel

/// Each todo's runs of bytes (`ByteGrams`) by its place in the file, for the
/// scans of a search: a todo that lacks a run of the search's words is
/// passed over unread. Worked out whole on the I/O queue when the list is
/// searched (~20 ms at 100,000 todos: too long a wait for a key), then
/// kept by the door through changes to todos in place and moves (`J`/`K`:
/// the places between shift); a change that adds or takes away todos lets
/// them go, to be worked out again off the main queue while a search is
/// in force (shifted with the list, 3.2 MB at 100,000, they cost each
/// recurring todo's toggle ~1 ms).
public struct LineGrams: Sendable {
  /// Behind the array's one reference: the list's state and every scan's
  /// `Visibility` hold it, and a key copies both.
  private(set) var grams: [ByteGrams]
  /// Which todos they were worked out for: another list's are not taken.
  let membership: Membership

  public init(_ todos: IdentifiedArrayOf<Todo.State>) {
    membership = todos.membership
    let todos = todos.elements.span
    var grams: [ByteGrams] = []
    grams.reserveCapacity(todos.count)
    for index in todos.indices { grams.append(ByteGrams(todos[index])) }
    self.grams = grams
  }

  mutating func update(_ todo: Todo.State, at index: Int) { grams[index] = ByteGrams(todo) }

  /// The todo at `from` ended up at `to` (`IdentifiedArray.move`): only
  /// the places between move.
  mutating func move(from: Int, to: Int) {
    let step = from < to ? 1 : -1
    for place in stride(from: from, to: to, by: step) { grams.swapAt(place, place + step) }
  }
}

extension LineGrams: Equatable {
  public static func == (a: LineGrams, b: LineGrams) -> Bool { a.grams == b.grams }
}

/// In a trace of actions: how many, not 32 bytes of bits each.
extension LineGrams: CustomDebugStringConvertible {
  public var debugDescription: String { "LineGrams(\(grams.count) todos)" }
}
