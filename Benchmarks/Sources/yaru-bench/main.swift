import Foundation
import Terminal

// `make bench`: every performance figure of issue 7 in one table. Run the
// release build; `--quick` uses fewer sizes (a smoke test of the program).
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "peak-rss", let path = arguments.dropFirst().first {
  print(Int(peakResidentAfterLoading(path)))
  exit(0)
}
let quick = arguments.contains("--quick")
// `yaru-bench undo`, `keys` (80x24), `keys-wide` (200x60), `files`…: only those rows (at 100,000 todos), for profiling.
if arguments.first == "undo" {
  printTable(undoRows(count: 100_000))
  exit(0)
}
if arguments.first == "batch" {
  printTable(batchRows(count: 100_000, only: arguments.dropFirst().first))
  exit(0)
}
if arguments.first == "main-queue" {
  printTable(mainQueueRows(count: 100_000))
  exit(0)
}
if arguments.first == "completion" {
  printTable(completionRows(count: 100_000))
  exit(0)
}
if arguments.first == "history" {
  let folder = NSTemporaryDirectory() + "yaru-bench-\(getpid())"
  printTable(historyRows(folder: folder))
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}
if arguments.first == "orders" {
  printTable(orderRows(count: 100_000))
  exit(0)
}
if arguments.first == "lists" {
  let folder = NSTemporaryDirectory() + "yaru-bench-\(getpid())"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  printTable(try listSwitchRows(count: 100_000, folder: folder))
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}
if arguments.first == "files" {
  let folder = NSTemporaryDirectory() + "yaru-bench-\(getpid())"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  printTable(try fileRows(counts: [10_000, 100_000], folder: folder))
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}
if arguments.first == "keys" || arguments.first == "keys-wide" {
  let size = arguments.first == "keys" ? Size(columns: 80, rows: 24) : Size(columns: 200, rows: 60)
  printTable(keystrokeRows(counts: [100_000], sizes: [size], only: arguments.dropFirst().first))
  exit(0)
}

let folder = NSTemporaryDirectory() + "yaru-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

let counts = quick ? [20, 1_000] : [20, 10_000, 100_000]
let largest = counts.last!
var rows = keystrokeRows(counts: counts, sizes: [Size(columns: 80, rows: 24), Size(columns: 200, rows: 60)])
rows += try fileRows(counts: counts.filter { $0 >= 1_000 }, folder: folder)
rows += undoRows(count: largest)
rows += historyRows(folder: folder)
rows += batchRows(count: largest)
rows += mainQueueRows(count: largest)
rows += try listSwitchRows(count: largest, folder: folder)
rows += completionRows(count: largest)
rows += orderRows(count: largest)
let peak = try peakResidentInChild(loading: folder + "/todo-\(largest).txt")
rows.append(Row(
  name: "peak resident memory, \(grouped(largest)) todos loaded and drawn", p50: format(bytes: peak), p99: "",
  target: largest >= 100_000 ? verdict("< 60 MB", peak < 60 * 1_048_576) : ""
))
printTable(rows)
