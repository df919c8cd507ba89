import TodoModel

/// One row of the list's screen: a todo (by its index in the file), or,
/// in the agenda, the heading of the day group the todos below it are in.
/// Headings are drawn, never selected: the selection moves over todos,
/// while scrolling and paging count every row.
public enum ListRow: Equatable, Sendable {
  case heading(AgendaGroup)
  case todo(Int)

  public var fileIndex: Int? {
    if case .todo(let index) = self { index } else { nil }
  }
}

extension ListFeature.State {
  /// The agenda group the visible todo at `index` is shown under; nil
  /// outside the agenda and for the todos shown after the active ones.
  func agendaGroup(ofVisible index: Int) -> AgendaGroup? {
    guard order == .agenda, !position(of: index).isSunk else { return nil }
    return screenOrder.agendaGroup(ofFileIndex: index)
  }

  /// Whether the visible todo at `index` is the first shown of its agenda
  /// group, so a heading goes above it. Reads back only over the todos of
  /// its group that do not show.
  func opensAgendaGroup(_ index: Int) -> Bool {
    guard let group = agendaGroup(ofVisible: index) else { return false }
    var above = position(of: index)
    guard above.index > 0 else { return true }
    above.index -= 1
    var opens = true
    forEachVisible(from: above, backward: true) { visited in
      opens = agendaGroup(ofVisible: visited) != group
      return false
    }
    return opens
  }

  /// Visits the rows from the todo at `start` on, its heading first when it
  /// opens a group (unless `belowHeading`: scrolled off); `body` returns
  /// false to stop.
  func forEachRow(from start: ListPosition, belowHeading: Bool = false, _ body: (ListRow) -> Bool) {
    guard order == .agenda else {
      forEachVisible(from: start) { body(.todo($0)) }
      return
    }
    var previous: AgendaGroup?
    var isFirst = true
    forEachVisible(from: start) { index in
      let group = agendaGroup(ofVisible: index)
      defer { (previous, isFirst) = (group, false) }
      if let group, isFirst ? !belowHeading && opensAgendaGroup(index) : group != previous, !body(.heading(group)) {
        return false
      }
      return body(.todo(index))
    }
  }

  /// Visits the rows from the todo at `start` back up: each todo, then its
  /// heading when it opens a group; `body` returns false to stop.
  func forEachRow(backwardFrom start: ListPosition, _ body: (ListRow) -> Bool) {
    guard order == .agenda else {
      forEachVisible(from: start, backward: true) { body(.todo($0)) }
      return
    }
    var below: AgendaGroup?
    var stopped = false
    forEachVisible(from: start, backward: true) { index in
      let group = agendaGroup(ofVisible: index)
      if let below, group != below, !body(.heading(below)) {
        stopped = true
        return false
      }
      below = group
      stopped = !body(.todo(index))
      return !stopped
    }
    if !stopped, let below { _ = body(.heading(below)) }
  }

  /// Up to `limit` rows from the todo at `start` on (or back from it).
  func rows(from start: ListPosition, belowHeading: Bool = false, backward: Bool = false, limit: Int) -> [ListRow] {
    var found: [ListRow] = []
    guard limit > 0 else { return found }
    found.reserveCapacity(min(limit, todos.count + 1))  // a screen, not grown row by row
    // Closures passed as they are written: one kept in a constant is an
    // escaping one, whose `found` lives in a box checked at every access.
    if backward {
      forEachRow(backwardFrom: start) { row in
        found.append(row)
        return found.count < limit
      }
    } else {
      forEachRow(from: start, belowHeading: belowHeading) { row in
        found.append(row)
        return found.count < limit
      }
    }
    return found
  }

  /// The top of a screen of `count` rows that ends with the todo at
  /// `bottom` (or fewer rows, when the list has no more above it): the
  /// todo on its first row, and whether that todo's heading is scrolled off.
  func top(endingAt bottom: ListPosition, rows count: Int) -> (position: ListPosition, belowHeading: Bool)? {
    let upward = rows(from: bottom, backward: true, limit: count + 1)
    guard let last = upward.prefix(count).lastIndex(where: { $0.fileIndex != nil }), let index = upward[last].fileIndex else {
      return nil
    }
    // Its heading is on screen when it is among the `count` rows.
    let headed = last + 1 < upward.count && upward[last + 1].fileIndex == nil
    return (position(of: index), headed && last + 1 >= count)
  }

  /// The rows the screen shows: up to `count` from `scrollTop` on.
  public func screenRows(count: Int) -> [ListRow] {
    rows(from: scrollTop, belowHeading: scrollTopBelowHeading, limit: count)
  }

  /// The heading of an agenda group as the screen writes it.
  public func heading(of group: AgendaGroup) -> String {
    group.heading(today: shown.today)
  }
}
