import Architecture
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// Marks are kept by the todos' places in the file, but a mark is on a
/// todo: it follows its todo through every change to the list — added or
/// deleted todos above it, moves, batches, an outside change, undo and redo.
@MainActor
struct MarksFollowTests {
  let scheduler = TestScheduler(now: startDate)
  var feature: ListFeature { ListFeature(environment: .virtual(scheduler)) }

  /// The texts of the marked todos, in the file's order.
  private func marked(_ list: ListFeature.State) -> [String] { list.markedIndices.map { list.todos[$0].text } }

  @Test func aMarkFollowsItsTodoWhenATodoIsAddedAboveIt() {
    let store = appStore(.loaded(["one", "two", "three"]), on: scheduler)
    store.send(.list(.select(id(103))))
    store.send(.list(.toggleMark))
    store.send(.addTodo(.top))
    store.send(.editor(.insert("new")))
    store.send(.commitEdit)
    #expect(store.state.list.todos.map(\.text) == ["new", "one", "two", "three"])
    #expect(marked(store.state.list) == ["three"])
    // `O` on the marked todo: the new one takes its place, unmarked.
    store.send(.list(.select(id(103))))
    store.send(.addTodo(.above))
    #expect(marked(store.state.list) == ["three"], "while the new todo is typed")
    store.send(.editor(.insert("just above")))
    store.send(.commitEdit)
    #expect(store.state.list.todos.map(\.text) == ["new", "one", "two", "just above", "three"])
    #expect(store.state.list.marks == [4])
    // A draft given up takes its place away again.
    store.send(.addTodo(.top))
    store.send(.cancelEdit)
    #expect(store.state.list.marks == [4])
    store.cancelAllEffects()
  }

  @Test func aMarkFollowsItsTodoWhenATodoAboveItIsDeletedAndThroughUndoAndRedo() {
    var state = ListFeature.State(todos: todos("one", "two", "three"))
    state.marks = [2]
    _ = feature.change(&state, state.deletingSelected())
    #expect(state.todos.map(\.text) == ["two", "three"])
    #expect(state.marks == [1])
    _ = feature.reduce(into: &state, action: .undo)
    #expect(state.todos.map(\.text) == ["one", "two", "three"])
    #expect(state.marks == [2])
    _ = feature.reduce(into: &state, action: .redo)
    #expect(state.marks == [1])
    #expect(marked(state) == ["three"])
  }

  @Test func aMarkFollowsItsTodoMovedWithJAndK() {
    let store = appStore(.loaded(["one", "two", "three", "four"]), on: scheduler)
    store.send(.list(.toggleMark))
    store.send(.list(.select(id(101))))
    store.send(.list(.moveSelected(.down)))
    #expect(store.state.list.todos.map(\.text) == ["two", "one", "three", "four"])
    #expect(store.state.list.marks == [1])
    // Another todo moved up past it: the mark stays on `one`.
    store.send(.list(.select(id(104))))
    store.send(.list(.moveSelected(.up)))
    store.send(.list(.moveSelected(.up)))
    #expect(store.state.list.todos.map(\.text) == ["two", "four", "one", "three"])
    #expect(store.state.list.marks == [2])
    store.send(.list(.undo))
    store.send(.list(.undo))
    store.send(.list(.undo))
    #expect(store.state.list.todos.map(\.text) == ["one", "two", "three", "four"])
    #expect(store.state.list.marks == [0])
    store.cancelAllEffects()
  }

  @Test func aBatchDeleteTakesTheMarksOfItsTodosAndAClearShiftsTheRest() {
    var state = ListFeature.State(todos: todos("one", "two", "three", "four", "five", completed: [0, 3]))
    state.marks = [1, 2]
    _ = feature.reduce(into: &state, action: .act(.delete))
    #expect(state.todos.map(\.text) == ["one", "four", "five"])
    #expect(state.marks.isEmpty)
    state.marks = [2]
    // Clearing completed todos (one and four) above `five`.
    _ = feature.reduce(into: &state, action: .clearCompleted)
    #expect(state.todos.map(\.text) == ["five"])
    #expect(state.marks == [0])
    _ = feature.reduce(into: &state, action: .undo)
    #expect(marked(state) == ["five"])
    #expect(state.marks == [2])
  }

  /// A batch `x` on many recurring todos puts their next occurrences in in
  /// one pass, each right after its todo: the marks stay on the todos marked.
  @Test func manyRecurrencesInsertedAtOnceLeaveTheMarksOnTheirTodos() {
    let lines = (0..<60).map { $0 % 3 == 0 ? "note \($0)" : "water \($0) rec:1w due:2026-01-01" }
    var state = ListFeature.State(todos: IdentifiedArray(uniqueElements: lines.enumerated().map { TodoTxt.parse($1[...], id: id(1_000 + $0)) }))
    state.shown.today = startDay
    let initial = state.todos
    _ = feature.reduce(into: &state, action: .markVisible)
    _ = feature.reduce(into: &state, action: .act(.todo(.toggleCompleteTapped)))
    #expect(state.todos.count == 100)
    #expect(state.marks.count == 60)
    #expect(Set(state.marks.ids(in: state.todos)) == Set(initial.ids))
    _ = feature.reduce(into: &state, action: .undo)
    #expect(state.marks == Marks(0..<60))
  }

  @Test func anOutsideChangeAboveAMarkedTodoKeepsItsMarkAndDeletingItTakesIt() {
    var state = ListFeature.State(todos: todos("one", "two", "three"))
    state.marks = [1, 2]
    var merged = state.todos
    merged.insert(Todo.State(id: id(900), text: "zero"), at: 0)
    merged.insert(Todo.State(id: id(901), text: "minus one"), at: 0)
    _ = feature.change(&state, ListEdit(changes: [.replaceAll(merged)], kind: .fromDisk(isSaved: true)))
    #expect(state.marks == [3, 4])
    merged.remove(id: id(102))
    _ = feature.change(&state, ListEdit(changes: [.replaceAll(merged)], kind: .fromDisk(isSaved: true)))
    #expect(marked(state) == ["three"])
    #expect(state.marks == [3])
  }

  /// The same through the file: another program's lines above, then the
  /// marked todo deleted by it.
  @Test func anotherProgramsChangesToTheFileMoveTheMarksWithTheirTodos() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\nthree\n"])
    let store = startedStore(.inMemory(disk: disk), on: scheduler)
    store.send(.list(.select(store.state.list.todos[1].id)))
    store.send(.list(.toggleMark))
    store.send(.list(.toggleMark))
    #expect(marked(store.state.list) == ["two", "three"])
    disk.replace("todo.txt", with: "minus one\nzero\none\ntwo\nthree\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["minus one", "zero", "one", "two", "three"])
    #expect(marked(store.state.list) == ["two", "three"])
    disk.replace("todo.txt", with: "minus one\nzero\none\nthree\n")
    scheduler.advance(by: .seconds(1))
    #expect(marked(store.state.list) == ["three"])
    #expect(store.state.list.marks == [3])
    store.cancelAllEffects()
  }

  @Test func marksCompareEqualWhateverTheListTheyWereMadeOn() {
    var marks: Marks = [1, 5]
    marks.remove(5)
    #expect(marks == [1])
    marks.toggle(1)
    #expect(marks == [])
    #expect(marks.isEmpty)
    var grown: Marks = [3]
    grown.formUnion([0, 7])
    grown.subtract([7])
    #expect(grown == [0, 3])
    #expect(grown.count == 2)
    #expect(grown.contains(all: [3]))
    #expect(!grown.contains(all: [3, 9]))
  }
}

/// Marks by place against marks by id (what they were before): over random
/// changes made through the door — insertions, removals, moves, batches,
/// updates, lists replaced whole, undo and redo — the todos marked are
/// always those with the ids marked that are still in the list.
@MainActor
struct MarksPropertyTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func marksByPlaceAreMarksByIdOverRandomChanges() {
    let feature = ListFeature(environment: .virtual(scheduler))
    var generator = SplitMix64(state: 20_270_527)
    var fresh = 10_000
    func newTodo() -> Todo.State {
      fresh += 1
      return Todo.State(id: id(fresh), text: "todo \(fresh)")
    }
    for round in 0..<300 {
      var state = ListFeature.State(todos: IdentifiedArray(uniqueElements: (0..<Int.random(in: 0...12, using: &generator)).map { _ in newTodo() }))
      var expected: Set<UUID> = []
      for step in 0..<40 {
        let todos = state.todos
        let count = todos.count
        let pick = Int.random(in: 0..<11, using: &generator)
        func random(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
        func make(_ change: ListChange) { _ = feature.change(&state, ListEdit(changes: [change])) }
        switch pick {
        case 0...1 where count > 0:
          let index = random(0..<count)
          state.marks.toggle(index)
          expected.formSymmetricDifference([todos[index].id])
        case 2...7:
          RandomDoorChange.allCases[pick - 2].make(on: &state, with: feature, &generator) { _ in newTodo() }
        case 8 where count > 0:
          var todo = todos[random(0..<count)]
          let before = todo
          todo.text += " changed"
          make(.update(before: before, after: todo))
        case 9:
          _ = feature.reduce(into: &state, action: .undo)
        default:
          _ = feature.reduce(into: &state, action: .redo)
        }
        // By id: a mark leaves with its todo, and a todo brought back comes unmarked.
        expected = expected.filter { state.todos[id: $0] != nil }
        let byPlace = state.todos.indices.filter { state.marks.contains($0) }.map { state.todos[$0].id }
        let context = Comment(rawValue: "round \(round), step \(step): change \(pick) on \(count) todos")
        #expect(Set(byPlace) == expected, context)
        #expect(state.marks.count == expected.count, context)
        // One form for the same marks: nothing kept past the list's end.
        #expect(state.marks == Marks(state.todos.indices.filter { state.marks.contains($0) }), context)
        if Set(byPlace) != expected { return }
      }
    }
  }
}
