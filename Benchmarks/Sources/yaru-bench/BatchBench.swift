import Foundation
import Terminal
import Todos

/// Marks and batches on a long list (issue 27): `M` marking every todo, and
/// `x` on every todo a search marked, as one undoable step (undone untimed).
@MainActor
func batchRows(count: Int) -> [Row] {
  let harness = KeystrokeHarness(count: count, size: Size(columns: 80, rows: 24))
  let label = "\(grouped(count)) todos"
  // `M` marks all; Esc (untimed) clears them again.
  let markAll = harness.measure("M", iterations: 20, after: [.escape])
  harness.press(["/"] + "@home".map { Key.character($0) } + [.enter])
  harness.finishBackgroundWork()
  harness.press(["M"])
  let marked = harness.store.state.list.marks.count
  // The batch, its sink a second later and its undo, untimed, between.
  let batch = harness.measure("x", iterations: 5, after: ["u"], between: .seconds(1))
  return [
    Row(name: "key M: mark every todo, \(label)", p50: format(ms: markAll.time.p50), p99: format(ms: markAll.time.p99),
        target: verdict("p99 < 5 ms", markAll.time.p99 < 5)),
    Row(name: "key x on \(grouped(marked)) marked todos (one step), \(label)", p50: format(ms: batch.time.p50),
        p99: format(ms: batch.time.p99), target: verdict("p99 < 50 ms", batch.time.p99 < 50)),
  ]
}
