import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// The agenda (`s` four times): todos under day headings, by priority
/// within a day, completed after; and the screen's order, kept by the door
/// change by change, always the order a whole sort would give.
@MainActor
struct AgendaTests {
  let scheduler = TestScheduler(now: startDate)  // Thursday 2026-01-01

  @Test(arguments: [
    ("2025-12-31", AgendaGroup.overdue), ("2026-01-01", .today), ("2026-01-02", .tomorrow),
    ("2026-01-03", .inDays(2)), ("2026-01-07", .inDays(6)), ("2026-01-08", .later), ("2027-01-01", .later),
  ])
  func aDueDayFallsInItsGroup(_ due: String, _ group: AgendaGroup) {
    #expect(AgendaGroup(due: Day(due[...]), today: startDay) == group)
  }

  @Test func headingsNameTheDaysAcrossAMonthEnd() {
    let today = Day(year: 2026, month: 11, day: 28)!  // a Saturday
    #expect(AgendaGroup.all.map { $0.heading(today: today) } == [
      "Overdue", "Today", "Tomorrow", "Mon 30 Nov", "Tue 1 Dec", "Wed 2 Dec", "Thu 3 Dec", "Fri 4 Dec", "Later", "No date",
    ])
    #expect(AgendaGroup(due: nil, today: today) == .noDate)
  }

  private func agendaStore(_ lines: [String]) -> Store<AppReducer.State, AppReducer.Action> {
    let store = appStore(.loaded(lines), on: scheduler)
    store.send(.screenResized(Size(columns: 80, rows: 24)))
    for _ in 0..<3 { store.send(.list(.cycleOrder)) }
    #expect(store.state.list.order == .agenda)
    return store
  }

  /// The rows as the screen has them: headings as `# Name`.
  private func rows(_ store: Store<AppReducer.State, AppReducer.Action>) -> [String] {
    let list = store.state.list
    return list.screenRows(count: 40).map { row in
      switch row {
      case .heading(let group): "# " + list.heading(of: group)
      case .todo(let index): list.todos[index].text
      }
    }
  }

  @Test func todosShowUnderTheirDayByPriorityAndCompletedAfter() {
    let store = agendaStore([
      "No date one", "(B) Late due:2025-12-20", "x 2026-01-01 Done due:2026-01-01", "Today plain due:2026-01-01",
      "(A) Today first due:2026-01-01", "Saturday due:2026-01-03", "Far due:2026-03-01", "(C) Late too due:2025-12-31",
    ])
    #expect(rows(store) == [
      "# Overdue", "Late due:2025-12-20", "Late too due:2025-12-31",
      "# Today", "Today first due:2026-01-01", "Today plain due:2026-01-01",
      "# Sat 3 Jan", "Saturday due:2026-01-03",
      "# Later", "Far due:2026-03-01",
      "# No date", "No date one",
      "Done due:2026-01-01",
    ])
    #expect(store.state.list.selectedTodo?.text == "Late due:2025-12-20", "a new order starts at its top")
  }

  @Test func jAndKPassOverTheHeadingsAndAClickOnOneSelectsNothing() {
    let store = agendaStore(["Tomorrow due:2026-01-02", "Today due:2026-01-01"])
    store.send(.list(.selectFirst))
    #expect(store.state.list.selectedTodo?.text == "Today due:2026-01-01")
    store.send(.list(.selectNext))
    #expect(store.state.list.selectedTodo?.text == "Tomorrow due:2026-01-02")
    store.send(.list(.selectPrevious))
    #expect(store.state.list.selectedTodo?.text == "Today due:2026-01-01")
    // Row 1 is the heading `Today`, row 3 `Tomorrow`.
    #expect(AppView.action(forClickAt: 3, row: 1, in: store.state) == nil)
    #expect(AppView.action(forClickAt: 3, row: 4, in: store.state) == .list(.select(id(101))))
  }

  /// Headings take rows: the screen scrolls so the selection shows, the
  /// page is full, and a todo at the top of the screen that opens its
  /// group has its heading above it.
  @Test func scrollingCountsTheHeadings() {
    let lines = (0..<8).map { "Day \($0) due:2026-01-0\($0 + 1)" }  // 8 groups of one: 16 rows
    let store = appStore(.loaded(lines), on: scheduler)
    store.send(.screenResized(Size(columns: 80, rows: 9)))  // 6 rows for the list
    for _ in 0..<3 { store.send(.list(.cycleOrder)) }
    store.send(.list(.selectLast))
    let screen = store.state.list.screenRows(count: store.state.pageSize)
    #expect(screen.count == 6)
    #expect(screen.last == .todo(7))
    #expect(screen.first.map { if case .heading = $0 { true } else { false } } == true)
    store.send(.list(.selectFirst))
    #expect(store.state.list.scrollTop == .start)
    #expect(rows(store).prefix(2) == ["# Today", "Day 0 due:2026-01-01"])
    // PageDown: a screen (5 rows on) is two todos and three headings later.
    store.send(.list(.pageDown))
    #expect(store.state.list.selectedTodo?.text == "Day 2 due:2026-01-03")
  }

  @Test func aChangeMovesTheTodoToItsNewDay() {
    let store = agendaStore(["One due:2026-01-05", "Two due:2026-01-01"])
    store.send(.list(.select(id(101))))
    store.send(.list(.act(.todo(.postponed(days: -4)))))
    #expect(rows(store) == ["# Today", "One due:2026-01-01", "Two due:2026-01-01"])
    store.send(.list(.undo))
    #expect(rows(store) == ["# Today", "Two due:2026-01-01", "# Mon 5 Jan", "One due:2026-01-05"])
    store.cancelAllEffects()
  }

  /// `s` back to an order shown before does not sort it again: the door
  /// kept it meanwhile.
  @Test func anOrderShownOnceIsKept() {
    let store = agendaStore(["(B) b due:2026-01-03", "(A) a"])
    #expect(store.state.list.orders.isBuilt(.priority) && store.state.list.orders.isBuilt(.agenda))
    store.send(.list(.cycleOrder))
    store.send(.list(.select(id(102))))
    store.send(.list(.act(.todo(.prioritySet("C")))))
    #expect(store.state.list.orders[.priority].fileIndex(at: 0) == 0, "(B) b is first by priority now")
    store.cancelAllEffects()
  }

  /// A blocked todo comes after the unblocked ones in every sorted order
  /// (in the agenda, within its day), and where it is in the manual one.
  @Test func aBlockedTodoComesAfterTheOthersButInTheManualOrder() {
    let store = appStore(.loaded([
      "(A) Parent id:1 due:2026-01-01", "Part p:1 due:2026-03-01", "(C) Other due:2026-01-01", "(B) Free due:2026-01-05",
    ]), on: scheduler)
    store.send(.screenResized(Size(columns: 80, rows: 24)))
    #expect(store.state.list.visibleTodos.first?.text == "Parent id:1 due:2026-01-01")
    store.send(.list(.cycleOrder))
    #expect(store.state.list.visibleTodos.map(\.text).last == "Parent id:1 due:2026-01-01", "by priority")
    store.send(.list(.cycleOrder))
    #expect(store.state.list.visibleTodos.map(\.text).last == "Parent id:1 due:2026-01-01", "by due date")
    store.send(.list(.cycleOrder))
    #expect(rows(store) == [
      "# Today", "Other due:2026-01-01", "Parent id:1 due:2026-01-01", "# Mon 5 Jan", "Free due:2026-01-05",
      "# Later", "Part p:1 due:2026-03-01",
    ])
    // Its last part done: it takes its place by priority again.
    store.send(.list(.select(id(102))))
    store.send(.list(.act(.todo(.toggleCompleteTapped))))
    #expect(rows(store).prefix(3) == ["# Today", "Parent id:1 due:2026-01-01", "Other due:2026-01-01"])
    store.cancelAllEffects()
  }

  /// `order = "agenda"` starts on it, grouped for the day the file loads on.
  @Test func theConfigMayStartOnTheAgenda() throws {
    let config = try Config.parse("order = \"agenda\"", path: "c.toml")
    let state = config.applied(to: .loaded(["Later due:2026-03-01", "Now due:2026-01-01"]))
    let store = appStore(state, on: scheduler)
    store.send(.screenResized(Size(columns: 80, rows: 24)))
    #expect(store.state.list.order == .agenda)
    #expect(rows(store) == ["# Today", "Now due:2026-01-01", "# Later", "Later due:2026-03-01"])
    store.cancelAllEffects()
  }

  @Test func aNewDayGroupsAgain() {
    let store = agendaStore(["Tomorrow due:2026-01-02"])
    #expect(rows(store).first == "# Tomorrow")
    store.send(.clockTicked(startDate.addingTimeInterval(86_400)))
    #expect(rows(store).first == "# Today")
    store.cancelAllEffects()
  }

  /// Random changes in every sorted order, all of them kept (each shown
  /// once): after each change, every order the door kept is the one a
  /// whole sort of the list gives.
  @Test(arguments: [ListOrder.priority, .dueDate, .agenda])
  func theKeptOrdersAreAlwaysTheSortedOrders(_ order: ListOrder) {
    var generator = SplitMix64(state: 2_026_112_8)
    let texts = ["a due:2026-01-01", "(A) b", "c due:2025-12-01 id:1", "(B) d due:2026-01-04 p:1", "e p:1 due:2026-02-01", "f"]
    // Ids far from those new todos get: the session adds many.
    var state = AppReducer.State(
      todos: IdentifiedArray(uniqueElements: texts.enumerated().map { TodoTxt.parse($1[...], id: id(100_000 + $0)) }), now: startDate
    )
    state.file.phase = .ready
    let store = appStore(state, on: scheduler)
    store.send(.screenResized(Size(columns: 80, rows: 12)))
    for _ in ListOrder.allCases { store.send(.list(.cycleOrder)) }
    while store.state.list.order != order { store.send(.list(.cycleOrder)) }
    let actions: [AppReducer.Action] = [
      .list(.act(.todo(.toggleCompleteTapped))), .list(.act(.todo(.priorityCycled))), .list(.act(.todo(.postponed(days: 3)))),
      .list(.act(.todo(.postponed(days: -2)))), .list(.act(.delete)), .list(.undo), .list(.redo), .list(.selectNext),
      .list(.selectPrevious), .list(.act(.todo(.wordsAdded("p:1")))), .list(.act(.todo(.wordsRemoved("p:1")))),
      .list(.toggleMark), .list(.sinkCompletedTodos), .pasteTodos("new due:2026-01-02 p:1\n(C) other"), .list(.clearCompleted),
      .pasteTodos("(A) z id:1 due:2025-12-01\ny\nw p:1 due:2026-01-03"),
    ]
    for step in 0..<300 {
      let action = actions.randomElement(using: &generator)!
      store.send(action)
      let list = store.state.list
      for kept in [ListOrder.priority, .dueDate, .agenda] {
        let whole = ScreenOrder(list.todos, by: kept, today: list.shown.today, isBlocked: { list.dependencies.isBlocked($0) })
        #expect(list.orders[kept] == whole, "step \(step): \(action) in \(kept)")
      }
      #expect(list.dependencies.openParts == Dependencies(list.todos).openParts, "step \(step): \(action)")
      if list.todos.count > 80 { break }
    }
    store.cancelAllEffects()
  }
}
