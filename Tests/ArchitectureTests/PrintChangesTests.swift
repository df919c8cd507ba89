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
        ArchitectureTests.Counter.Action.increment
        ▿ ArchitectureTests.Counter.State
      −   - count: 0
      +   - count: 1
          - log: 0 elements

      """,
      """
      received action:
        ArchitectureTests.Counter.Action.cancelDelayed
        (No state changes)

      """,
    ])
  }

  /// A change deep in a long state shows two lines either side of it; the
  /// unchanged lines further away are left out, marked `…`.
  @Test func showsOnlyTheLinesAroundAChange() {
    var lines: [String] = []
    let reducer = CounterList(scheduler: TestScheduler())._printChanges { lines.append($0) }
    let rows = (1...4).map { CounterList.Row(id: $0) }
    let store = Store(initialState: CounterList.State(rows: .init(uniqueElements: rows)), reducer: reducer)
    store.send(.row(id: 3, action: .increment))
    #expect(lines == [
      """
      received action:
        ArchitectureTests.CounterList.Action.row(id: 3, action: ArchitectureTests.Counter.Action.increment)
        …
              - id: 3
              ▿ counter: ArchitectureTests.Counter.State
      −         - count: 0
      +         - count: 1
                - log: 0 elements
            ▿ ArchitectureTests.CounterList.Row
        …
                - count: 0
                - log: 0 elements
      −   - parentSawCounts: 0 elements
      +   ▿ parentSawCounts: 1 element
      +     - 1

      """,
    ])
  }
}
