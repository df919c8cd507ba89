import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// Many hunks (a batch's undo) are made in a few passes, each going up the
/// file, changing the list in place: the list they leave is the list made
/// by making them one at a time, and when a later pass finds a line
/// changed, the passes already made are taken back — nothing changes.
struct UndoInRunsTests {
  @Test func hunksMadeInRunsLeaveTheListMadeOneAtATime() {
    var generator = SplitMix64(state: 20_261_130)
    for round in 0..<200 {
      let initial = Self.list(count: Int.random(in: 20...60, using: &generator))
      var expected = ListFeature.State(todos: initial)
      var hunks: [TodoHunk] = []
      var next = 10_000, nextLine = 0
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let run = Self.run(on: expected.todos, using: &generator, nextLine: &nextLine)
        for hunk in run {
          var counter = next
          let result = expected.apply(.todos([hunk]), reusing: [], newID: { counter += 1; return id(counter) })
          #expect(!Self.isRefused(result), "round \(round)")
          next = counter
        }
        hunks += run
      }
      guard hunks.count > 16 else { continue }
      var inRuns = ListFeature.State(todos: initial)
      var counter = 10_000
      let result = inRuns.apply(.todos(hunks), reusing: [], newID: { counter += 1; return id(counter) })
      guard case .applied(let changes) = result else {
        Issue.record("round \(round): \(result)")
        continue
      }
      #expect(inRuns.todos == expected.todos, "round \(round)")
      // The changes it reports, made again from the list before, give the same list.
      var replayed = initial
      for change in changes { change.apply(to: &replayed) }
      #expect(replayed == expected.todos, "round \(round)")
      // The same on the list read again (its todos under other ids, the
      // same lines): found by their lines, they keep the list's ids.
      let reRead = Dictionary(uniqueKeysWithValues: initial.enumerated().map { ($1.id, id(500_000 + $0)) })
      var again = ListFeature.State(todos: IdentifiedArray(uniqueElements: initial.map { $0.with(id: reRead[$0.id]!) }))
      counter = 10_000
      _ = again.apply(.todos(hunks), reusing: [], newID: { counter += 1; return id(counter) })
      #expect(again.todos.elements == expected.todos.map { todo in reRead[todo.id].map { todo.with(id: $0) } ?? todo }, "round \(round)")
    }
  }

  @Test func aLaterRunThatFindsALineChangedTakesTheEarlierRunsBack() {
    var generator = SplitMix64(state: 20_261_131)
    var checked = 0
    for round in 0..<200 {
      let initial = Self.list(count: Int.random(in: 30...60, using: &generator))
      var nextLine = 0
      let first = Self.run(on: initial, using: &generator, nextLine: &nextLine)
      var afterFirst = ListFeature.State(todos: initial)
      var counter = 10_000
      for hunk in first { _ = afterFirst.apply(.todos([hunk]), reusing: [], newID: { counter += 1; return id(counter) }) }
      let second = Self.run(on: afterFirst.todos, using: &generator, nextLine: &nextLine)
      // A line the second run removes and the first leaves, changed by someone else.
      let firstRemoves = Set(first.flatMap { $0.removed.map(\.id) })
      guard first.count + second.count > 16,
            let touched = second.lazy.flatMap(\.removed).first(where: { !firstRemoves.contains($0.id) }),
            let place = initial.index(id: touched.id)
      else { continue }
      var changed = initial
      changed[place].text += " (changed elsewhere)"
      var state = ListFeature.State(todos: changed)
      counter = 10_000
      let result = state.apply(.todos(first + second), reusing: [], newID: { counter += 1; return id(counter) })
      #expect(Self.isRefused(result), "round \(round)")
      #expect(state.todos == changed, "round \(round)")
      checked += 1
    }
    #expect(checked > 50)
  }

  private static func isRefused(_ result: ListFeature.State.HunkResult) -> Bool {
    if case .refused = result { true } else { false }
  }

  /// `count` todos, each line different.
  private static func list(count: Int) -> IdentifiedArrayOf<Todo.State> {
    IdentifiedArray(uniqueElements: (0..<count).map { TodoTxt.parse("todo \($0) +p\($0 % 4)"[...], id: id(1_000 + $0)) })
  }

  /// Random hunks on `todos` that go up the file, each where it is made
  /// once those below it are: updates, removals and insertions.
  private static func run(
    on todos: IdentifiedArrayOf<Todo.State>, using generator: inout SplitMix64, nextLine: inout Int
  ) -> [TodoHunk] {
    var hunks: [TodoHunk] = []
    var place = todos.count
    while place > 0 {
      place -= Int.random(in: 1...3, using: &generator)
      guard place >= 0 else { break }
      func new() -> Todo.State {
        nextLine += 1
        return TodoTxt.parse("new \(nextLine)"[...], id: id(50_000 + nextLine))
      }
      let (removed, added): ([Todo.State], [Todo.State])
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: (removed, added) = ([todos[place]], [])
      case 1: (removed, added) = ([], [new(), new()].prefix(Int.random(in: 1...2, using: &generator)).map { $0 })
      default:
        var after = todos[place]
        after.isComplete.toggle()
        (removed, added) = ([todos[place]], [after])
      }
      hunks.append(TodoHunk(
        at: place, above: place == 0 ? nil : todos[place - 1],
        below: place + removed.count < todos.count ? todos[place + removed.count] : nil, removed: removed, added: added
      ))
    }
    return hunks
  }
}
