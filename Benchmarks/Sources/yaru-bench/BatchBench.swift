import Foundation
import Terminal
import Todos

/// Marks and batches on a long list (issue 27): `M` marking every todo, and
/// `x` on every todo a search marked, as one undoable step (undone untimed):
/// the 16,666 `@home` todos, and the 10,316 due by the 22nd (the issue's
/// "over 10,000").
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
  // Issue 27's own case: a batch over 10,000 marked todos (every todo due
  // by the 22nd: 10,316, spread through the file like the @home ones).
  harness.press([.escape, .escape, "/"] + "due:<=2026-12-22".map { Key.character($0) } + [.enter])
  harness.finishBackgroundWork()
  harness.press(["M"])
  let markedByDue = harness.store.state.list.marks.count
  let dueBatch = measure("x10k") { harness.measure("x", iterations: iterations, after: ["u"], between: .seconds(1)) }
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
  if !dueBatch.values.isEmpty {
    rows.append(Row(
      name: "key x on \(grouped(markedByDue)) marked todos (due by the 22nd; one step), \(label)",
      p50: format(ms: dueBatch.p50), p99: format(ms: dueBatch.p99), target: verdict("p99 < 50 ms", dueBatch.p99 < 50)
    ))
  }
  return rows
}
