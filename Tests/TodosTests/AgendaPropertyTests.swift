import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// Random sessions in the agenda, on a short screen: whatever the keys, the
/// selection is a todo on screen (headings never), the screen is full when
/// the list has the rows, and each day's heading stands once, right above
/// the first of its todos.
@MainActor
struct AgendaPropertyTests {
  static let keys: [Key] = [
    "j", "k", "g", "G", .pageDown, .pageUp, "x", ">", "<", "d", "u", .control("r"), "f", "H", "p", "m",
    "a", "o", "b", "d", "u", "e", "+", "-", "1", " ", .enter, .escape, "/", "x",
  ]
  static let dues = ["", " due:2025-12-30", " due:2026-01-01", " due:2026-01-02", " due:2026-01-04", " due:2026-02-01", " t:2026-01-03", " h:1"]

  @Test func randomSessionsKeepTheSelectionOnScreenAndTheHeadingsInPlace() {
    var generator = SplitMix64(state: 20_261_128)
    for session in 0..<300 {
      let lines = (0..<Int.random(in: 0...9, using: &generator)).map { n in
        (Bool.random(using: &generator) ? "(B) " : "") + "todo \(n)" + Self.dues.randomElement(using: &generator)!
      }
      let scheduler = TestScheduler(now: startDate)
      var state = AppReducer.State.loaded(lines)
      state.list.selection = state.list.todos.first?.id
      let store = appStore(state, on: scheduler)
      store.send(.screenResized(Size(columns: 60, rows: 8)))
      for _ in 0..<3 { store.send(.list(.cycleOrder)) }
      for step in 0..<40 {
        if Int.random(in: 0..<6, using: &generator) == 0 {
          scheduler.advance(by: .milliseconds(Int.random(in: 100...1_500, using: &generator)))
        } else if let action = Keymap.action(for: Self.keys.randomElement(using: &generator)!, in: store.state) {
          store.send(action)
        }
        check(store.state, Comment(rawValue: "session \(session) step \(step)"))
      }
      store.cancelAllEffects()
    }
  }

  private func check(_ state: AppReducer.State, _ context: Comment) {
    var state = state
    state.handShownToList()
    let list = state.list
    let all = list.rows(from: .start, limit: list.todos.count * 2 + 20)
    let screen = list.screenRows(count: state.pageSize)
    #expect(screen.count == min(state.pageSize, all.count), context)
    if let selected = list.selection.flatMap({ list.todos.index(id: $0) }) {
      #expect(screen.contains(.todo(selected)), context)
    } else {
      #expect(!all.contains { $0.fileIndex != nil }, context)
    }
    // The screen is a run of the whole list's rows.
    if let first = screen.first, let start = all.firstIndex(of: first) {
      #expect(Array(all[start..<min(all.count, start + screen.count)]) == screen, context)
    } else {
      #expect(screen.isEmpty, context)
    }
    // Each heading once, followed by a todo of its group; every active
    // todo under the heading of its own group.
    var seen: Set<AgendaGroup> = []
    var current: AgendaGroup?
    for (offset, row) in all.enumerated() {
      switch row {
      case .heading(let group):
        #expect(seen.insert(group).inserted, context)
        #expect(offset + 1 < all.count && all[offset + 1].fileIndex.map { list.agendaGroup(ofVisible: $0) } == group, context)
        current = group
      case .todo(let index):
        if let group = list.agendaGroup(ofVisible: index) { #expect(group == current, context) }
      }
    }
  }
}
