import Architecture
import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// `s`: manual → priority → due date → agenda → manual, a view over the file.
@MainActor
struct ListOrderTests {
  let scheduler = TestScheduler(now: startDate)

  private func store() -> Store<AppReducer.State, AppReducer.Action> {
    var state = AppReducer.State.loaded([
      "Plain one", "(B) Bee due:2026-03-01", "Due soon due:2026-01-05", "(A) Ay",
      "x 2026-01-01 (A) Done due:2026-01-02", "(B) Bee two due:2026-01-03", "Plain two",
    ])
    state.list.selection = id(101)
    return appStore(state, on: scheduler)
  }

  private func shown(_ store: Store<AppReducer.State, AppReducer.Action>) -> [String] {
    store.state.list.visibleTodos.map(\.text)
  }

  @Test func theOrdersAreStableViewsAndTheFileKeepsItsOrder() {
    let store = store()
    let fileOrder = store.state.list.todos.map(\.text)
    store.send(.list(.cycleOrder))
    #expect(store.state.list.order == .priority)
    #expect(shown(store) == [
      "Ay", "Bee due:2026-03-01", "Bee two due:2026-01-03", "Plain one", "Due soon due:2026-01-05", "Plain two",
      "(A) Done due:2026-01-02",
    ], "A, B (file order within), none; completed still last")
    #expect(AppView.render(store.state, Size(columns: 80, rows: 12)).lines[0].contains("by priority"))
    store.send(.list(.cycleOrder))
    #expect(store.state.list.order == .dueDate)
    #expect(shown(store) == [
      "Bee two due:2026-01-03", "Due soon due:2026-01-05", "Bee due:2026-03-01", "Plain one", "Ay", "Plain two",
      "(A) Done due:2026-01-02",
    ])
    #expect(AppView.render(store.state, Size(columns: 80, rows: 12)).lines[0].contains("by due date"))
    #expect(store.state.list.todos.map(\.text) == fileOrder, "the file never reorders")
    store.send(.list(.cycleOrder))
    #expect(store.state.list.order == .agenda)
    #expect(AppView.render(store.state, Size(columns: 80, rows: 12)).lines[0].contains("agenda"))
    #expect(store.state.list.todos.map(\.text) == fileOrder, "the file never reorders")
    store.send(.list(.cycleOrder))
    #expect(store.state.list.order == .manual)
    #expect(!AppView.render(store.state, Size(columns: 80, rows: 12)).lines[0].contains(" by "))
  }

  @Test func theSelectionMovesInTheOrderShown() {
    let store = store()
    store.send(.list(.cycleOrder))
    store.send(.list(.selectFirst))
    #expect(store.state.list.selectedTodo?.text == "Ay")
    store.send(.list(.selectNext))
    #expect(store.state.list.selectedTodo?.text == "Bee due:2026-03-01")
    store.send(.list(.selectLast))
    #expect(store.state.list.selectedTodo?.text == "(A) Done due:2026-01-02")
  }

  @Test func jAndKDoNothingInASortedOrderAndSayWhy() {
    let store = store()
    store.send(.list(.cycleOrder))
    let before = store.state.list.todos
    store.send(.list(.moveSelected(.down)))
    #expect(store.state.list.todos == before)
    #expect(store.state.flash?.contains("s back to manual") == true)
    store.cancelAllEffects()
  }

  /// A change to the list re-sorts: a new priority moves the todo on screen.
  @Test func aChangedPriorityMovesTheTodoInThePriorityOrder() {
    let store = store()
    store.send(.list(.cycleOrder))
    store.send(.list(.todo(id: id(107), action: .prioritySet("A"))))
    #expect(shown(store).prefix(2) == ["Ay", "Plain two"])
    store.send(.list(.undo))
    #expect(shown(store).prefix(2) == ["Ay", "Bee due:2026-03-01"])
    store.cancelAllEffects()
  }
}
