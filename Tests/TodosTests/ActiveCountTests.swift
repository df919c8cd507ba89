import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// The footer's `N items left`, kept by the door (`ActiveCount`): after
/// random changes — toggles, hiding words added and removed, deletes,
/// pastes, undo, redo, marks and batches, new days, `H` — it is always what
/// reading every todo gives.
@MainActor
struct ActiveCountTests {
  let scheduler = TestScheduler(now: startDate)  // Thursday 2026-01-01

  /// The count read from every todo, as the footer read it before the door kept it.
  static func recount(_ list: ListFeature.State) -> Int {
    let hidingOn = list.showsHidden ? nil : list.shown.today
    return list.todos.filter { todo in
      guard !todo.isComplete else { return false }
      if let hidingOn, todo.hiding.hides(on: hidingOn) { return false }
      return !todo.isBlankLine || todo.id == list.shown.editing
    }.count
  }

  @Test func theKeptCountIsAlwaysTheWholeCount() {
    var generator = SplitMix64(state: 2_026_112_5)
    let texts = ["a t:2026-01-03", "(A) b h:1", "c", "x 2025-12-01 d", "e t:2025-12-30 rec:1d", "f t:2026-01-02"]
    var state = AppReducer.State(
      todos: IdentifiedArray(uniqueElements: texts.enumerated().map { TodoTxt.parse($1[...], id: id(100_000 + $0)) }), now: startDate
    )
    state.file.phase = .ready
    let store = appStore(state, on: scheduler)
    store.send(.screenResized(Size(columns: 80, rows: 12)))
    let actions: [AppReducer.Action] = [
      .list(.act(.todo(.toggleCompleteTapped))), .list(.act(.todo(.wordsAdded("h:1")))), .list(.act(.todo(.wordsRemoved("h:1")))),
      .list(.act(.todo(.wordsAdded("t:2026-01-02")))), .list(.act(.todo(.wordsRemoved("t:")))), .list(.act(.todo(.postponed(days: 1)))),
      .list(.act(.delete)), .list(.undo), .list(.redo), .list(.selectNext), .list(.selectPrevious), .list(.toggleMark),
      .list(.markVisible), .list(.clearMarks), .list(.toggleHidden), .list(.sinkCompletedTodos), .list(.clearCompleted),
      .pasteTodos("new t:2026-01-05\n(C) other h:1\n "), .clockTicked(startDate.addingTimeInterval(86_400 * 2)),
      .list(.cycleFilter),
    ]
    for step in 0..<400 {
      let action = actions.randomElement(using: &generator)!
      store.send(action)
      let list = store.state.list
      #expect(list.activeTodos == ActiveCount(list.todos), "step \(step): \(action)")
      #expect(list.activeCount == Self.recount(list), "step \(step): \(action)")
      if list.todos.count > 60 { break }
    }
    store.cancelAllEffects()
  }
}
