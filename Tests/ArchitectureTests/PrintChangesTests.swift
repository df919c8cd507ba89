import Architecture
import Testing

@MainActor
struct PrintChangesTests {
  @Test func logsEachActionAndTheStateDiffItCaused() {
    var lines: [String] = []
    let reducer = Counter(scheduler: TestScheduler())._printChanges { lines.append($0) }
    let store = Store(initialState: Counter.State(), reducer: reducer)
    store.send(.increment)
    store.send(.cancelDelayed)
    #expect(lines == [
      """
      received action:
        Counter.Action.increment
      \u{2007} Counter.State(
      −   count: 0,
      +   count: 1,
      \u{2007}   log: []
      \u{2007} )

      """,
      """
      received action:
        Counter.Action.cancelDelayed
        (No state changes)

      """,
    ])
  }
}
