import FoundationEssentials
import IdentifiedCollections
import Terminal
import TodoModel

/// The list's rows, the header and the footer as last drawn: a frame draws
/// again only the rows whose todo or look changed, and copies the others. A row
/// is kept as drawn unselected (the selected row is that copy restyled), so
/// a move of the selection draws no row at all (a row cost ~13,000
/// instructions).
/// Speed only: a frame drawn with the memo is the frame drawn without it
/// (`RowMemoTests` holds it to that over random keys).
///
/// What a row's cells depend on is in two parts: what is the same for every
/// row (`Look`: a change draws them all again) and the row's own (`Key`).
/// The row being edited is never kept: its editor changes with every key.
final class RowMemo {
  struct Look: Equatable {
    let theme: Theme
    let showsHidden: Bool
    let today: Day
    let columns: Int
  }

  struct Key {
    let todo: Todo.State
    let marked: Bool
    let blocked: Bool
  }

  /// Everything the list's rows are drawn from but the selection. A frame
  /// drawn from the last frame's page shows the same rows (the same todos in
  /// the same places, drawn alike): a move of the selection copies them
  /// without walking the list or comparing a todo. The list's todos are
  /// named by which ids it has (its membership token, held) and its
  /// version (every change to the list counts one).
  struct Page: Equatable {
    let look: Look
    let rows: Int
    let ids: Membership
    let listVersion: Int
    let scrollTop: ListPosition
    let scrollTopBelowHeading: Bool
    let filter: Filter
    let order: ListOrder
    let unsunk: IDSet
    let shown: ListFeature.Shown
    let marks: Marks

    static func == (a: Page, b: Page) -> Bool {
      a.ids === b.ids && a.listVersion == b.listVersion && a.rows == b.rows && a.look == b.look && a.scrollTop == b.scrollTop
        && a.scrollTopBelowHeading == b.scrollTopBelowHeading && a.filter == b.filter && a.order == b.order && a.shown == b.shown
        && a.unsunk == b.unsunk && a.marks == b.marks
    }
  }

  /// A class: the tables hand entries on by reference (a struct this size
  /// was copied whole at every look into a table, ~10 k instructions a frame).
  private final class Entry {
    let todo: UUID
    let key: Key
    let cells: KeptRow
    /// The column after the row's content, where the selection's look ends.
    let end: Int

    init(todo: UUID, key: Key, cells: KeptRow, end: Int) {
      self.todo = todo
      self.key = key
      self.cells = cells
      self.end = end
    }

    /// Compared in place (read from outside, `key.todo` was copied out).
    func isDrawn(from todo: borrowing Todo.State, marked: Bool, blocked: Bool) -> Bool {
      key.marked == marked && key.blocked == blocked && key.todo == todo
    }
  }

  private var look: Look?
  /// The last frame's page and its rows, when every todo row was kept.
  private var page: (page: Page, rows: [ListRow])?
  /// The header and the footer as last drawn, and what they were drawn from.
  private var header: (inputs: HeaderLayout.Inputs, cells: KeptRow)?
  private var footer: (inputs: AppView.FooterInputs, cells: KeptRow)?
  /// The last frame's rows and this frame's, by screen row: found by row
  /// first (a todo stays on its row unless the list scrolls), then by a
  /// walk of the rows (no hashing of ids: a hash table's lookups cost more
  /// than the walk over a screen of rows).
  /// Their accesses are not checked at run time: read or written for every
  /// row, checked, each cost ~60 instructions. The memo belongs to one view
  /// on the main queue, and no method reaches a table while another one has
  /// it.
  @exclusivity(unchecked) private var kept: [Entry?] = []
  @exclusivity(unchecked) private var drawn: [Entry?] = []
  /// A blank frame of the last size, each frame begun as its copy: a frame
  /// made anew allocated its three arrays through the runtime's generic
  /// path (a metadata lookup each, ~2,000 instructions a frame).
  private var blank: Frame?

  /// A blank frame of `size`, to draw on.
  func blankFrame(_ size: Size) -> Frame {
    if let blank, blank.size == size { return blank }
    let frame = Frame(size: size)
    blank = frame
    return frame
  }

  /// The header (row 0, drawn first): copied if it was drawn from `inputs`,
  /// else drawn by `draw` and kept.
  func header(_ inputs: HeaderLayout.Inputs, on frame: inout Frame, draw: (inout Frame) -> Void) {
    Self.line(&header, inputs, row: 0, on: &frame, draw: draw)
  }

  /// The footer at `row`, as `header`.
  func footer(_ inputs: AppView.FooterInputs, row: Int, on frame: inout Frame, draw: (inout Frame) -> Void) {
    Self.line(&footer, inputs, row: row, on: &frame, draw: draw)
  }

  private static func line<Inputs: Equatable>(
    _ kept: inout (inputs: Inputs, cells: KeptRow)?, _ inputs: Inputs, row: Int, on frame: inout Frame, draw: (inout Frame) -> Void
  ) {
    if let kept, kept.inputs == inputs {
      frame.copy(kept.cells, toRow: row)
    } else {
      draw(&frame)
      kept = (inputs, frame.keep(row: row))
    }
  }

  /// A frame of `rows` rows begins: rows kept for another look are let go.
  func begin(_ look: Look, rows: Int) {
    if look != self.look {
      kept.removeAll(keepingCapacity: true)
      self.look = look
    }
    // A place for every row at once: grown row by row, each step was two
    // checked accesses to the table (a class's property).
    drawn.removeAll(keepingCapacity: true)
    drawn.append(contentsOf: repeatElement(nil, count: rows))
  }

  /// The last frame's rows, if it was drawn from `page`: its todo rows
  /// are then copied with `copyLastFrame(selecting:on:)`, and `begin`,
  /// `drew` and `end` are not called (the tables stay as they are).
  func rows(drawnFrom page: Page) -> [ListRow]? {
    self.page?.page == page ? self.page?.rows : nil
  }

  /// This frame's rows were drawn from `page` (nil: not all kept).
  func drew(_ rows: [ListRow], from page: Page?) {
    self.page = page.map { ($0, rows) }
  }

  /// Copies every todo row of the last frame onto the same row of this one
  /// (a frame drawn from the same page), unselected, and keeps them for the
  /// next; returns the selected todo's row and the column after its
  /// content, if it is shown. One pass over a local table: looked up row by
  /// row, each access to the class's tables was checked (~500 instructions
  /// a row).
  func copyLastFrame(selecting selection: UUID?, on frame: inout Frame) -> (row: Int, end: Int)? {
    let rows = kept
    // Read in place through a span: each entry taken out of the table was
    // retained and released (~100 instructions a row).
    let entries = rows.span
    var selected: (row: Int, end: Int)?
    for row in entries.indices {
      guard let cells = entries[row]?.cells else { continue }
      frame.copy(cells, toRow: row)
      if let end = entries[row]?.end, entries[row]?.todo == selection { selected = (row, end) }
    }
    return selected
  }

  /// The row of `todo` at `row`, unselected, copied onto the frame if it
  /// was drawn from this todo, marked and blocked alike: the column after
  /// its content; nil if it must be drawn (then `keep` it). The todo is
  /// borrowed (a copy of each row's todo cost as much as the look-up).
  func copyKept(_ row: Int, of todo: borrowing Todo.State, marked: Bool, blocked: Bool, on frame: inout Frame) -> Int? {
    guard let entry = keptEntry(of: todo.id, near: row), entry.isDrawn(from: todo, marked: marked, blocked: blocked) else { return nil }
    frame.copy(entry.cells, toRow: row)
    drawn[row] = entry
    return entry.end
  }

  /// Keeps `row` of `frame`, just drawn unselected from `key` (its content
  /// ends before column `end`).
  func keep(_ row: Int, drawnFrom key: Key, end: Int, of frame: Frame) {
    drawn[row] = Entry(todo: key.todo.id, key: key, cells: frame.keep(row: row), end: end)
  }

  private func keptEntry(of todo: UUID, near row: Int) -> Entry? {
    if row < kept.count, let entry = kept[row], entry.todo == todo { return entry }
    for entry in kept where entry?.todo == todo { return entry }
    return nil
  }

  /// The frame's rows are drawn: only they are kept for the next. (The
  /// two tables trade places, so neither is allocated again each frame.)
  func end() {
    swap(&kept, &drawn)
    drawn.removeAll(keepingCapacity: true)
  }
}
