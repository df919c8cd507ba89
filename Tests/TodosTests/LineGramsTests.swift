import Architecture
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// A search passes over the todos that lack a run of bytes of its words
/// (`ByteGrams`, `LineGrams`): a line a word is in has all the word's
/// runs, the door keeps every todo's runs through changes in place and
/// moves (and lets them go on the others), and the screen with them is
/// the screen without.
@MainActor
struct LineGramsTests {
  let scheduler = TestScheduler(now: startDate)
  static let today = Day(year: 2026, month: 11, day: 30)!
  static let pieces = [
    "Buy", "milk", "MILK", "tea", "@home", "+Work", "due:2026-12-09", "id:1", "p:1", "牛乳", "🥛", "café", "K\u{212A}", "x", "Task 4242",
    "24142",
  ]

  static func randomText(_ generator: inout SplitMix64) -> String {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
  }

  /// Any word that is in a line, whatever its case, has its runs there:
  /// words cut from the line itself and words made up.
  @Test func aLineHasTheRunsOfEveryWordInIt() {
    var generator = SplitMix64(state: 20_261_130)
    var checked = 0
    for _ in 0..<2_000 {
      let text = Self.randomText(&generator)
      let priority: Character? = Bool.random(using: &generator) ? "A" : nil
      let todo = Todo.State(id: id(1), text: text, priority: priority)
      let line = (priority.map { "(\($0)) " } ?? "") + text
      let bytes = Array(line.utf8)
      for _ in 0..<6 {
        let word: String
        if !bytes.isEmpty, Bool.random(using: &generator) {
          let start = Int.random(in: 0..<bytes.count, using: &generator)
          let end = Int.random(in: start...min(bytes.count, start + 6), using: &generator)
          word = String(decoding: bytes[start..<end], as: UTF8.self).uppercased()
        } else {
          word = ["mi", "ilk", "(a)", "a) b", "k4", "2026-12", "ea", "zebra", "ka", "é"].randomElement(using: &generator)!
        }
        let query = SearchQuery(word, today: Self.today)
        guard query.problem == nil, query.matches(todo) else { continue }
        checked += 1
        #expect(ByteGrams(todo).covers(query.neededGrams), "\(word) in \(line)")
      }
    }
    #expect(checked > 1_000)
  }

  @Test func theWordsThatMustBeThereHaveRunsAndTheOthersNone() {
    let line = ByteGrams(Todo.State(id: id(1), text: "Buy milk @home", priority: "A"))
    #expect(line.covers(SearchQuery("MILK (a) @ho", today: Self.today).neededGrams))
    #expect(!line.covers(SearchQuery("zebra", today: Self.today).neededGrams), "a word not in the line")
    #expect(!line.covers(SearchQuery("milk zebra", today: Self.today).neededGrams), "one word of two not in it")
    let number = ByteGrams(Todo.State(id: id(2), text: "Task 24142"))
    #expect(!number.covers(SearchQuery("4242", today: Self.today).neededGrams), "its pairs are there, its runs of three not")
    for query in ["-zebra", "pri:B", "due:today", "is:blocked", "z", "牛乳", "-milk -zebra"] {
      #expect(SearchQuery(query, today: Self.today).neededGrams.isEmpty, "\(query): no word that must be there")
    }
  }

  /// Kept by the door, by slot, through every change but a new list
  /// (another program's version): always what the whole list gives. (By
  /// place, they were let go whenever a todo came or went.)
  @Test func theDoorKeepsEveryTodosRuns() {
    let feature = ListFeature(environment: .virtual(scheduler))
    var generator = SplitMix64(state: 20_261_201)
    var fresh = 10_000
    func newTodo(_ generator: inout SplitMix64) -> Todo.State {
      fresh += 1
      return Todo.State(id: id(fresh), text: Self.randomText(&generator), priority: Bool.random(using: &generator) ? "B" : nil)
    }
    for round in 0..<200 {
      var state = ListFeature.State(todos: IdentifiedArray(uniqueElements: (0..<Int.random(in: 0...12, using: &generator)).map { _ in newTodo(&generator) }))
      state.shown.today = Self.today
      state.order = [ListOrder.manual, .manual, .priority].randomElement(using: &generator)!
      state.lineGrams = LineGrams(state.todos)
      for step in 0..<30 {
        let todos = state.todos
        let count = todos.count
        let pick = Int.random(in: 0..<9, using: &generator)
        // Whether the door keeps the runs of bytes through this change.
        var keeps = true
        switch pick {
        case 0...5:
          let kind = RandomDoorChange.allCases[pick]
          keeps = !kind.make(on: &state, with: feature, &generator, newTodo: newTodo) || kind != .replaceAll
        case 6 where count > 0:
          // A todo's own change (`forEach`), then the door: text and priority.
          let target = todos[Int.random(in: 0..<count, using: &generator)].id
          _ = feature.reduce(into: &state, action: .todo(id: target, action: [.priorityCycled, .wordsAdded("Tea +work")].randomElement(using: &generator)!))
        case 7:
          _ = feature.reduce(into: &state, action: .undo)
        default:
          _ = feature.reduce(into: &state, action: .redo)
        }
        let context = Comment(rawValue: "round \(round), step \(step): change \(pick) on \(count) todos")
        // What the door keeps by id and by place is what the whole list
        // gives, after undo's and redo's changes too (the blocked map as
        // what it answers: it keeps the ids ever used, and owners in the
        // order they came).
        var whole = state
        whole.followWhole()
        #expect(state.dependencies.openParts == whole.dependencies.openParts, context)
        #expect(state.dependencies.owners.mapValues(Set.init) == whole.dependencies.owners.mapValues(Set.init), context)
        #expect(state.activeTodos == whole.activeTodos, context)
        #expect(state.orders == whole.orders, context)
        // Kept but through a new list (worked out again under a search:
        // here, at once). A free slot's entry is never read.
        if let grams = state.lineGrams {
          #expect(grams.inOrder(of: state.todos) == LineGrams(state.todos).inOrder(of: state.todos), context)
        } else {
          #expect(!keeps, context)
          state.lineGrams = LineGrams(state.todos)
        }
        // The screen and every walk, from every place both ways, with the
        // runs and without; now and then with a todo being edited.
        state.shown.query = ["bu", "MILK tea", "(b) bu", "+work tea", "k4 -milk", "ask 42", "4242"].randomElement(using: &generator)!
        state.shown.editing = Int.random(in: 0..<4, using: &generator) == 0 ? state.todos.randomElement(using: &generator)?.id : nil
        // (The walks' callers start at the end only of a list that has one.)
        let starts = state.todos.isEmpty ? [] : [ListPosition.start, state.endPosition] + state.todos.indices.map { state.position(of: $0) }
        let walks = { (list: ListFeature.State) in
          starts.flatMap { start in [false, true].map { list.visibleIndices(from: start, backward: $0, limit: list.todos.count + 1) } }
        }
        let withGrams = (screen: state.screenTodos(count: 50).map(\.id), count: state.countVisible().count, walks: walks(state))
        var without = state
        without.lineGrams = nil
        #expect(withGrams.screen == without.screenTodos(count: 50).map(\.id), context)
        #expect(withGrams.count == without.countVisible().count, context)
        #expect(withGrams.walks == walks(without), context)
        state.shown.editing = nil
      }
    }
  }

  /// The app asks for them at the list's first search, off the main
  /// queue, and takes them for the list they were worked out for; for a
  /// list changed meanwhile it asks again.
  @Test func theyAreWorkedOutOffTheMainQueueForTheListSearched() {
    let io = TestScheduler(now: startDate)
    var environment = AppEnvironment.virtual(scheduler)
    environment.ioQueue = io
    let todos = IdentifiedArray(uniqueElements: ["Buy milk", "Call mum", "Task 4242"].enumerated().map {
      Todo.State(id: id($0.offset + 1), text: $0.element)
    })
    let store = Store(initialState: AppReducer.State(todos: todos, now: startDate), reducer: AppReducer(environment: environment))
    defer { store.cancelAllEffects() }
    /// The I/O queue's work done, and its answers taken.
    func settle() {
      io.advance()
      scheduler.advance()
    }
    store.send(.list(.selectNext))
    settle()
    #expect(store.state.list.lineGrams == nil, "no search, none asked for")
    store.send(.startSearch)
    store.send(.editor(.insert("m")))
    #expect(store.state.list.lineGrams == nil, "until the I/O queue has worked them out")
    // The list changes before they are back: those are not taken.
    store.send(.cancelSearch)
    store.send(.list(.deleteSelected))
    settle()
    #expect(store.state.list.lineGrams == nil, "worked out for a list changed since")
    store.send(.startSearch)
    store.send(.editor(.insert("m")))
    settle()
    #expect(store.state.list.lineGrams == LineGrams(store.state.list.todos))
    #expect(store.state.list.screenTodos(count: 10).map(\.text) == ["Buy milk"])
    store.send(.editor(.insert("ilk")))
    #expect(store.state.list.screenTodos(count: 10).map(\.text) == ["Buy milk"])
    store.send(.cancelSearch)
    #expect(store.state.list.lineGrams == LineGrams(store.state.list.todos), "kept for the next search")
  }

  /// The line being edited shows while it lacks the search's runs.
  @Test func theTodoBeingEditedShowsWithoutTheRuns() {
    var state = ListFeature.State(todos: IdentifiedArray(uniqueElements: [
      Todo.State(id: id(1), text: "buy milk"), Todo.State(id: id(2), text: "call mum"),
    ]))
    state.shown.query = "milk"
    state.lineGrams = LineGrams(state.todos)
    #expect(state.visibleTodos.map(\.id) == [id(1)])
    state.shown.editing = id(2)
    #expect(state.visibleTodos.map(\.id) == [id(1), id(2)])
  }
}

extension LineGrams {
  /// Each todo's runs, in the list's order (what a scan reads); nil for
  /// a slot they have no place for.
  func inOrder(of todos: IdentifiedArrayOf<Todo.State>) -> [ByteGrams?] {
    todos.slots.map { Int($0) < grams.count ? grams[Int($0)] : nil }
  }
}

/// A batch that changes more todos' texts than `changesWhoseRunsFollow`
/// lets the runs of bytes go (worked out again off the main queue, as for
/// a new list); a smaller one, or one that leaves the texts, keeps them.
@MainActor
struct LineGramsAfterABatchTests {
  let scheduler = TestScheduler(now: startDate)

  private func batchX(over count: Int, priority: Character? = "A") -> ListFeature.State {
    let feature = ListFeature(environment: .virtual(scheduler))
    var state = ListFeature.State(todos: IdentifiedArray(uniqueElements: (0..<count).map {
      Todo.State(id: id($0 + 1), text: "Task \($0) buy milk", priority: priority)
    }))
    state.lineGrams = LineGrams(state.todos)
    _ = feature.reduce(into: &state, action: .markVisible)
    // Completing a todo with a priority moves it into its text (`pri:A`).
    _ = feature.reduce(into: &state, action: .act(.todo(.toggleCompleteTapped)))
    #expect(state.todos.filter(\.isComplete).count == count)
    return state
  }

  @Test func aBigBatchLetsTheRunsGoAndASmallOneKeepsThem() {
    let small = batchX(over: 40)
    #expect(small.lineGrams?.inOrder(of: small.todos) == LineGrams(small.todos).inOrder(of: small.todos))
    let big = batchX(over: ListFeature.State.changesWhoseRunsFollow + 1)
    #expect(big.lineGrams == nil)
    // Without priorities the texts stay as they were: nothing to make again.
    let unchanged = batchX(over: ListFeature.State.changesWhoseRunsFollow + 1, priority: nil)
    #expect(unchanged.lineGrams?.inOrder(of: unchanged.todos) == LineGrams(unchanged.todos).inOrder(of: unchanged.todos))
  }
}
