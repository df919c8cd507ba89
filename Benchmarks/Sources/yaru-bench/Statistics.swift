/// Samples of one measurement, summarised the way the issue asks: p50 and p99.
struct Samples {
  private(set) var values: [Double] = []

  mutating func add(_ value: Double) { values.append(value) }

  /// The value below which `fraction` of the samples fall (nearest rank).
  func percentile(_ fraction: Double) -> Double {
    precondition(!values.isEmpty, "no samples")
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  var p50: Double { percentile(0.50) }
  var p99: Double { percentile(0.99) }
}

/// Runs `body` and returns how long it took, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
}

/// One row of the table `make bench` prints.
struct Row {
  var name: String
  var p50: String
  var p99: String
  var cells = ""
  /// The target for this row and whether it was met, e.g. "p99 < 1 ms ✓".
  var target = ""
}

func format(ms value: Double) -> String {
  value < 1 ? String(format3: value * 1000) + " µs" : String(format3: value) + " ms"
}

func format(bytes value: Double) -> String {
  String(format3: value / 1_048_576) + " MB"
}

func verdict(_ text: String, _ met: Bool) -> String { text + (met ? " ✓" : " ✗ MISSED") }

extension String {
  /// Three significant digits, no Foundation formatter needed.
  init(format3 value: Double) {
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
    self = text
  }
}

/// Prints rows as one aligned, Markdown-compatible table.
func printTable(_ rows: [Row]) {
  let header = Row(name: "benchmark", p50: "p50", p99: "p99", cells: "cells/key p50 · p99", target: "target")
  let all = [header] + rows
  func width(_ column: (Row) -> String) -> Int { all.map { column($0).count }.max() ?? 0 }
  let widths = [width(\.name), width(\.p50), width(\.p99), width(\.cells), width(\.target)]
  func line(_ row: Row) -> String {
    let fields = [row.name, row.p50, row.p99, row.cells, row.target]
    return "| " + zip(fields, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
  }
  print(line(header))
  print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
  for row in rows { print(line(row)) }
}

/// 100000 → "100,000".
func grouped(_ number: Int) -> String {
  var digits = Array(String(number))
  var index = digits.count - 3
  while index > 0 { digits.insert(",", at: index); index -= 3 }
  return String(digits)
}
