import Foundation
import Terminal
import Todos

/// Marks and batches on a long list (issue 27): `M` marking every todo, and
/// `x` on every todo a search marked, as one undoable step (undone untimed).
@MainActor
func batchRows(count: Int, only: String? = nil) -> [Row] {
  let harness = KeystrokeHarness(count: count, size: Size(columns: 80, rows: 24))
  let label = "\(grouped(count)) todos"
  // `M` marks all; Esc (untimed) clears them again.
  let markAll = only.map { $0 == "M" } ?? true ? harness.measure("M", iterations: 20, after: [.escape]).time : Samples()
  harness.press(["/"] + "@home".map { Key.character($0) } + [.enter])
  harness.finishBackgroundWork()
  harness.press(["M"])
  let marked = harness.store.state.list.marks.count
  // The batch, its sink a second later and its undo, untimed, between.
  // `yaru-bench batch KEY` runs only that key's row (for callgrind).
  let iterations = only == nil ? 10 : 3
  func measure(_ key: String, _ run: () -> (time: Samples, cells: Samples)) -> Samples {
    only.map { $0 == key } ?? true ? run().time : Samples()
  }
  let batch = measure("x") { harness.measure("x", iterations: iterations, after: ["u"], between: .seconds(1)) }
  let postpone = measure(">") { harness.measure(">", iterations: iterations, after: ["u"]) }
  // `+` opens the prompt and the word is typed (untimed); Enter adds it to every marked todo.
  let addWord = measure("+") {
    harness.measure(.enter, iterations: iterations, before: ["+"] + "@phone".map { Key.character($0) }, after: ["u"])
  }
  // One `u` takes the whole batch back.
  let undo = measure("u") { harness.measure("u", iterations: iterations, before: ["x"], between: .seconds(1)) }
  let on = "on \(grouped(marked)) marked todos (one step), \(label)"
  func row(_ name: String, _ samples: Samples) -> Row {
    Row(name: "key \(name) \(on)", p50: format(ms: samples.p50), p99: format(ms: samples.p99),
        target: verdict("p99 < 50 ms", samples.p99 < 50))
  }
  var rows: [Row] = []
  if !markAll.values.isEmpty {
    rows.append(Row(name: "key M: mark every todo, \(label)", p50: format(ms: markAll.p50), p99: format(ms: markAll.p99),
                    target: verdict("p99 < 5 ms", markAll.p99 < 5)))
  }
  for (name, samples) in [("x", batch), (">", postpone), ("+@phone Enter", addWord), ("u (the batch's undo)", undo)]
  where !samples.values.isEmpty {
    rows.append(row(name, samples))
  }
  return rows
}
