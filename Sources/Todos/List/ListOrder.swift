import Architecture
import IdentifiedCollections
import TodoModel

/// The order the list is shown in (`s`): the file's own, by priority, or by
/// due date. Only a view: the file's lines never move for it.
public enum ListOrder: String, CaseIterable, Equatable, Sendable {
  case manual
  case priority = "by priority"
  case dueDate = "by due date"

  /// How the config file and the state file name it: `manual`, `priority`, `due`.
  public var configName: String {
    switch self {
    case .manual: "manual"
    case .priority: "priority"
    case .dueDate: "due"
    }
  }

  public init?(configName: String) {
    guard let order = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
    self = order
  }

  public var next: ListOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}

/// Where each todo stands in a sorted order: the file's indices in the
/// order shown, and each file index's place in it. Empty in the manual
/// order (the place is the file index). Worked out again after every change
/// to the list (by the one door) and when the order changes, so a key that
/// only moves the selection reads it and never sorts.
struct ScreenOrder: Equatable, Sendable {
  private var fileIndices: [Int32] = []
  private var places: [Int32] = []

  init() {}

  /// Stable: ties keep the file's order; todos without a priority (or a
  /// due date) come after those with one.
  init(_ todos: IdentifiedArrayOf<Todo.State>, by order: ListOrder) {
    guard order != .manual else { return }
    let keys: [UInt32] = todos.map { todo in
      switch order {
      case .manual: 0
      case .priority: todo.priority?.asciiValue.map(UInt32.init) ?? UInt32.max
      case .dueDate: todo.dueDate.map(\.rawBits) ?? UInt32.max
      }
    }
    let sorted = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
    fileIndices = sorted.map { Int32($0) }
    places = [Int32](repeating: 0, count: sorted.count)
    for (place, index) in sorted.enumerated() { places[index] = Int32(place) }
  }

  var isManual: Bool { fileIndices.isEmpty }

  /// The file index of the todo at `place` in the order shown.
  func fileIndex(at place: Int) -> Int {
    isManual ? place : Int(fileIndices[place])
  }

  /// The place in the order shown of the todo at `index` in the file.
  func place(of index: Int) -> Int {
    isManual ? index : Int(places[index])
  }
}
