import FoundationEssentials
import IdentifiedCollections

/// Who waits for whom in a list: for each id, how many of its parts are
/// still active, and which todos carry that id. Kept as the list changes
/// (each todo that leaves is `remove`d, each that arrives `add`ed: the door
/// does it), so whether a todo is blocked is a look-up, never a scan.
public struct Dependencies: Equatable, Sendable {
  /// id → active todos with `p:id`. An id with none is not a key.
  public private(set) var openParts: [String: Int] = [:]
  /// id → every todo with `p:id`, active or not (an id in use is never given again).
  private var allParts: [String: Int] = [:]
  /// id → the todos that carry `id:id` (one, unless the file says otherwise).
  public private(set) var owners: [String: [UUID]] = [:]

  public init() {}

  /// The map of a whole list: each todo read in place, once.
  public init(_ todos: IdentifiedArrayOf<Todo.State>) {
    // The fields read from the array by index: a whole todo handed over
    // was copied (~150 instructions a todo at load).
    let elements = todos.elements
    for index in elements.indices where elements[index].hiding.namesDependencies {
      _ = add(TagScan.dependencyTags(in: elements[index].text), of: elements[index].id, isComplete: elements[index].isComplete)
    }
  }

  public init(_ todos: [Todo.State]) {
    for todo in todos { _ = add(todo) }
  }

  /// A todo changed from `before` to `after`: the ids whose open parts
  /// went from none to some or back. In a list without `id:` or `p:` (most
  /// lists) a change that kept the text (a toggle) has nothing to read.
  public mutating func update(from before: borrowing Todo.State, to after: borrowing Todo.State) -> [String] {
    if owners.isEmpty, allParts.isEmpty, before.text == after.text { return [] }
    return remove(before) + add(after)
  }

  /// Takes in a todo that arrived (or its new version). Returns the ids
  /// whose open parts went from none to some.
  @discardableResult
  public mutating func add(_ todo: borrowing Todo.State) -> [String] {
    add(todo.dependencyTags, of: todo.id, isComplete: todo.isComplete)
  }

  private mutating func add(_ tags: DependencyTags, of todo: UUID, isComplete: Bool) -> [String] {
    guard tags.id != nil || !tags.parts.isEmpty else { return [] }  // most todos: nothing to count
    if let id = tags.id { owners[String(id), default: []].append(todo) }
    var changed: [String] = []
    for parent in tags.parts.map(String.init) {
      allParts[parent, default: 0] += 1
      guard !isComplete else { continue }
      openParts[parent, default: 0] += 1
      if openParts[parent] == 1 { changed.append(parent) }
    }
    return changed
  }

  /// Lets go of a todo that left (or its old version). Returns the ids
  /// whose open parts went from some to none.
  @discardableResult
  public mutating func remove(_ todo: borrowing Todo.State) -> [String] {
    let tags = todo.dependencyTags
    if let id = tags.id.map(String.init), var ids = owners[id] {
      ids.removeAll { $0 == todo.id }
      owners[id] = ids.isEmpty ? nil : ids
    }
    var changed: [String] = []
    for parent in tags.parts.map(String.init) {
      allParts[parent] = allParts[parent].flatMap { $0 > 1 ? $0 - 1 : nil }
      guard !todo.isComplete, let open = openParts[parent] else { continue }
      openParts[parent] = open > 1 ? open - 1 : nil
      if open == 1 { changed.append(parent) }
    }
    return changed
  }

  /// How many parts of the todo with `id:id` are still active.
  public func openParts(of id: some StringProtocol) -> Int { openParts[String(id)] ?? 0 }

  /// Whether the todo waits for a part: it is active, has an `id:`, and a
  /// todo with that `p:` is active. Reads the text only when some todo
  /// in the list waits at all. Inlinable: called from another module on a
  /// todo read in place, it was given a copy of the todo (~300 instructions
  /// a row of the screen).
  @inlinable public func isBlocked(_ todo: borrowing Todo.State) -> Bool {
    guard !openParts.isEmpty, !todo.isComplete, let id = todo.dependencyID else { return false }
    return openParts[String(id)] != nil
  }

  /// A short id no todo uses, as `id:` or `p:`: `1`, `2`, … (existing ids
  /// are never renumbered).
  public func unusedID() -> String {
    var number = 1
    while owners["\(number)"] != nil || allParts["\(number)"] != nil { number += 1 }
    return "\(number)"
  }
}
