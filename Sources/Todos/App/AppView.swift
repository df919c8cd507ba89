import FoundationEssentials
import IdentifiedCollections
import Terminal
import TodoModel

/// The whole screen as a pure function of the state and the terminal size:
/// header (filters, clock), the visible rows of the list, a line for the
/// search or the edit hints, and a footer (items left, save status, flash).
/// Only the rows on screen are laid out, whatever the length of the list.
public enum AppView {
  public static let minimumSize = Size(columns: 30, rows: 6)

  /// Whether the list can be drawn at `size` (else the screen says "Terminal too small").
  public static func fits(_ size: Size) -> Bool {
    size.columns >= minimumSize.columns && size.rows >= minimumSize.rows
  }

  /// Rows left for todos once the header, status line and footer are placed.
  public static func listRows(in size: Size) -> Int { max(1, size.rows - 3) }

  /// `memo`: the list's rows as last drawn (a program's renderer keeps
  /// one); the frame is the same with it or without.
  static func render(_ state: AppReducer.State, _ size: Size, memo: RowMemo?) -> Frame {
    // A state made by hand (a test's) has its list told what it shows too;
    // after an action it already is, and this changes nothing.
    if state.list.shown != state.shown {
      var handed = state
      handed.handShownToList()
      return render(handed, size, memo: memo)
    }
    var frame = memo?.blankFrame(size) ?? Frame(size: size)
    guard fits(size) else {
      tooSmall(&frame)
      return frame
    }
    let header = headerInputs(state, columns: size.columns)
    if let memo {
      memo.header(header, on: &frame) { drawHeader(header, &$0) }
    } else {
      drawHeader(header, &frame)
    }
    switch state.file.phase {
    case .loading:
      frame.write("Loading…", column: 1, row: 1, style: Style(dim: true))
    case .failed(let message):
      frame.write(message, column: 1, row: 1, style: state.settings.theme[.error])
    case .ready:
      list(state, &frame, memo: memo)
    }
    statusLine(state, &frame)
    let footer = footerInputs(state, columns: size.columns)
    if let memo {
      memo.footer(footer, row: size.rows - 1, on: &frame) { drawFooter(footer, &$0) }
    } else {
      drawFooter(footer, &frame)
    }
    CompletionHint.draw(state, on: &frame)
    if case .help(let top) = state.mode { HelpOverlay.draw(from: top, keys: state.settings.keyOverrides, on: &frame) }
    if case .history(let selected) = state.mode { HistoryOverlay.draw(state, selected: selected, on: &frame) }
    return frame
  }

  public static func render(_ state: AppReducer.State, _ size: Size) -> Frame {
    render(state, size, memo: nil)
  }

  private static func tooSmall(_ frame: inout Frame) {
    let size = frame.size
    let lines = ["Terminal too small", "need \(minimumSize.columns)x\(minimumSize.rows)", "have \(size.columns)x\(size.rows)"]
    for (offset, line) in lines.enumerated() where offset < size.rows {
      let column = max(0, (size.columns - DisplayWidth.of(line)) / 2)
      frame.write(line, column: column, row: max(0, size.rows / 2 - 1) + offset - (size.rows < 3 ? 1 : 0))
    }
  }

  private static func drawHeader(_ inputs: HeaderLayout.Inputs, _ frame: inout Frame) {
    let layout = HeaderLayout(inputs)
    if layout.showsClock, let clock = inputs.clock { frame.write(clock.text, column: layout.clockColumn, row: 0) }
    if layout.showsTitle { frame.write("yaru", column: 1, row: 0, style: inputs.theme[.title]) }
    for (filter, columns) in layout.filterColumns {
      let current = filter == inputs.filter
      let label = current ? "[\(filter.rawValue)]" : " \(filter.rawValue) "
      frame.write(label, column: columns.lowerBound, row: 0, style: current ? inputs.theme[.filter] : Style(dim: true))
    }
    if !layout.notes.isEmpty {
      frame.write(layout.notes, column: layout.notesColumn, row: 0, style: Style(bold: true))
    }
  }

  /// The header's parts as they fit `columns`: the view beyond the filter
  /// (the order when it is not the file's, hidden todos when they show,
  /// the view in force) and the clock.
  static func headerLayout(_ state: AppReducer.State, columns: Int) -> HeaderLayout {
    HeaderLayout(headerInputs(state, columns: columns))
  }

  static func headerInputs(_ state: AppReducer.State, columns: Int) -> HeaderLayout.Inputs {
    let notes = HeaderLayout.Notes(
      list: state.lists.activeName,
      order: state.list.order == .manual ? nil : state.list.order.rawValue,
      hidden: state.list.showsHidden,
      view: state.search.currentView.map { state.search.views[$0].name }
    )
    return HeaderLayout.Inputs(
      columns: columns, filter: state.list.filter, notes: notes, clock: state.settings.showsClock ? clock(state, at: state.now) : nil,
      theme: state.settings.theme
    )
  }

  /// What a click on a cell of the list's screen means: a filter's name
  /// shows that filter, a todo's row selects it.
  static func action(forClickAt column: Int, row: Int, in state: AppReducer.State) -> AppReducer.Action? {
    if row == 0 {
      let layout = headerLayout(state, columns: state.screenSize.columns)
      return layout.filterColumns.first { $0.1.contains(column) }.map { .list(.showFilter($0.0)) }
    }
    let shown = state.list.screenRows(count: state.pageSize)
    // A heading's row selects nothing.
    guard row >= 1, row <= shown.count, let index = shown[row - 1].fileIndex else { return nil }
    return .list(.select(state.list.todos[index].id))
  }

  /// `date` as the header's clock shows times.
  static func clock(_ state: AppReducer.State, at date: Date) -> HeaderLayout.Clock {
    HeaderLayout.Clock(date, at: state.utcOffset, uses24Hour: state.settings.uses24HourClock)
  }

  private static func list(_ state: AppReducer.State, _ frame: inout Frame, memo: RowMemo?) {
    let rows = listRows(in: frame.size)
    let list = state.list
    let today = state.today
    let look = RowMemo.Look(theme: state.settings.theme, showsHidden: list.showsHidden, today: today, columns: frame.size.columns)
    let editing: UUID? = if case .editing(let editing) = state.mode { editing.id } else { nil }
    // The row being edited is never kept: no page with it is.
    let page = editing != nil ? nil : RowMemo.Page(
      look: look, rows: rows, ids: list.todos.membership, listVersion: list.listVersion, scrollTop: list.scrollTop,
      scrollTopBelowHeading: list.scrollTopBelowHeading, filter: list.filter, order: list.order, unsunk: list.unsunk,
      shown: list.shown, marks: list.marks
    )
    let keptRows = page.flatMap { memo?.rows(drawnFrom: $0) }
    let shown = keptRows ?? list.screenRows(count: rows)
    if shown.isEmpty {
      memo?.drew([], from: nil)
      let hint = list.todos.allSatisfy(\.isBlankLine) ? "No todos yet — press a to add one"
        : !state.query.isEmpty ? "No todo matches the search — Esc clears it"
        : "No \(list.filter.rawValue.lowercased()) todos — f changes the filter"
      frame.write(hint, column: 1, row: 1, style: Style(dim: true))
      return
    }
    var selectedRow: Int?
    if let memo, let keptRows {
      // The last frame's page: the same todos on the same rows, drawn alike.
      for (offset, row) in keptRows.enumerated() {
        if case .heading(let group) = row {
          frame.write(list.heading(of: group), column: 1, row: 1 + offset, style: state.settings.theme[.heading])
        }
      }
      if let (row, end) = memo.copyLastFrame(selecting: list.selection, on: &frame) {
        selectedRow = row
        TodoRow.select(row: row, end: end, theme: state.settings.theme, on: &frame)
      }
    } else {
      drawRows(shown, of: state, look: look, editing: editing, page: page, memo: memo, selectedRow: &selectedRow, on: &frame)
    }
    // The terminal's own cursor sits at the selected row's start: screen
    // readers follow it, and an input method opens its candidates there.
    // The next move's first write starts right there (no cursor move), and
    // the box's `[x]` is never hidden under it.
    // (A line being typed has it; an overlay hides it.)
    let cursorIsElsewhere = switch state.mode {
    case .list, .choosingPriority, .choosingRegister, .choosingList: false
    case .editing, .searching, .prompting, .help, .history: true
    }
    if !cursorIsElsewhere, let selectedRow {
      frame.cursor = (0, selectedRow)
    }
  }

  /// The list's rows drawn, each todo's copied from the memo if it was
  /// drawn alike before.
  private static func drawRows(
    _ shown: [ListRow], of state: AppReducer.State, look: RowMemo.Look, editing: UUID?, page: RowMemo.Page?, memo: RowMemo?,
    selectedRow: inout Int?, on frame: inout Frame
  ) {
    let (list, today) = (state.list, look.today)
    memo?.begin(look, rows: frame.size.rows)
    // A todo kept is read in place (through a span: an array's subscript
    // copies), never copied: a copy and its release cost more than the
    // row's look-up in the memo.
    let todos = list.todos.elements
    for (offset, row) in shown.enumerated() {
      switch row {
      case .heading(let group):
        frame.write(list.heading(of: group), column: 1, row: 1 + offset, style: state.settings.theme[.heading])
      case .todo(let index):
        let id = todos.span[index].id
        let (selected, marked) = (id == list.selection, list.marks.contains(index))
        if selected { selectedRow = 1 + offset }
        func draw(_ frame: inout Frame, selected: Bool) -> Int {
          TodoRow.draw(todos[index], selected: selected, marked: marked, state: state, today: today, row: 1 + offset, on: &frame)
        }
        if let memo, id != editing {
          // Kept unselected: the selected row is its copy restyled, so a
          // move of the selection draws no row.
          let blocked = list.dependencies.isBlocked(todos.span[index])
          let end: Int
          if let kept = memo.copyKept(1 + offset, of: todos.span[index], marked: marked, blocked: blocked, on: &frame) {
            end = kept
          } else {
            end = draw(&frame, selected: false)
            memo.keep(1 + offset, drawnFrom: RowMemo.Key(todo: todos[index], marked: marked, blocked: blocked), end: end, of: frame)
          }
          if selected { TodoRow.select(row: 1 + offset, end: end, theme: state.settings.theme, on: &frame) }
        } else {
          _ = draw(&frame, selected: selected)
        }
      }
    }
    memo?.drew(shown, from: page)
    memo?.end()
  }

  private static func statusLine(_ state: AppReducer.State, _ frame: inout Frame) {
    let row = frame.size.rows - 2
    switch state.mode {
    case .searching(let editor):
      let matches = matchesText(state)
      let x = frame.write("/", column: 1, row: row, style: Style(bold: true))
      let end = frame.size.columns - DisplayWidth.of(matches) - 1
      frame.write(matches, column: end, row: row, style: Style(dim: true))
      TodoRow.drawEditor(editor, column: x, row: row, on: &frame, limit: end - 1)
    case .editing:
      if let refusal = state.editRefusal {
        frame.write(refusal, column: 1, row: row, style: state.settings.theme[.error])
      } else {
        frame.write("Enter saves · Esc cancels · Ctrl-U deletes to the start", column: 1, row: row, style: Style(dim: true))
      }
    case .prompting(let prompt):
      let x = frame.write(prompt.kind.label, column: 1, row: row, style: Style(bold: true))
      TodoRow.drawEditor(prompt.editor, column: x, row: row, on: &frame)
    case .choosingPriority:
      frame.write("Priority: a letter A–Z · Space removes it · Esc keeps it", column: 1, row: row, style: Style(bold: true))
    case .choosingList:
      let lists = state.lists.names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: " · ")
      frame.write("Move to list: \(lists) · Esc keeps it here", column: 1, row: row, style: Style(bold: true))
    case .choosingRegister(.record):
      frame.write("Record a macro into: a letter a–z · Esc records none", column: 1, row: row, style: Style(bold: true))
    case .choosingRegister(.play):
      frame.write("Play the macro: a letter a–z · @ the last one · Esc plays none", column: 1, row: row, style: Style(bold: true))
    case .history:
      frame.write("j/k move · Enter reverts the selected change · Esc back to the list", column: 1, row: row, style: Style(dim: true))
    case .list, .help:
      if state.file.isReadOnly, state.search.text.isEmpty {
        frame.write("Another yaru has this file open: here you can look, not change", column: 1, row: row, style: Style(dim: true))
      } else if let copy = state.file.conflictCopies.first, state.search.text.isEmpty {
        let more = state.file.conflictCopies.count > 1 ? " (+\(state.file.conflictCopies.count - 1))" : ""
        frame.write("Conflict copy: yaru merge '\(copy)'\(more)", column: 1, row: row, style: Style(foreground: .yellow))
      }
      if !state.search.text.isEmpty {
        var x = frame.write("Search: ", column: 1, row: row, style: Style(dim: true))
        x = frame.write(state.search.text, column: x, row: row)
        frame.write("  · \(matchesText(state)) (Esc clears)", column: x, row: row, style: Style(dim: true))
      }
    }
  }

  private static func matchesText(_ state: AppReducer.State) -> String {
    guard let count = state.search.matchCount?.count else { return "counting…" }
    return count == 1 ? "1 match" : "\(count) matches"
  }

  /// All the footer is drawn from: a frame whose footer has the same as
  /// the last one's copies that row (`RowMemo.footer`).
  struct FooterInputs: Equatable {
    let columns: Int
    let left: Int
    let marked: String?
    let recording: String?
    let status: String
    let statusStyle: Style
    let statusIsCalm: Bool
    let flash: String?
    let problem: String?
    let theme: Theme
  }

  static func footerInputs(_ state: AppReducer.State, columns: Int) -> FooterInputs {
    var (status, style, isCalm) = saveStatus(state)
    if let (sync, syncStyle, syncIsCalm) = syncStatus(state) {
      status += " · " + sync
      (style, isCalm) = (syncIsCalm ? style : syncStyle, isCalm && syncIsCalm)
    }
    return FooterInputs(
      columns: columns, left: state.list.activeCount, marked: state.list.markedNote,
      recording: state.macros.recording.map { "recording @\($0.register)" }, status: status, statusStyle: style,
      statusIsCalm: isCalm, flash: state.flash, problem: state.flash == nil ? searchProblem(state) : nil, theme: state.settings.theme
    )
  }

  private static func drawFooter(_ inputs: FooterInputs, _ frame: inout Frame) {
    let row = frame.size.rows - 1
    let left = inputs.left
    var x = frame.write(left == 1 ? "1 item left" : "\(left) items left", column: 1, row: row, style: Style(bold: true))
    if let marked = inputs.marked {
      x = frame.write(" · ", column: x, row: row, style: Style(dim: true))
      x = frame.write(marked, column: x, row: row, style: Style(bold: true))
    }
    if let recording = inputs.recording {
      x = frame.write(" · ", column: x, row: row, style: Style(dim: true))
      x = frame.write(recording, column: x, row: row, style: Style(bold: true))
    }
    // A calm status ("saved") makes room for a message a narrow screen
    // would otherwise shorten; a warning ("NOT SAVED") stays.
    let flashRoom = frame.size.columns - x - DisplayWidth.of(inputs.status) - 6  // two " · "
    if !(inputs.statusIsCalm && inputs.flash.map { DisplayWidth.of($0) > flashRoom } == true) {
      x = frame.write(" · ", column: x, row: row, style: Style(dim: true))
      x = frame.write(inputs.status, column: x, row: row, style: inputs.statusStyle)
    }
    if let flash = inputs.flash {
      x = frame.write(" · ", column: x, row: row, style: Style(dim: true))
      frame.write(MessageFit.fit(flash, width: frame.size.columns - x), column: x, row: row, style: inputs.theme[.flash])
    } else if let problem = inputs.problem {
      x = frame.write(" · ", column: x, row: row, style: Style(dim: true))
      frame.write(problem, column: x, row: row, style: inputs.theme[.error])
    } else if x <= frame.size.columns - 8 {
      frame.write("? help", column: frame.size.columns - 7, row: row, style: Style(dim: true))
    }
  }

  /// What the search in force cannot read: said for as long as it is in
  /// force, since it lets no todo through.
  static func searchProblem(_ state: AppReducer.State) -> String? {
    state.query.isEmpty ? nil : SearchQuery(state.query, today: state.today).problem
  }

  /// How the last sync went (`sync = "git"`), and whether that is calm.
  private static func syncStatus(_ state: AppReducer.State) -> (String, Style, isCalm: Bool)? {
    let sync = state.sync
    guard sync.isEnabled else { return nil }
    switch sync.last {
    case nil: return (sync.isSyncing ? "syncing…" : "not synced yet", Style(dim: true), true)
    case .synced(let date): return ("synced \(clock(state, at: date).text)", Style(dim: true), true)
    case .offline(let since, _): return ("offline since \(clock(state, at: since).text)", Style(foreground: .yellow), false)
    case .needsYou(let why): return ("sync needs you: \(why)", state.settings.theme[.error], false)
    }
  }

  /// The file's state for the footer, and whether it is calm: all is as
  /// it should be, nothing to act on.
  private static func saveStatus(_ state: AppReducer.State) -> (String, Style, isCalm: Bool) {
    let file = state.file
    if file.isInMemory { return ("in memory", Style(dim: true), true) }
    if file.isReadOnly { return ("READ-ONLY", Style(bold: true, foreground: .yellow), false) }
    if file.saveError != nil { return ("NOT SAVED", state.settings.theme[.error], false) }
    // Never "saved" while a save would be refused or the file is not there.
    if file.writeRefusal != nil { return ("read-only file", Style(bold: true, foreground: .yellow), false) }
    if file.isGone { return ("file gone: the next change writes it", Style(foreground: .yellow), false) }
    if state.showsSaving { return ("saving…", Style(dim: true), true) }
    return ("saved", Style(dim: true), true)
  }
}
