import Architecture
import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// `h:1` and a threshold `t:` later than today keep a todo out of sight and
/// out of the count until `H`, or (for `t:`) until that day comes.
@MainActor
struct HiddenTodosTests {
  let scheduler = TestScheduler(now: startDate)

  private func store() -> Store<AppReducer.State, AppReducer.Action> {
    // startDate is 2026-01-01 09:00 UTC.
    let state = AppReducer.State.loaded(["Visible", "Later t:2026-01-02", "Someday h:1", "Started t:2025-12-31"])
    return appStore(state, on: scheduler)
  }

  @Test func hiddenTodosAreNeitherShownNorCountedUntilH() {
    let store = store()
    #expect(store.state.list.visibleTodos.map(\.text) == ["Visible", "Started t:2025-12-31"])
    #expect(store.state.list.activeCount == 2)
    #expect(!screen(store.state).contains { $0.contains("+hidden") })
    store.send(.list(.toggleHidden))
    #expect(store.state.list.visibleTodos.count == 4)
    #expect(store.state.list.activeCount == 4)
    #expect(screen(store.state)[0].contains("+hidden"), "the header says hidden todos show")
    #expect(screen(store.state).last!.hasPrefix(" 4 items left"))
  }

  /// Shown with `H`, hidden todos are drawn in the theme's `hidden` style
  /// (dim, italic), the others as ever: a glance tells which would go.
  @Test func hiddenTodosShownWithHLookHidden() {
    let store = store()
    store.send(.list(.toggleHidden))
    let frame = AppView.render(store.state, Size(columns: 80, rows: 24))
    let rows = (1...4).map { frame.text(row: $0) }
    for (row, text) in rows.enumerated() {
      let style = frame[6, row + 1].style
      let hidden = text.contains("Later") || text.contains("Someday")
      #expect(style.dim == hidden && style.italic == hidden, "\(text)")
      #expect(frame[1, row + 1].style.italic == hidden, "the [ ] too: \(text)")
    }
  }

  /// The clock's tick past midnight brings the threshold's todo, no key pressed.
  @Test func aThresholdsTodoAppearsOnItsDay() {
    let store = store()
    store.send(.started)
    scheduler.advance(by: .seconds(14 * 3600))  // 2026-01-01 23:00
    #expect(!store.state.list.visibleTodos.map(\.text).contains("Later t:2026-01-02"))
    scheduler.advance(by: .seconds(3600 + 1))  // past midnight
    #expect(store.state.list.visibleTodos.map(\.text).contains("Later t:2026-01-02"))
    #expect(screen(store.state).contains(" [ ] Later t:2026-01-02"))
    store.cancelAllEffects()
  }

  @Test func theHidingIsReadFromTheTextAndFollowsIt() {
    var todo = TodoTxt.parse("Plan h:1 t:2026-03-01", id: id(1))
    #expect(todo.hiding.isAlwaysHidden && todo.hiding.threshold == Day(year: 2026, month: 3, day: 1))
    todo.text = "Plan t:2026-03-01x h:12 xh:1"
    #expect(!todo.hiding.isAlwaysHidden && todo.hiding.threshold == nil)
    #expect(!todo.hiding.hides(on: startDay))
    todo.text = "t:2026-03-01"
    #expect(todo.hiding.hides(on: startDay) && !todo.hiding.hides(on: Day(year: 2026, month: 3, day: 1)!))
  }
}
