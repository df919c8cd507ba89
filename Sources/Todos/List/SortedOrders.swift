import IdentifiedCollections
import TodoModel

/// The sorted orders built so far (`s`), each kept by the door from then
/// on: an order is sorted whole the first time it is shown (or, the
/// agenda, on a new day), and `s` back to it later costs nothing. The
/// manual order needs none.
struct SortedOrders: Equatable, Sendable {
  private var built: [ScreenOrder?] = Array(repeating: nil, count: ListOrder.allCases.count)

  /// The order's places; empty (the file's) for manual or one not built.
  subscript(_ order: ListOrder) -> ScreenOrder {
    built[Self.slot(order)] ?? ScreenOrder()
  }

  func isBuilt(_ order: ListOrder) -> Bool { built[Self.slot(order)] != nil }

  /// No order kept: the manual order alone has been shown.
  var isEmpty: Bool { built.allSatisfy { $0 == nil } }

  /// Sorts `order` whole, unless it is kept already (for the agenda: kept
  /// for `today`).
  mutating func build(
    _ order: ListOrder, _ todos: IdentifiedArrayOf<Todo.State>, today: Day, isBlocked: (borrowing Todo.State) -> Bool
  ) {
    guard order != .manual else { return }
    if let kept = built[Self.slot(order)], order != .agenda || kept.today == today { return }
    built[Self.slot(order)] = ScreenOrder(todos, by: order, today: today, isBlocked: isBlocked)
  }

  /// Sorts every kept order whole again (a change too big to follow).
  mutating func rebuild(_ todos: IdentifiedArrayOf<Todo.State>, isBlocked: (borrowing Todo.State) -> Bool) {
    for slot in built.indices {
      guard let kept = built[slot] else { continue }
      built[slot] = ScreenOrder(todos, by: kept.order, today: kept.today, isBlocked: isBlocked)
    }
  }

  /// Which orders are kept, each with the day it was sorted for.
  var keptKinds: [ScreenOrder.Kind] {
    built.compactMap { $0.map { ScreenOrder.Kind(order: $0.order, today: $0.today) } }
  }

  /// How many todos the kept orders place (0 with none kept).
  var count: Int { built.lazy.compactMap { $0?.count }.first ?? 0 }

  /// Lets go of an order (the agenda of another day, while another is shown).
  mutating func forget(_ order: ListOrder) { built[Self.slot(order)] = nil }

  /// Changes every kept order in place.
  mutating func forEachKept(_ body: (inout ScreenOrder) -> Void) {
    for slot in built.indices where built[slot] != nil { body(&built[slot]!) }
  }

  private static func slot(_ order: ListOrder) -> Int { ListOrder.allCases.firstIndex(of: order)! }
}
