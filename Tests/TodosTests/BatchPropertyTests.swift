import Architecture
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// A batch is nothing but the single change made to each marked todo: on
/// random lists, random marks and random actions, the batch and the same
/// action sent to each marked todo one by one (in the file's order) leave
/// the same list — ids, recurrence's new todos included — and one `u`
/// after the batch gives back the list from before it.
@MainActor
struct BatchPropertyTests {
  static let lines = [
    "call mom", "(A) pay rent due:2026-01-31 t:2026-01-29", "(B) +work report due:2026-02-28", "water rec:1w due:2026-01-01",
    "x 2026-01-01 done +work", "buy milk @shop", "(C) 牛乳 +買い物 due:2026-12-31", "run rec:+2d", "call mom",
    "x 2025-12-30 filed pri:A due:2026-01-03",
  ]
  static let commands: [ListFeature.Command] = [
    .todo(.toggleCompleteTapped), .todo(.priorityCycled), .todo(.prioritySet("B")), .todo(.prioritySet(nil)),
    .todo(.postponed(days: 1)), .todo(.postponed(days: -1)), .todo(.wordsAdded("+work due:fri (A)")),
    .todo(.wordsAdded("@phone")), .todo(.wordsRemoved("due: +work")), .todo(.wordsRemoved("call")), .delete,
  ]

  @Test func aBatchIsTheSingleChangeOnEachMarkedTodoAndOneUndoTakesItBack() {
    var generator = SplitMix64(state: 20_261_125)
    for round in 0..<1_000 {
      let count = Int.random(in: 1...8, using: &generator)
      let initial = IdentifiedArray(uniqueElements: (0..<count).map { n in
        TodoTxt.parse(Self.lines.randomElement(using: &generator)![...], id: id(1_000 + n))
      })
      // At least one mark: with none, a key acts on the selection.
      var marks = Set(initial.ids.filter { _ in Bool.random(using: &generator) })
      if marks.isEmpty { marks.insert(initial.ids.randomElement(using: &generator)!) }
      let command = Self.commands.randomElement(using: &generator)!
      let context = Comment(rawValue: "round \(round): \(command) on \(marks.count) of \(count)")

      let batch = store(initial)
      for id in initial.ids where marks.contains(id) {
        batch.send(.select(id))
        batch.send(.toggleMark)
      }
      batch.send(.act(command))

      let oneByOne = store(initial)
      for id in initial.ids where marks.contains(id) {
        oneByOne.send(.select(id))
        oneByOne.send(.act(command))
      }
      #expect(batch.state.todos == oneByOne.state.todos, context)
      // One step, or none when the action changed nothing.
      #expect(batch.state.history.undoDepth == (batch.state.todos == initial ? 0 : 1), context)

      batch.send(.undo)
      #expect(batch.state.todos == initial, context)
      batch.cancelAllEffects()
      oneByOne.cancelAllEffects()
    }
  }

  /// Many recurring todos completed at once: their next occurrences go in
  /// in one pass (a long list's batch), still each right after its todo.
  @Test func manyRecurrencesInOneBatchGoWhereOneByOnePutsThem() {
    let lines = (0..<60).map { $0 % 3 == 0 ? "note \($0)" : "water \($0) rec:1w due:2026-01-01" }
    let initial = IdentifiedArray(uniqueElements: lines.enumerated().map { TodoTxt.parse($1[...], id: id(1_000 + $0)) })
    let batch = store(initial), oneByOne = store(initial)
    batch.send(.markVisible)
    batch.send(.act(.todo(.toggleCompleteTapped)))
    for todo in initial {
      oneByOne.send(.select(todo.id))
      oneByOne.send(.act(.todo(.toggleCompleteTapped)))
    }
    #expect(batch.state.todos.count == 100)
    #expect(batch.state.todos == oneByOne.state.todos)
    batch.send(.undo)
    #expect(batch.state.todos == initial)
    batch.cancelAllEffects()
    oneByOne.cancelAllEffects()
  }

  private func store(_ todos: IdentifiedArrayOf<Todo.State>) -> Store<ListFeature.State, ListFeature.Action> {
    var state = ListFeature.State(todos: todos)
    state.shown.today = startDay
    state.shown.pageSize = 10
    return Store(initialState: state, reducer: ListFeature(environment: .virtual(TestScheduler(now: startDate))))
  }
}
