import Architecture
import ArchitectureTesting
import IdentifiedCollections
import Testing

@MainActor
struct ForEachTests {
  let scheduler = TestScheduler()

  @Test func elementReducerRunsBeforeTheParent() {
    let store = TestStore(
      initialState: CounterList.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: CounterList(scheduler: scheduler)
    )
    store.send(.row(id: 2, action: .increment)) {
      $0.rows[id: 2]?.counter.count = 1
      $0.parentSawCounts = [1]
    }
  }

  /// One element action for many elements in one call (a batch on marked
  /// todos) leaves the state as sending it to each in turn does.
  @Test func oneActionForManyElementsIsTheActionSentToEach() {
    let list = CounterList(scheduler: scheduler)
    let each = Reduce<CounterList.State, CounterList.Action> { state, action in
      if case .row(let id, _) = action { state.parentSawCounts.append(state.rows[id: id]?.counter.count ?? -1) }
      return .none
    }
    .forEach(\.rows, action: CounterList.Action.rowPath) {
      Scope(state: \CounterList.Row.counter, action: CasePath({ $0 }, extract: { $0 })) { Counter(scheduler: scheduler) }
    }
    var one = CounterList.State(rows: [.init(id: 1), .init(id: 2), .init(id: 3)])
    one.rows[id: 2]?.counter.count = 5
    var many = one
    for id in [3, 1, 2] { _ = list.reduce(into: &one, action: .row(id: id, action: .increment)) }
    _ = each.reduce(into: &many, each: [3, 1, 2], action: .increment)
    #expect(many == one)
    #expect(many.parentSawCounts == [1, 1, 6])
  }

  @Test func removingAnElementCancelsItsEffectsOnly() {
    let store = TestStore(
      initialState: CounterList.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: CounterList(scheduler: scheduler)
    )
    store.send(.row(id: 1, action: .delayedIncrement)) { $0.parentSawCounts = [0] }
    store.send(.row(id: 2, action: .delayedIncrement)) { $0.parentSawCounts = [0, 0] }
    #expect(store.runningEffectCount == 2)
    store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    #expect(store.runningEffectCount == 1)
    scheduler.advance(by: .seconds(1))
    store.receive(.row(id: 2, action: .increment)) {
      $0.rows[id: 2]?.counter.count = 1
      $0.parentSawCounts.append(1)
    }
  }

  /// A plain Store reports to the test too, even when no TestStore was made
  /// before it (the reporter is installed when the test bundle loads).
  @Test func aPlainStoreReportsItsIssuesToTheTest() {
    let store = Store(initialState: CounterList.State(rows: [.init(id: 1)]), reducer: CounterList(scheduler: scheduler))
    withKnownIssue {
      store.send(.row(id: 42, action: .increment))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("not in the array: id 42")
    }
  }

  @Test func anActionForAMissingIDIsReportedNotACrash() {
    let messages = IssueMessages()
    let store = TestStore(initialState: CounterList.State(rows: [.init(id: 1)]), reducer: CounterList(scheduler: scheduler))
    withKnownIssue {
      store.send(.row(id: 42, action: .increment)) { $0.parentSawCounts = [-1] }
    } matching: { issue in
      messages.append(issue.comments.map(\.rawValue).joined())
      return true
    }
    #expect(messages.all.count == 1)
    #expect(messages.all.first?.contains("forEach received an action for an element that is not in the array: id 42") == true)
  }
}
