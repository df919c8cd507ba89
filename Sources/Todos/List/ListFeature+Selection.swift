import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// A place in the order the screen shows the list: first the todos that were
/// active when completed todos last sank, then those that were complete,
/// each in the list's order (the file's, or a sorted one: `ScreenOrder`).
/// The file's own order never changes for it.
public struct ListPosition: Comparable, Sendable {
  public var isSunk: Bool
  /// The todo's place in the list's order (in the manual order, its index in the file).
  public var index: Int

  public init(isSunk: Bool, index: Int) {
    self.isSunk = isSunk
    self.index = index
  }

  public static let start = ListPosition(isSunk: false, index: 0)

  public static func < (a: Self, b: Self) -> Bool {
    (a.isSunk ? 1 : 0, a.index) < (b.isSunk ? 1 : 0, b.index)
  }
}

/// What the list shows, in which order, and where the selection may go: the
/// filter, the search, the sink of completed todos, and the row being edited
/// (always shown, even if it matches neither).
extension ListFeature.State {
  public func isVisible(_ todo: Todo.State) -> Bool {
    Visibility(self, usingMisses: false).test(CollectionOfOne(todo).span, at: 0)
  }

  /// The todos the list shows, in the screen's order.
  public var visibleTodos: [Todo.State] {
    visibleIndices(from: .start, limit: todos.count).map { todos[$0] }
  }

  /// Where the todo at `index` of the file shows.
  func position(of index: Int) -> ListPosition {
    ListPosition(isSunk: todos[index].isComplete != unsunk.contains(todos[index].id), index: screenOrder.place(of: index))
  }

  /// The position of the last todo on screen, were every todo visible.
  var endPosition: ListPosition { ListPosition(isSunk: true, index: todos.count - 1) }

  /// Active todos in the whole list, whatever the filter: `N items left`.
  /// Hidden todos (`h:1`, a later `t:`) are not counted while they are hidden.
  public var activeCount: Int {
    let editedBlank = shown.editing.flatMap { todos.index(id: $0) }.map { todos[$0].isBlankLine } ?? false
    return activeTodos.shown(hidingOn: showsHidden ? nil : shown.today, blankBeingEdited: editedBlank)
  }

  /// Visits the visible todos in the screen's order from `start` (included),
  /// or back from it; `body` gets each one's index in the file and returns
  /// false to stop. Every scan of the list is this one walk: it reads each
  /// todo in place (through a span, so nothing is copied or retained), and
  /// costs the todos it passes over, not the length of the list.
  func forEachVisible(from start: ListPosition, backward: Bool = false, _ body: (Int) -> Bool) {
    let visibility = Visibility(self)
    let screenOrder = screenOrder
    let todos = todos.elements.span
    let last = todos.count - 1
    // The start's group, then the other one in the walk's direction (none
    // back from the active ones, none on from the sunk ones).
    let groups = backward ? (start.isSunk ? 2 : 1) : (start.isSunk ? 1 : 2)
    // In the file's order, runs of todos the search so far kept out are
    // jumped over (a word few todos have keeps out nearly all of them).
    let skipsMisses = screenOrder.isManual && visibility.hasKnownMisses
    for step in 0..<groups {
      let group = step == 0 ? start.isSunk : !start.isSunk
      let first = step == 0 ? start.index : (backward ? last : 0)
      var place = backward ? min(first, last) : first
      while backward ? place >= 0 : place <= last {
        defer { place += backward ? -1 : 1 }
        if skipsMisses {
          place = visibility.nearestPossible(from: place, backward: backward)
          guard backward ? place >= 0 : place <= last else { break }
        }
        let index = screenOrder.fileIndex(at: place)
        guard !visibility.isKnownMiss(index), visibility.isSunk(todos[index]) == group, visibility.testReading(todos, at: index)
        else { continue }
        guard body(index) else { return }
      }
    }
  }

  /// Up to `limit` indices of visible todos from `start` on (or back from it), in that order.
  func visibleIndices(from start: ListPosition, backward: Bool = false, limit: Int) -> [Int] {
    var found: [Int] = []
    guard limit > 0 else { return found }
    found.reserveCapacity(min(limit, 64))  // not grown from one for a move's two
    forEachVisible(from: start, backward: backward) { index in
      found.append(index)
      return found.count < limit
    }
    return found
  }

  /// Whether the todo with `id` is in the list and complete (read in place).
  func isComplete(_ id: UUID) -> Bool {
    todos.index(id: id).map { todos.elements[$0].isComplete } ?? false
  }

  public var selectedTodo: Todo.State? {
    selection.flatMap { todos[id: $0] }
  }

  /// The selection and where it is in the file: what `repairSelection` needs
  /// after a change.
  var selectionAnchor: (id: UUID, position: ListPosition)? {
    selection.flatMap { id in todos.index(id: id).map { (id, position(of: $0)) } }
  }

  public func firstVisible() -> Todo.State? {
    visibleIndices(from: .start, limit: 1).first.map { todos[$0] }
  }

  public func lastVisible() -> Todo.State? {
    todos.isEmpty ? nil : visibleIndices(from: endPosition, backward: true, limit: 1).first.map { todos[$0] }
  }

  /// The selection's row among the visible todos (0 for the first).
  var selectedRow: Int? {
    guard let id = selection, let index = todos.index(id: id) else { return nil }
    var row = 0
    var found = false
    forEachVisible(from: .start) { visited in
      found = visited == index
      row += found ? 0 : 1
      return !found
    }
    return found ? row : nil
  }

  /// Moves the selection `steps` visible rows down (negative: up), stopping
  /// at the ends. Costs the rows it passes over, not the length of the list.
  mutating func moveSelection(by steps: Int) {
    guard let id = selection, let index = todos.index(id: id) else {
      selection = (steps >= 0 ? firstVisible() : lastVisible())?.id
      return
    }
    let rows = visibleIndices(from: position(of: index), backward: steps < 0, limit: abs(steps) + 1)
    if let last = rows.last(where: { $0 != index }) { selection = todos[last].id }
  }

  /// PageDown / PageUp: the selection `rows` rows down (up), headings
  /// counted, onto the last todo within them (the next one when there is
  /// none), so a page of the agenda is a screen too.
  mutating func moveSelection(byRows rows: Int) {
    guard order == .agenda, let id = selection, let index = todos.index(id: id) else {
      return moveSelection(by: rows)
    }
    var seen = false, passed = 0
    var landing: Int?
    let visit = { (row: ListRow) -> Bool in
      guard seen else {
        seen = row == .todo(index)
        return true
      }
      passed += 1
      if let found = row.fileIndex { landing = found }
      return passed < abs(rows) || landing == nil
    }
    if rows < 0 { forEachRow(backwardFrom: position(of: index), visit) } else { forEachRow(from: position(of: index), visit) }
    if let landing { selection = todos[landing].id }
  }

  /// The sink a second after the last toggle: completed todos show below
  /// active ones, and the selection stays on its row (on the todo that took
  /// that place), or on the last row if there are fewer rows now.
  ///
  /// A recurring todo's next occurrence arrives with the sink (it is kept
  /// out of sight until then), and rows are counted as if it were not
  /// there: the selection moves on as it would without recurrence, so the
  /// new occurrence never takes the selected row (`x`, wait, `x` completes
  /// the next todo, not the one just brought).
  mutating func sinkCompletedTodos() {
    let row = selectedRow
    let arriving = Visibility.arrivals(self)
    unsunk = []
    guard let row else { return }
    var rows = 0
    var landed: Int?
    forEachVisible(from: .start) { index in
      landed = index
      if arriving.contains(todos[index].id) { return true }
      rows += 1
      return rows <= row
    }
    selection = landed.map { todos[$0].id }
  }

  /// Puts the selection back on a visible todo after an action hid or removed
  /// it: the next visible row from where it stood (so after a delete, the row
  /// that took its place), else the nearest one above, else none.
  ///
  /// Takes the old selection and its place, not the old state: holding a copy
  /// of the list would make every change copy all of it.
  mutating func repairSelection(anchor: (id: UUID, position: ListPosition)?) {
    if let index = selection.flatMap({ todos.index(id: $0) }), Visibility(self).test(todos.elements.span, at: index) { return }
    guard let anchor, !todos.isEmpty else {
      selection = firstVisible()?.id
      return
    }
    // Still in the list but hidden: look past it. Removed: start where it was.
    var start = anchor.position
    if let index = todos.index(id: anchor.id) {
      start = position(of: index)
      start.index += 1
    }
    var above = start
    above.index -= 1
    let found = visibleIndices(from: start, limit: 1).first ?? visibleIndices(from: above, backward: true, limit: 1).first
    selection = found.map { todos[$0].id }
  }
}

extension ListFeature.State {
  /// The todos the screen shows, within its `count` rows (headings take rows too).
  public func screenTodos(count: Int) -> [Todo.State] {
    screenRows(count: count).compactMap { $0.fileIndex.map { todos[$0] } }
  }

  /// Moves `scrollTop` the least needed to show the selected row, and keeps
  /// the page full when the list has enough visible rows.
  ///
  /// Under a filter or search this runs on every key, so it reads only the
  /// rows between the top of the screen and the selection, and a page on
  /// (or back from the end): never the whole list to count rows above.
  mutating func scrollSelectionIntoView() {
    var top = scrollTop
    var belowHeading = scrollTopBelowHeading
    // Rows on the page from `top`, up to a page and one, while it is known.
    var pageRows: Int?
    if let index = selection.flatMap({ todos.index(id: $0) }) {
      let selected = position(of: index)
      if selected < top || (selected == top && belowHeading && opensAgendaGroup(index)) {
        (top, belowHeading) = (selected, false)
      } else {
        // One walk: whether the selection is on the page, and how full the page is.
        // (The closure reads no property: reading `self` in it made the walk
        // work on a copy of the whole list state.)
        var rows = 0
        var isOnPage = false
        let pageSize = shown.pageSize
        // From the first row nothing is above, so how full the page is
        // does not matter (below): the walk ends at the selection. (A
        // search's page of sparse matches was read here and again by the view.)
        let countsPage = top != .start || belowHeading
        forEachRow(from: top, belowHeading: belowHeading) { row in
          rows += 1
          if row == .todo(index), rows <= pageSize { isOnPage = true }
          return rows <= pageSize && (countsPage || !isOnPage)
        }
        pageRows = countsPage ? rows : nil
        if !isOnPage, rows > pageSize, let first = self.top(endingAt: selected, rows: pageSize) {
          (top, belowHeading) = first
          pageRows = nil
        }
      }
    }
    // A page not full while rows are hidden above: the last page instead.
    // (From the first row nothing is above.)
    guard top != .start || belowHeading else {
      (scrollTop, scrollTopBelowHeading) = (.start, false)
      return
    }
    if (pageRows ?? rows(from: top, belowHeading: belowHeading, limit: shown.pageSize).count) < shown.pageSize {
      (top, belowHeading) = todos.isEmpty ? (.start, false) : self.top(endingAt: endPosition, rows: shown.pageSize) ?? (.start, false)
      if rows(from: top, belowHeading: belowHeading, limit: shown.pageSize).count < shown.pageSize { (top, belowHeading) = (.start, false) }
    }
    scrollTop = top
    scrollTopBelowHeading = belowHeading && order == .agenda
  }

}
