import Architecture
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// The todos a counted search kept out are passed over by the scans of a
/// search that refines it (`QueryMisses`): here the screen with them is held
/// to the screen without them, over random lists and pairs of searches, and
/// `SearchQuery.refines` to what it promises, todo by todo.
struct QueryMissesPropertyTests {
  static let words = [
    "milk", "mi", "m", "MIL", "-milk", "-mi", "pri:A", "pri:A-C", "@home", "@ho", "+work", "due:today", "due:<=1w",
    "x", "tea", "t", "is:blocked", "-is:blocked", "due:<tomorow",
  ]

  static func randomQuery(_ generator: inout SplitMix64) -> String {
    (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
  }

  @Test(arguments: 0..<16)
  func aRefiningSearchShowsTheSameTodosWithTheMissesAsWithout(seed: UInt64) {
    var generator = SplitMix64(state: 20_261_130 &+ seed)
    let count = Int.random(in: 0...200, using: &generator)
    let today = Day(year: 2026, month: 11, day: 30)!
    let todos = IdentifiedArray(uniqueElements: (0..<count).map { n in
      let isComplete = Int.random(in: 0..<4, using: &generator) == 0
      let words = (0..<3).map { _ in
        ["milk", "Milk tea", "@home", "+work", "due:2026-11-30", "due:2026-12-09", "mint", "id:1", "p:1"].randomElement(using: &generator)!
      }
      return Todo.State(
        id: UUID(number: 1_000 + n), text: "todo \(n) " + words.joined(separator: " "), isComplete: isComplete,
        priority: ["A", "B", "D", nil].randomElement(using: &generator)!
      )
    })
    var list = ListFeature.State(todos: todos)
    list.shown.today = today
    list.order = [ListOrder.manual, .priority, .dueDate].randomElement(using: &generator)!
    list.filter = [Filter.all, .active].randomElement(using: &generator)!
    var refined = 0
    for _ in 0..<8 {
      let old = Self.randomQuery(&generator)
      // The old words, one perhaps typed longer, and perhaps a word more.
      var new = old.split(separator: " ").map(String.init)
      if Bool.random(using: &generator), let last = new.indices.last { new[last] += ["i", "lk", "me", ""].randomElement(using: &generator)! }
      if Bool.random(using: &generator) { new.append(Self.words.randomElement(using: &generator)!) }
      list.shown.query = old
      list.knownMisses = nil
      list.knownMisses = list.countVisible().misses
      list.shown.query = new.joined(separator: " ")
      // Walks from every place, both ways, as far as any reads.
      let starts = [ListPosition.start, list.endPosition] + (0..<count).map { list.position(of: $0) }
      let walks = { (list: ListFeature.State) in
        starts.flatMap { start in [false, true].map { list.visibleIndices(from: start, backward: $0, limit: count + 1) } }
      }
      // The todo being edited shows, kept out or not.
      if Int.random(in: 0..<4, using: &generator) == 0, let edited = todos.randomElement(using: &generator) { list.shown.editing = edited.id }
      defer { list.shown.editing = nil }
      let withMisses = (screen: list.screenTodos(count: count + 1).map(\.id), walks: walks(list))
      let visibleCount = list.countVisible().count
      let misses = list.knownMisses
      list.knownMisses = nil
      let context = Comment(rawValue: "seed \(seed): \(old) → \(list.shown.query)")
      #expect(withMisses.screen == list.screenTodos(count: count + 1).map(\.id), context)
      #expect(withMisses.walks == walks(list), context)
      #expect(visibleCount == list.countVisible().count, context)
      let query = SearchQuery(list.shown.query, today: today), earlier = SearchQuery(old, today: today)
      if query.refines(earlier) {
        refined += 1
        #expect(misses?.valid(for: query, listVersion: list.listVersion) != nil, context)
        for todo in todos where query.matches(todo, list.dependencies) {
          #expect(earlier.matches(todo, list.dependencies), "\(context): \(todo.text)")
        }
      }
    }
    #expect(refined > 0, "seed \(seed): no search refined the one before it")
  }

  @Test func missesAreForTheListTheyWereCountedOnAndASearchThatRefinesTheirs() {
    let today = Day(year: 2026, month: 11, day: 30)!
    let query = SearchQuery("milk @home", today: today)
    let misses = QueryMisses(query: query, listVersion: 3, bits: QueryMisses.noBits(count: 10))
    #expect(misses.valid(for: SearchQuery("milk @home tea", today: today), listVersion: 3) != nil)
    #expect(misses.valid(for: SearchQuery("@home milky", today: today), listVersion: 3) != nil, "a word typed longer")
    #expect(misses.valid(for: SearchQuery("milk @home", today: today), listVersion: 4) == nil, "the list changed")
    #expect(misses.valid(for: SearchQuery("milk", today: today), listVersion: 3) == nil, "a word fewer lets more through")
    #expect(misses.valid(for: SearchQuery("milk @home", today: today.adding(days: 1)), listVersion: 3) == nil, "another day")
    let narrow = QueryMisses(query: SearchQuery("pri:A -mi", today: today), listVersion: 3, bits: QueryMisses.noBits(count: 10))
    #expect(narrow.valid(for: SearchQuery("pri:A-C -mi", today: today), listVersion: 3) == nil, "a wider range")
    #expect(narrow.valid(for: SearchQuery("pri:A -milk", today: today), listVersion: 3) == nil, "a longer word kept out keeps out less")
  }

  /// The app hands the count's misses to the list for the search counted,
  /// keeps them while a refining search is typed, and drops them with the search.
  @MainActor @Test func theCountsMissesReachTheListForTheSearchCounted() {
    let scheduler = TestScheduler(now: startDate)
    let todos = IdentifiedArray(uniqueElements: ["Buy milk", "Call mum", "Buy bread", "Milk the cow"].enumerated().map {
      Todo.State(id: UUID(number: $0.offset + 1), text: $0.element)
    })
    let store = Store(initialState: AppReducer.State(todos: todos, now: startDate), reducer: AppReducer(environment: .virtual(scheduler)))
    defer { store.cancelAllEffects() }
    store.send(.startSearch)
    store.send(.editor(.insert("bu")))
    #expect(store.state.list.knownMisses == nil, "until the count is back")
    scheduler.advance()
    let misses = store.state.list.knownMisses
    #expect(misses.map { m in todos.indices.filter { m.contains($0) } } == [1, 3])
    store.send(.editor(.insert("y m")))
    #expect(store.state.list.screenTodos(count: 10).map(\.text) == ["Buy milk"], "the misses of `bu` passed over")
    #expect(store.state.list.knownMisses == misses, "kept until this search's count is back")
    scheduler.advance()
    #expect(store.state.list.knownMisses.map { m in todos.indices.filter { m.contains($0) } } == [1, 2, 3])
    store.send(.cancelSearch)
    scheduler.advance()
    #expect(store.state.list.knownMisses == nil, "no search, nothing kept")
  }
}
