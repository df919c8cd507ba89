import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// Many hunks (a batch's undo) are made in a few passes, each going up the
/// file, changing the list in place: the list they leave is the list made
/// by making them one at a time, and when a later pass finds a line
/// changed, the passes already made are taken back — nothing changes.
struct UndoInRunsTests {
  /// Todos deleted before: a hunk that brings one of their lines back
  /// brings back its id.
  static let known = (0..<20).map { TodoTxt.parse("gone \($0) @home"[...], id: id(70_000 + $0)) }

  @Test func hunksMadeInRunsLeaveTheListMadeOneAtATime() {
    var generator = SplitMix64(state: 20_261_130)
    var inserted = 0, samePlace = 0
    for round in 0..<200 {
      let initial = Self.list(count: Int.random(in: 20...60, using: &generator))
      var expected = ListFeature.State(todos: initial)
      var hunks: [TodoHunk] = []
      var next = 10_000
      var lines = Lines()
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let run = Self.run(on: expected.todos, using: &generator, lines: &lines)
        for hunk in run {
          var counter = next
          let result = expected.apply(.todos([hunk]), reusing: Self.known, newID: { counter += 1; return id(counter) })
          #expect(!Self.isRefused(result), "round \(round)")
          next = counter
        }
        hunks += run
      }
      guard hunks.count > 16 else { continue }
      inserted += hunks.filter { $0.removed.isEmpty }.count
      samePlace += zip(hunks, hunks.dropFirst()).filter { $0.at == $1.at }.count
      let context = Comment(rawValue: "round \(round)")

      var inRuns = ListFeature.State(todos: initial)
      guard case .applied(let changes) = Self.apply(.todos(hunks), on: &inRuns) else {
        Issue.record("round \(round): refused")
        continue
      }
      #expect(inRuns.todos == expected.todos, context)
      // The changes it reports, made again from the list before, give the same list.
      var replayed = initial
      for change in changes { change.apply(to: &replayed) }
      #expect(replayed == expected.todos, context)
      // The same hunks as lines (read from the history file).
      var asLines = ListFeature.State(todos: initial)
      _ = Self.apply(.lines(hunks.map(\.lines)), on: &asLines)
      #expect(asLines.todos == expected.todos, context)
      // On the list read again (its todos under other ids, the same lines):
      // found by their lines, they keep the list's ids.
      let reRead = Dictionary(uniqueKeysWithValues: initial.enumerated().map { ($1.id, id(500_000 + $0)) })
      var again = ListFeature.State(todos: IdentifiedArray(uniqueElements: initial.map { $0.with(id: reRead[$0.id]!) }))
      _ = Self.apply(.todos(hunks), on: &again)
      #expect(again.todos.elements == expected.todos.map { todo in reRead[todo.id].map { todo.with(id: $0) } ?? todo }, context)
    }
    // The cases the walk has to get right came up.
    #expect(inserted > 200)
    #expect(samePlace > 50)
  }

  @Test func aLaterRunThatFindsALineChangedTakesTheEarlierRunsBack() {
    var generator = SplitMix64(state: 20_261_131)
    var checked = 0
    for round in 0..<200 {
      let initial = Self.list(count: Int.random(in: 30...60, using: &generator))
      var lines = Lines()
      let first = Self.run(on: initial, using: &generator, lines: &lines)
      var afterFirst = ListFeature.State(todos: initial)
      _ = Self.apply(.todos(first), on: &afterFirst)
      let second = Self.run(on: afterFirst.todos, using: &generator, lines: &lines)
      // A line the second run removes, changed by someone else: one the
      // first run neither removes nor reads above a hunk.
      let firstReads = Set(first.flatMap { $0.removed.map(\.id) + [$0.above?.id].compactMap { $0 } })
      guard first.count + second.count > 16,
            let touched = second.lazy.flatMap(\.removed).first(where: { !firstReads.contains($0.id) }),
            let place = initial.index(id: touched.id)
      else { continue }
      var changed = initial
      changed[place].text += " (changed elsewhere)"
      // The first run still applies to the changed list: the second is the one that refuses.
      var firstAlone = ListFeature.State(todos: changed)
      guard !Self.isRefused(Self.apply(.todos(first), on: &firstAlone)) else { continue }
      var state = ListFeature.State(todos: changed)
      state.lineGrams = LineGrams(changed)
      #expect(Self.isRefused(Self.apply(.todos(first + second), on: &state)), "round \(round)")
      #expect(state.todos == changed, "round \(round)")
      // The todos put back may sit in other slots: the runs of bytes kept
      // by slot are the list's own, or gone.
      if let grams = state.lineGrams {
        #expect(grams.inOrder(of: state.todos) == LineGrams(state.todos).inOrder(of: state.todos), "round \(round)")
      }
      checked += 1
    }
    #expect(checked > 50)
  }

  private static func apply(_ hunks: HistoryHunks, on state: inout ListFeature.State) -> ListFeature.State.HunkResult {
    var counter = 10_000
    return state.apply(hunks, reusing: known, newID: { counter += 1; return id(counter) })
  }

  private static func isRefused(_ result: ListFeature.State.HunkResult) -> Bool {
    if case .refused = result { true } else { false }
  }

  /// `count` todos, each line different.
  private static func list(count: Int) -> IdentifiedArrayOf<Todo.State> {
    IdentifiedArray(uniqueElements: (0..<count).map { TodoTxt.parse("todo \($0) +p\($0 % 4)"[...], id: id(1_000 + $0)) })
  }

  /// The lines a round's insertions bring: new ones, and now and then a
  /// known todo's (each at most once).
  struct Lines {
    var next = 0
    var knownLeft = Array(UndoInRunsTests.known.indices)

    mutating func take(using generator: inout SplitMix64) -> Todo.State {
      if !knownLeft.isEmpty, Int.random(in: 0..<4, using: &generator) == 0 {
        return UndoInRunsTests.known[knownLeft.removeLast()]
      }
      next += 1
      return TodoTxt.parse("new \(next)"[...], id: id(50_000 + next))
    }
  }

  /// Random hunks on `todos` that go up the file, each where it is made
  /// once those below it are: updates, removals and insertions, and now
  /// and then an insertion at the place of the hunk just below it.
  private static func run(
    on todos: IdentifiedArrayOf<Todo.State>, using generator: inout SplitMix64, lines: inout Lines
  ) -> [TodoHunk] {
    var hunks: [TodoHunk] = []
    var place = todos.count
    func hunk(removed: [Todo.State], added: [Todo.State]) -> TodoHunk {
      TodoHunk(
        at: place, above: place == 0 ? nil : todos[place - 1],
        below: place + removed.count < todos.count ? todos[place + removed.count] : nil, removed: removed, added: added
      )
    }
    while place > 0 {
      place -= Int.random(in: 1...3, using: &generator)
      guard place >= 0 else { break }
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: hunks.append(hunk(removed: [todos[place]], added: []))
      case 1: hunks.append(hunk(removed: [], added: (0..<Int.random(in: 1...2, using: &generator)).map { _ in lines.take(using: &generator) }))
      default:
        var after = todos[place]
        after.isComplete.toggle()
        hunks.append(hunk(removed: [todos[place]], added: [after]))
      }
      if Int.random(in: 0..<4, using: &generator) == 0 {
        hunks.append(hunk(removed: [], added: [lines.take(using: &generator)]))
      }
    }
    return hunks
  }
}
