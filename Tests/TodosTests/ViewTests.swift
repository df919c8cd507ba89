import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport
import VirtualTerminal

/// Screens as text, at the sizes people use, with the hard characters.
@MainActor
struct ViewTests {
  static let sample = TodoList(parsing: """
    (A) 2026-11-18 Submit the tax return +finance @desk due:2026-12-15
    2026-11-19 買い物リストを作る +家事 @スーパー
    Plan the trip to 京都 🗾 +travel due:2025-12-01
    x 2026-11-20 2026-11-10 Return library books @town
    Email 👩‍💻 the team about the release +work and then write a long line that cannot fit at all
    """, makeID: UUID.incrementing()).todos

  private func screen(_ state: AppReducer.State, _ columns: Int, _ rows: Int) -> [String] {
    AppView.render(state, Size(columns: columns, rows: rows)).lines
  }

  private var state: AppReducer.State {
    AppReducer.State(todos: Self.sample, now: startDate)
  }

  /// Completed todos show below active ones, whatever their place in the file.
  @Test func theListAt80x24() {
    let lines = screen(state, 80, 24)
    #expect(Array(lines[0...5]) == [
      " yaru  [All] Active  Completed                                            09:00",
      " [ ] (A) Submit the tax return +finance @desk due:2026-12-15",
      " [ ] 買い物リストを作る +家事 @スーパー",
      " [ ] Plan the trip to 京都 🗾 +travel due:2025-12-01 (4w late)",
      " [ ] Email 👩‍💻 the team about the release +work and then write a long line that …",
      " [x] Return library books @town",
    ])
    #expect(lines[6...22].allSatisfy { $0.isEmpty })
    #expect(lines[23] == " 4 items left · saved                                                    ? help")
  }

  /// The terminal's cursor sits at the selected row's start, wherever the
  /// order puts that row: screen readers follow it, and an input method
  /// opens its candidates there. The help takes it away.
  @Test func theCursorSitsAtTheSelectedRowsStart() {
    var state = self.state
    func cursor() -> [Int]? { AppView.render(state, Size(columns: 80, rows: 24)).cursor.map { [$0.column, $0.row] } }
    #expect(cursor() == [0, 1])
    state.list.selection = Self.sample[3].id  // completed: shown last, on row 5
    #expect(cursor() == [0, 5])
    state.mode = .choosingPriority
    #expect(cursor() == [0, 5])
    state.mode = .help(top: 0)
    #expect(cursor() == nil)
  }

  /// A row too long for the screen is cut at the edge, but a due date the
  /// cut would reach is kept whole, at the end (NarrowScreenTests).
  @Test func theListAt40x10CutsAtTheEdgeWithoutSplittingWideCharacters() {
    #expect(screen(state, 40, 10) == [
      " yaru  [All] Active  Completed    09:00",
      " [ ] (A) Submit the tax… due:2026-12-15",
      " [ ] 買い物リストを作る +家事 @スーパー",
      " [ ] Plan the trip to 京… due:2025-12-01",
      " [ ] Email 👩‍💻 the team about the releas…",
      " [x] Return library books @town",
      "", "", "",
      " 4 items left · saved            ? help",
    ])
    var narrow = state
    narrow.list.todos = todos("abcdefghijklmnopqrstuvwxyz0123牛乳")
    #expect(screen(narrow, 40, 10)[1] == " [ ] abcdefghijklmnopqrstuvwxyz0123牛乳", "exactly 39 columns fit")
    narrow.list.todos = todos("abcdefghijklmnopqrstuvwxyz0123牛乳牛")
    #expect(screen(narrow, 40, 10)[1] == " [ ] abcdefghijklmnopqrstuvwxyz0123牛乳…", "the last 牛 would straddle the edge")
  }

  @Test func theSelectedRowIsInReverseVideoOverItsContent() {
    let frame = AppView.render(state, Size(columns: 80, rows: 24))
    let line = screen(state, 80, 24)[1]
    let end = line.count  // every character of this row is one column wide
    #expect((0..<end).allSatisfy { frame[$0, 1].style.reverse }, "\(line)")
    #expect(!(end..<80).contains { frame[$0, 1].style.reverse }, "the rest of the row stays plain: a move rewrites less")
    #expect(!(0..<80).contains { frame[$0, 2].style.reverse })
    #expect(frame[31, 1].style.foreground == .cyan, "+finance")
    #expect(frame[40, 1].style.foreground == .blue, "@desk")
    #expect(frame[50, 1].style.foreground == nil, "due far in the future: the text's colour")
    #expect(frame[41, 3].style.foreground == .red, "overdue")
  }

  /// One meaning per colour: red only for overdue; today, soon and later
  /// distinct; priorities never red or yellow.
  @Test func coloursMeanOneThingEach() {
    let today = Day(year: 2026, month: 11, day: 23)!
    let theme = Theme.standard
    let due = [-1, 0, 3, 4].map { Theme.due(today.adding(days: $0), today: today).map { theme[$0] } }
    let (overdue, dueToday, soon, later) = (due[0], due[1], due[2], due[3])
    #expect(overdue == Style(bold: true, foreground: .red))
    #expect(Set([overdue, dueToday, soon, later]).count == 4, "overdue, today, soon and later all differ")
    #expect(later == nil)
    let priorities = ["A", "B", "C"].map { theme[Theme.priority(Character($0))] }
    #expect(Set(priorities).count == 3)
    for style in priorities + [theme[.project], theme[.context]] {
      #expect(style.foreground != .red && style != dueToday && style != soon, "\(style)")
    }
    // Red is late, or wrong: an error, a date that is none (underlined, so
    // never taken for a late one).
    for element in Theme.Element.allCases where ![.overdue, .error, .badDate].contains(element) {
      #expect(theme[element].foreground != .red, "\(element.name)")
    }
    #expect(theme[.badDate] != overdue && theme[.badDate].underline)
    // Whatever a row can hold looks unlike every other thing it can hold:
    // `(C)` and `@context` were both blue, hidden todos like the rest.
    let inRows: [Theme.Element] = [
      .priorityA, .priorityB, .priorityC, .priority, .project, .context, .overdue, .dueToday, .due, .completed, .hidden, .badDate,
    ]
    #expect(Set(inRows.map { theme[$0] }).count == inRows.count)
    var priorityC = theme[.priorityC]
    priorityC.bold = theme[.context].bold
    #expect(priorityC != theme[.context], "(C) and @context: not told apart by bold alone")
    for element in Theme.Element.allCases {
      #expect(![.white, .black].contains(theme[element].foreground), "\(element.name): unreadable on a light or a dark terminal")
      #expect(theme[element].background == nil, "\(element.name)")
    }
  }

  /// A near due date gets a hint after it, only when the row has room.
  @Test func aNearDueDateSaysHowNearWhereItFits() {
    var near = state
    near.now = startDate  // 2026-01-01
    near.list.todos = todos("Pay rent due:2026-01-02 +home", "Call due:2025-12-29", "Far due:2026-03-01")
    let lines = screen(near, 80, 24)
    #expect(lines[1] == " [ ] Pay rent due:2026-01-02 (tomorrow) +home")
    #expect(lines[2] == " [ ] Call due:2025-12-29 (3 days late)")
    #expect(lines[3] == " [ ] Far due:2026-03-01")
    let frame = AppView.render(near, Size(columns: 80, rows: 24))
    #expect(frame[30, 1].style.dim && frame[22, 1].style.foreground == .yellow)
    #expect(screen(near, 38, 24)[1] == " [ ] Pay rent due:2026-01-02 +home", "no room: no hint")
  }

  /// However late a due date is, the row says how late, shortly: a date
  /// months past is no less late than one six days past.
  @Test func aFarOverdueDateSaysHowLate() {
    let today = Day(year: 2026, month: 11, day: 25)!
    let hints = [-1, -6, -7, -21, -59, -60, -61, -364, -365, -800, 7].map { TodoRow.hint(for: today.adding(days: $0), today: today) }
    #expect(hints == [
      "yesterday", "6 days late", "1w late", "3w late", "8w late", "2mo late", "2mo late", "12mo late", "1y late", "2y late", nil,
    ])
    var late = state
    late.list.todos = todos("Renew passport due:2025-10-01")
    #expect(screen(late, 80, 24)[1] == " [ ] Renew passport due:2025-10-01 (3mo late)")
    let frame = AppView.render(late, Size(columns: 80, rows: 24))
    #expect(frame[36, 1].style.dim && frame[21, 1].style.foreground == .red)
  }

  @Test func theCursorSitsAfterWideCharactersWhileEditing() {
    var editing = state
    editing.mode = .editing(.init(id: editing.list.todos[1].id, isNew: false, selectionBefore: nil))
    editing.editor = LineEditor.State(text: "買い物 🥛 list", cursor: 5)
    let frame = AppView.render(editing, Size(columns: 80, rows: 24))
    #expect(frame.text(row: 2) == " [ ] 買い物 🥛 list")
    #expect(frame.cursor?.column == 5 + 6 + 1 + 2)
    #expect(frame.cursor?.row == 2)
    #expect(frame.text(row: 22) == " Enter saves · Esc cancels · Ctrl-U deletes to the start")
  }

  /// For every grapheme of the width table (the one tmux is checked
  /// against), the editor's cursor lands where the renderer put the next
  /// cell: before it, after it, and after it with text following.
  @Test func theEditorsCursorAndTheRowAgreeOnEveryTrickyGrapheme() throws {
    let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../TerminalTests/Fixtures/graphemes.tsv")
    let rows = try String(contentsOf: table, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(rows.count > 20)
    for row in rows {
      let fields = row.split(separator: "\t")
      let grapheme = fields[0]
      let columns = Int(fields[1])!
      var editing = state
      editing.mode = .editing(.init(id: editing.list.todos[1].id, isNew: false, selectionBefore: nil))
      for (cursor, expected) in [(1, 5 + 1), (2, 5 + 1 + columns), (3, 5 + 1 + columns + 1)] {
        editing.editor = LineEditor.State(text: "x\(grapheme)yz", cursor: cursor)
        let frame = AppView.render(editing, Size(columns: 80, rows: 24))
        #expect(frame.cursor?.column == expected, "\(fields[2]), cursor \(cursor)")
        #expect(frame.grapheme(column: 5 + 1 + columns, row: 2) == "y", "\(fields[2])")
      }
    }
  }

  @Test func theSearchLineShowsTheQueryAndItsCursor() {
    var searching = state
    searching.mode = .searching(LineEditor.State(text: "京都"))
    let frame = AppView.render(searching, Size(columns: 80, rows: 24))
    #expect(frame.text(row: 1) == " [ ] Plan the trip to 京都 🗾 +travel due:2025-12-01 (4w late)")
    #expect(frame.text(row: 22).hasPrefix(" /京都 "))
    #expect(frame.text(row: 22).hasSuffix(" counting…"), "until the count is back")
    searching.search.matchCount = MatchCount(key: searching.matchCountKey, count: 1)
    let counted = AppView.render(searching, Size(columns: 80, rows: 24))
    #expect(counted.text(row: 22).hasSuffix(" 1 match"), "how many todos match, at the right")
    #expect(frame.cursor?.column == 6)
  }

  @Test func anEmptyListSaysWhatToDo() {
    let empty = AppReducer.State(now: startDate)
    #expect(screen(empty, 80, 24)[1] == " No todos yet — press a to add one")
  }

  /// Every mode's keys are in the help; scrolled page by page at 80x24 and
  /// at 40x12, every binding shows up, none cut with `…`.
  @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12), Size(columns: 30, rows: 6)])
  func theHelpScrollsThroughEveryModesBindings(_ size: Size) {
    let scheduler = TestScheduler(now: startDate)
    let store = appStore(state, on: scheduler)
    store.send(.screenResized(size))
    store.send(.toggleHelp)
    let box = HelpOverlay.box(in: size)
    var seen = ""
    var previous: [String] = []
    for _ in 0..<500 {
      let lines = screen(store.state, size.columns, size.rows)
      if lines == previous { break }
      previous = lines
      let rows = lines[box.top..<(box.top + box.height)]
      #expect(!rows.contains { $0.contains("…") }, "\(rows.joined(separator: "\n"))")
      seen += rows.joined(separator: "\n")
      store.send(.scrollHelp(.pageDown))
    }
    for mode in Keymap.Mode.allCases {
      for line in Keymap.help(for: mode) {
        #expect(seen.contains(line.keys), "\(line.keys) at \(size)")
        for word in line.action.split(separator: " ") { #expect(seen.contains(word), "\(line.action) at \(size)") }
      }
    }
    store.send(.scrollHelp(.top))
    #expect(store.state.mode == .help(top: 0))
  }

  /// The help scrolls no further than its last screenful, and a box that
  /// holds everything does not scroll at all.
  @Test func theHelpStopsScrollingAtItsEnd() {
    let scheduler = TestScheduler(now: startDate)
    let store = appStore(state, on: scheduler)
    store.send(.screenResized(Size(columns: 40, rows: 12)))
    store.send(.toggleHelp)
    store.send(.scrollHelp(.bottom))
    let last = HelpOverlay.lastTop(in: Size(columns: 40, rows: 12))
    #expect(last > 0)
    #expect(store.state.mode == .help(top: last))
    store.send(.scrollHelp(.lineDown))
    #expect(store.state.mode == .help(top: last))
    store.send(.scrollHelp(.lineUp))
    #expect(store.state.mode == .help(top: last - 1))
    #expect(screen(store.state, 40, 12)[10].contains("of \(HelpOverlay.lines(width: 38).count)"))
    store.send(.screenResized(Size(columns: 200, rows: 200)))
    #expect(store.state.mode == .help(top: 0), "all of it fits: back to the top")
  }

  @Test func aTooSmallTerminalSaysSoInsteadOfDrawingGarbage() {
    #expect(screen(state, 20, 4) == ["", " Terminal too small", "     need 30x6", "     have 20x4"])
    #expect(screen(state, 29, 24).contains("     Terminal too small"))
  }

  @Test func theClockShowsTwelveOrTwentyFourHours() {
    var afternoon = state
    afternoon.now = startDate.addingTimeInterval(5 * 3600 + 7 * 60)
    #expect(AppView.clock(afternoon, at: afternoon.now).text == "14:07")
    afternoon.settings.uses24HourClock = false
    #expect(AppView.clock(afternoon, at: afternoon.now).text == "2:07 PM")
    afternoon.now = startDate.addingTimeInterval(-9 * 3600)
    #expect(AppView.clock(afternoon, at: afternoon.now).text == "12:00 AM")
  }

  @Test func theSelectionIsScrolledIntoView() {
    let scheduler = TestScheduler(now: startDate)
    let many = IdentifiedArray(uniqueElements: (1...100).map { Todo.State(id: id(1_000 + $0), text: "todo \($0)") })
    let store = appStore(AppReducer.State(todos: many, now: startDate), on: scheduler)
    store.send(.screenResized(Size(columns: 40, rows: 10)))
    store.send(.list(.selectLast))
    var lines = screen(store.state, 40, 10)
    #expect(lines[7] == " [ ] todo 100")
    #expect(lines[1] == " [ ] todo 94")
    store.send(.list(.pageUp))
    #expect(screen(store.state, 40, 10)[1] == " [ ] todo 94", "the page above starts on the top row shown")
    store.send(.list(.pageUp))
    lines = screen(store.state, 40, 10)
    #expect(lines[1] == " [ ] todo 88")
  }
}

/// The renderer writes only what changed.
@MainActor
struct RenderDiffTests {
  let scheduler = TestScheduler(now: startDate)

  private func setUp() -> (Store<AppReducer.State, AppReducer.Action>, VirtualTerminal, Renderer<AppReducer.State>) {
    let store = Store(
      initialState: AppReducer.State(todos: todos("one", "two", "three"), now: startDate),
      reducer: AppReducer(environment: .virtual(scheduler))
    )
    let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
    let renderer = Renderer(backend: terminal, view: AppView.render)
    renderer.render(store.state)
    terminal.resetCounters()
    return (store, terminal, renderer)
  }

  @Test func movingTheSelectionRewritesOnlyTheTwoRows() {
    let (store, terminal, renderer) = setUp()
    store.send(.list(.selectNext))
    renderer.render(store.state)
    #expect(terminal.cellsWritten > 0)
    #expect(terminal.cellsWritten <= 2 * 80)
    #expect(terminal.lines[1] == " [ ] one" && terminal.lines[2] == " [ ] two")
    #expect(terminal.screen[0, 2].style.reverse && !terminal.screen[0, 1].style.reverse)
    #expect(terminal.synchronizedPresents == 0, "two rows: shown as they come")
  }

  /// A frame that changes many rows asks to be shown at once (DEC 2026).
  @Test func aFrameOfManyRowsIsShownSynchronized() {
    let (store, terminal, renderer) = setUp()
    store.send(.toggleHelp)
    renderer.render(store.state)
    #expect(terminal.presents == 1)
    #expect(terminal.synchronizedPresents == 1)
  }

  @Test func togglingRewritesTheRowAndTheCounter() {
    let (store, terminal, renderer) = setUp()
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    renderer.render(store.state)
    #expect(terminal.lines[1] == " [x] one")
    #expect(terminal.lines[23].hasPrefix(" 2 items left"))
    #expect(terminal.cellsWritten <= 80 + 80, "the row and the footer, nothing else")
    store.cancelAllEffects()
  }

  @Test func anUnchangedStateWritesNothing() {
    let (store, terminal, renderer) = setUp()
    renderer.render(store.state)
    store.send(.list(.selectPrevious))  // already at the top: no change
    renderer.render(store.state)
    #expect(terminal.cellsWritten == 0)
    #expect(terminal.presents == 0)
  }
}
