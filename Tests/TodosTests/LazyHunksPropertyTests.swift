import Architecture
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// The door keeps a step's hunks as todos and formats them only when read
/// (`TodoHunk`): what is read must be what formatting them at once would
/// have made — the lines of the file around each change, the same summary,
/// the same history text — or undo and the history file would drift.
@MainActor
struct LazyHunksPropertyTests {
  /// Lines whose first bytes fool a summary that does not format: `x `
  /// as an active todo's own text, a completed todo with no dates.
  static let lines = [
    "call mom", "x marks the spot", "x", "x 2026-01-01 done +work", "(A) x not done", "2026-01-02 x dated",
    "water rec:1w due:2026-01-01", "(C) 牛乳 +買い物 due:2026-12-31", "x \u{301}combining", "",
  ]

  /// A key's step is recorded with no summary (the door gives none): it is
  /// read from the hunks when asked, and a record given that same text is
  /// equal to it; one given another text is not.
  @Test func aSummaryNotGivenIsReadFromTheHunks() {
    let before = Todo.State(id: id(1), text: "pay rent")
    var after = before
    after.isComplete = true
    let content = HistoryHunks.todos([TodoHunk(at: 0, above: nil, below: nil, removed: [before], added: [after])])
    func record(_ summary: String?) -> HistoryRecord {
      HistoryRecord(id: "a.1", time: startDate, source: HistoryRecord.thisScreen, kind: .step, summary: summary, content: content)
    }
    #expect(record(nil).summary == "completed \"pay rent\"")
    #expect(record(nil) == record("completed \"pay rent\""))
    #expect(record(nil) != record("edited \"pay rent\""))
    var renamed = record(nil)
    renamed.summary = "joined: " + renamed.summary
    #expect(renamed.summary == "joined: completed \"pay rent\"")
  }

  @Test func todoHunksSayWhatTheirLinesSay() {
    var generator = SplitMix64(state: 20_261_126)
    var states = Self.lines.enumerated().map { TodoTxt.parse($1[...], id: id(100 + $0)) }
    // Completed with no dates, and active with text that reads as completed.
    states.append(Todo.State(id: id(200), text: "no dates", isComplete: true))
    states.append(Todo.State(id: id(201), text: " spaced", isComplete: true))
    states.append(Todo.State(id: id(202), text: "x active", isComplete: false))
    func some(_ range: ClosedRange<Int>) -> [Todo.State] {
      (0..<Int.random(in: range, using: &generator)).map { _ in states.randomElement(using: &generator)! }
    }
    for round in 0..<5_000 {
      let hunks = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        TodoHunk(
          at: Int.random(in: 0...5, using: &generator), above: some(0...1).first, below: some(0...1).first,
          removed: some(0...2), added: some(0...2)
        )
      }
      let lines = hunks.map(\.lines)
      let context = Comment(rawValue: "round \(round): \(lines)")
      #expect(hunks.summary == lines.summary, context)
      #expect(HistoryHunks.todos(hunks) == .lines(lines), context)
      #expect(HistoryHunks.todos(hunks).inverse.lines == lines.reversed().map(\.inverse), context)
    }
  }

  /// A batch's record, read as lines, makes the file before into the file
  /// after, each hunk where it says, under the line it names; its summary
  /// and its history text are those of its lines.
  @Test func aBatchsRecordIsTheLinesOfItsFile() {
    var generator = SplitMix64(state: 20_261_127)
    for round in 0..<500 {
      let count = Int.random(in: 1...8, using: &generator)
      let initial = IdentifiedArray(uniqueElements: (0..<count).map { n in
        TodoTxt.parse((BatchPropertyTests.lines + Self.lines).randomElement(using: &generator)![...], id: id(1_000 + n))
      })
      var state = ListFeature.State(todos: initial)
      state.shown.today = startDay
      state.shown.pageSize = 10
      let store = Store(initialState: state, reducer: ListFeature(environment: .virtual(TestScheduler(now: startDate))))
      for todo in initial where Bool.random(using: &generator) {
        store.send(.select(todo.id))
        store.send(.toggleMark)
      }
      store.send(.act(BatchPropertyTests.commands.randomElement(using: &generator)!))
      defer { store.cancelAllEffects() }
      guard let record = store.state.history.nextUndo else { continue }
      let context = Comment(rawValue: "round \(round): \(record.summary)")
      guard case .todos = record.content else {
        Issue.record(Comment(rawValue: "the door's record is formatted already: \(context)"))
        continue
      }
      let hunks = record.hunks
      var file = initial.map(TodoTxt.format)
      for hunk in hunks {
        let end = hunk.at + hunk.removed.count
        #expect(end <= file.count && Array(file[hunk.at..<end]) == hunk.removed, context)
        guard end <= file.count else { break }
        #expect(hunk.above == (hunk.at > 0 ? file[hunk.at - 1] : nil), context)
        // Below: read as the line was then, which for a todo's own change
        // (made before the door) is as the whole step left it.
        let after = store.state.todos.map(TodoTxt.format)
        #expect(hunk.below.map { $0 == file[safe: end] || after.contains($0) } ?? (end == file.count), context)
        file.replaceSubrange(hunk.at..<end, with: hunk.added)
      }
      #expect(file == store.state.todos.map(TodoTxt.format), context)
      #expect(record.summary == hunks.summary, context)
      let written = HistoryText.encode([record])
      var eager = record
      eager.content = .lines(hunks)
      #expect(written == HistoryText.encode([eager]), context)
      #expect(HistoryText.decode(written[...]).records == [record], context)
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
