import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// The row memo is speed only: after every key of random sessions (moves,
/// toggles, edits, marks, orders, hidden todos, blocked parts, a resize, a
/// new day), the frame drawn with the memo is the frame drawn without it,
/// and the diff between two such frames is the diff between the plain ones.
@MainActor
struct RowMemoTests {
  static let keys: [Key] = [
    "j", "k", "g", "G", .pageDown, "x", "m", "M", .escape, "s", "H", "f", "p", "e", "牛", .enter, "a", "w", .enter,
    "u", .control("r"), "d", "J", ">", "<", "/", "o", .escape, "b", "z", .enter,
  ]

  @Test func aFrameDrawnWithTheMemoIsTheFrameDrawnWithout() {
    var generator = SplitMix64(state: 20_261_125)
    let lines = [
      "(A) call mom due:2026-11-26", "x 2026-11-20 done +work", "water plants rec:1w due:2026-11-25", "ship id:1",
      "pack p:1 @home", "later t:2026-12-30", "(B) 牛乳を買う +買い物", "secret h:1", "👍🏽 thumbs up due:2026-11-20",
    ]
    for session in 0..<200 {
      let scheduler = TestScheduler(now: startDate)
      let todos = IdentifiedArray(uniqueElements: (0..<Int.random(in: 0...9, using: &generator)).map { n in
        TodoTxt.parse(lines.randomElement(using: &generator)![...], id: id(1_000 + n))
      })
      let store = Store(initialState: AppReducer.State(todos: todos, now: startDate), reducer: AppReducer(environment: .virtual(scheduler)))
      let memo = RowMemo()
      var shown: (memoized: Frame, plain: Frame)?
      var size = Size(columns: 60, rows: 8)
      store.send(.screenResized(size))
      for step in 0..<40 {
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: scheduler.advance(by: .seconds(Int.random(in: 1...90_000, using: &generator)))  // the sink, a new day
        case 1:
          size = Size(columns: Int.random(in: 30...90, using: &generator), rows: Int.random(in: 6...12, using: &generator))
          store.send(.screenResized(size))
        default:
          let key = Self.keys.randomElement(using: &generator)!
          if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
        }
        let memoized = AppView.render(store.state, size, memo: memo), plain = AppView.render(store.state, size)
        if memoized != plain {
          let rows = (0..<size.rows).filter { memoized.cells(ofRow: $0) != plain.cells(ofRow: $0) }
          Issue.record("session \(session) step \(step): rows \(rows) differ: \(rows.map(memoized.text(row:))) should be \(rows.map(plain.text(row:)))")
          return
        }
        // The diff passes over rows copied from the memo: what it sends is what comparing every cell sends.
        if let shown, memoized.changes(since: shown.memoized) != plain.changes(since: shown.plain) {
          Issue.record("session \(session) step \(step): the diff of the memo's frames differs from the plain frames'")
          return
        }
        shown = (memoized, plain)
      }
    }
  }
}
