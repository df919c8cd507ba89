import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// The footer's `N items left`, kept by the door as the list changes (each
/// todo that leaves is `remove`d, each that arrives `add`ed) instead of
/// read from every todo on every frame (a fifth of a key's time at 100,000
/// todos). What hides a todo depends on the day and on `H`, so the count
/// keeps the hidden ones apart: the `h:1` ones, and the `t:` ones by day.
struct ActiveCount: Equatable, Sendable {
  /// Active todos that are not blank lines.
  private var active = 0
  /// Of those, the ones with `h:1`.
  private var alwaysHidden = 0
  /// Of the others, how many have each `t:` day (its raw bits).
  private var thresholds: [UInt32: Int] = [:]

  init() {}

  /// The count of a whole list: each todo read in place, once.
  init(_ todos: IdentifiedArrayOf<Todo.State>) {
    let span = todos.elements.span
    for index in span.indices { add(span[index]) }
  }

  mutating func add(_ todo: borrowing Todo.State) { count(todo, by: 1) }

  mutating func remove(_ todo: borrowing Todo.State) { count(todo, by: -1) }

  private mutating func count(_ todo: borrowing Todo.State, by step: Int) {
    guard !todo.isComplete, !todo.isBlankLine else { return }
    active += step
    if todo.hiding.isAlwaysHidden {
      alwaysHidden += step
    } else if let day = todo.hiding.threshold {
      let left = thresholds[day.rawBits, default: 0] + step
      thresholds[day.rawBits] = left == 0 ? nil : left
    }
  }

  /// Active todos shown on `hidingOn` (nil: hidden ones show too), a blank
  /// line being edited included (`blankBeingEdited`).
  func shown(hidingOn today: Day?, blankBeingEdited: Bool) -> Int {
    var count = active + (blankBeingEdited ? 1 : 0)
    guard let today else { return count }
    count -= alwaysHidden
    for (bits, todos) in thresholds where bits > today.rawBits { count -= todos }
    return count
  }
}
