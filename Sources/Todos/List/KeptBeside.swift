import IdentifiedCollections
import TodoModel

/// What the door keeps beside a list — the blocked map, the active count,
/// the sorted orders shown so far, the todos' runs of bytes once searched —
/// worked out whole for a list that is to replace the one shown: off the
/// main queue, where an outside change is merged (`OutsideMerge`), so that
/// applying it on the main queue costs no pass over 100,000 todos. It crosses back with the merge, and the door
/// takes it only for the list it was made for (else it works it out again).
struct KeptBeside: Equatable, Sendable {
  /// Which orders were kept, and for which day: what the orders were built for.
  let keptOrders: [ScreenOrder.Kind]
  let dependencies: Dependencies
  let activeTodos: ActiveCount
  let orders: SortedOrders
  let lineGrams: LineGrams?

  /// Everything for `todos`, the orders as `like` keeps them; the runs
  /// of bytes if `lineGrams`.
  init(_ todos: IdentifiedArrayOf<Todo.State>, ordersLike like: SortedOrders, lineGrams: Bool) {
    self.lineGrams = lineGrams ? LineGrams(todos) : nil
    let dependencies = Dependencies(todos)
    self.dependencies = dependencies
    activeTodos = ActiveCount(todos)
    var orders = like
    orders.rebuild(todos, isBlocked: { dependencies.isBlocked($0) })
    self.orders = orders
    keptOrders = like.keptKinds
  }
}

extension ListFeature.State {
  /// Takes what was worked out for the list now in `todos` (the caller
  /// knows it is that list), if it was made with the orders kept now;
  /// false when the door must work it out. The runs of bytes are taken as
  /// they are: none, if none were kept when the merge began (the next
  /// search works them out, off the main queue).
  mutating func take(_ kept: KeptBeside) -> Bool {
    guard kept.keptOrders == orders.keptKinds else { return false }
    lineGrams = kept.lineGrams
    dependencies = kept.dependencies
    activeTodos = kept.activeTodos
    orders = kept.orders
    return true
  }
}
