import Foundation
import Terminal
import Todos

/// Tab and macros on a long list (issue 27): the first Tab of a line
/// counts the list's names (once for a version of the list), a Tab after
/// it only goes on to the next name; `@a` plays a short macro as one step.
@MainActor
func completionRows(count: Int) -> [Row] {
  let harness = KeystrokeHarness(count: count, size: Size(columns: 80, rows: 24))
  let label = "\(grouped(count)) todos"
  let typing: [Key] = ["a"] + "Call +pro".map { Key.character($0) }
  // `a` adds a todo, so each first Tab meets a new version of the list; Esc (untimed) drops it.
  let first = harness.measure(.tab, iterations: 20, before: typing, after: [.escape])
  harness.press(typing + [.tab])
  let again = harness.measure(.tab, iterations: 50)
  harness.press([.escape])
  // A macro of three keys: a priority, the next todo, done; undone (untimed) after each run.
  harness.press(["g", "Q", "r", "p", "j", "Q"])
  let play = harness.measure("r", iterations: 20, before: ["@"], after: ["u"])
  return [
    Row(name: "key Tab: the first of a line (names counted), \(label)", p50: format(ms: first.time.p50),
        p99: format(ms: first.time.p99), target: verdict("p99 < 50 ms", first.time.p99 < 50)),
    Row(name: "key Tab again: the next name, \(label)", p50: format(ms: again.time.p50),
        p99: format(ms: again.time.p99), target: verdict("p99 < 5 ms", again.time.p99 < 5)),
    Row(name: "keys @r: a macro of 2 keys (one step), \(label)", p50: format(ms: play.time.p50),
        p99: format(ms: play.time.p99), target: verdict("p99 < 16 ms", play.time.p99 < 16)),
  ]
}
