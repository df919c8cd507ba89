import Foundation
import Terminal
import TodoModel
import Todos

/// Work that lands on the main queue at 100,000 todos (issue 29: no action
/// holds it for more than 2 ms): an outside change, merged on the I/O queue
/// (untimed here), then applied to the list through the door with its frame,
/// every sorted order kept.
@MainActor
func mainQueueRows(count: Int) -> [Row] {
  let harness = KeystrokeHarness(count: count, size: Size(columns: 80, rows: 24))
  var text = TodoFixtures.text(lines: count)
  let makeID = UUID.seededRandom()
  harness.store.send(.file(.loaded(.success(LoadedFile(text: text, stamp: nil, makeID: makeID)))))
  harness.finishBackgroundWork()
  // Every sorted order shown once, so kept: the merged list's orders come too.
  harness.press(Array(repeating: "s", count: ListOrder.allCases.count))
  var applied = Samples()
  for iteration in 0..<22 {
    // Another program appends a line; the merge is worked out as the I/O queue would.
    text += "added elsewhere \(iteration)\n"
    let state = harness.store.state
    let merge = OutsideMerge(
      loaded: LoadedFile(text: text, stamp: nil, makeID: makeID), known: state.file.stamp, into: state.list.todos,
      listVersion: state.list.listVersion, base: state.file.base, tag: { $0 }
    ).preparing(for: state.list)
    let elapsed = milliseconds { harness.store.send(.file(.merged(merge))) }
    precondition(harness.store.state.list.todos.count == merge.todos.count, "the merge must be applied")
    if iteration >= 2 { applied.add(elapsed) }
    harness.finishBackgroundWork()
  }
  return [
    Row(name: "outside change applied (merged off the main queue), \(grouped(count)) todos", p50: format(ms: applied.p50),
        p99: format(ms: applied.p99), target: verdict("p99 < 2 ms", applied.p99 < 2)),
  ]
}
