import Foundation
import TodoModel
import TodoStorage

/// The history's costs off the key path: reading it at start (only its tail,
/// whatever its size) and appending one record after a save.
func historyRows(folder: String) -> [Row] {
  let history = HistoryFile(of: folder + "/todo.txt", in: folder)
  let record = HistoryRecord(
    id: "bench.0", time: Date(), source: "this screen", kind: .step, summary: "completed \"Pay the rent\"",
    hunks: [LineHunk(
      at: 500, above: "(A) 2026-11-20 Call the bank about the card +money @phone due:2026-11-27",
      below: "2026-11-21 Water the plants on the balcony +home",
      removed: ["(B) 2026-11-19 Pay the rent +money due:2026-12-01"],
      added: ["x 2026-11-24 2026-11-19 Pay the rent +money due:2026-12-01 pri:B"]
    )]
  )
  // About 10 MB of history: tens of thousands of steps.
  let block = HistoryText.encode(Array(repeating: record, count: 1_000))
  var text = ""
  while text.utf8.count < 10 << 20 { text += block }
  try? NewFile.makePrivate(history.path)
  _ = try? TodoFile.write(text, to: history.path)
  var read = Samples(), append = Samples()
  var large = history
  large.compactAt = .max  // appends only: compaction is measured by its own absence from keys
  for _ in 0..<20 {
    read.add(milliseconds { precondition(!history.read().records.isEmpty) })
    append.add(milliseconds { precondition(large.append([record]) == nil) })
  }
  return [
    Row(name: "history: read at start, 10 MB file (its tail; I/O queue)", p50: format(ms: read.p50), p99: format(ms: read.p99),
        target: verdict("p50 < 1 ms", read.p50 < 1)),
    Row(name: "history: append one record after a save (I/O queue)", p50: format(ms: append.p50), p99: format(ms: append.p99)),
  ]
}
