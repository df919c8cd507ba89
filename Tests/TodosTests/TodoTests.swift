import Architecture
import ArchitectureTesting
import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

@MainActor
struct TodoTests {
  let day = Day(year: 2026, month: 11, day: 21)!

  private func store(_ todo: Todo.State) -> TestStore<Todo.State, Todo.Action> {
    TestStore(initialState: todo, reducer: Todo(today: { [day] in day }))
  }

  @Test func completingStampsTodayAndReopeningClearsIt() {
    let store = store(Todo.State(id: id(1), text: "Water the plants"))
    store.send(.toggleCompleteTapped) {
      $0.isComplete = true
      $0.completionDate = day
    }
    store.send(.toggleCompleteTapped) {
      $0.isComplete = false
      $0.completionDate = nil
    }
  }

  /// A todo is stored packed (48 bytes: 240 KB less than 72 at 10,000
  /// todos), its fields read and written as they were, and dumped by them.
  @Test func aTodoIsPackedAndReadsAsItsFields() {
    #expect(MemoryLayout<Todo.State>.stride <= 48)
    var todo = Todo.State(id: id(1), text: "Call mom", priority: "Z", creationDate: day)
    #expect(todo.priority == "Z" && todo.creationDate == day && todo.completionDate == nil)
    todo.priority = nil
    todo.completionDate = Day(year: 9999, month: 12, day: 31)
    #expect(todo.priority == nil && todo.completionDate == Day(year: 9999, month: 12, day: 31))
    var dumped = ""
    dump(todo, to: &dumped)
    #expect(dumped.contains("- priority: nil") && dumped.contains("completionDate: Optional(9999-12-31)") && !dumped.contains("Bits"), "\(dumped)")
  }

  @Test func aPrioritySurvivesCompletionAsATagAndComesBack() {
    let store = store(Todo.State(id: id(1), text: "Call mom @phone", priority: "B"))
    store.send(.toggleCompleteTapped) {
      $0.isComplete = true
      $0.completionDate = day
      $0.priority = nil
      $0.text = "Call mom @phone pri:B"
    }
    store.send(.toggleCompleteTapped) {
      $0.isComplete = false
      $0.completionDate = nil
      $0.priority = "B"
      $0.text = "Call mom @phone"
    }
  }

  @Test func reopeningReadsAPriTagWrittenByAnotherTool() {
    let store = store(Todo.State(id: id(1), text: "pri:C Water the plants", isComplete: true, completionDate: day))
    store.send(.toggleCompleteTapped) {
      $0.isComplete = false
      $0.completionDate = nil
      $0.priority = "C"
      $0.text = "Water the plants"
    }
  }

  /// The `pri:` word goes with the space that set it apart, wherever it is,
  /// and only a word `pri:` + one capital counts.
  @Test(arguments: [
    ("pri:C", "", "C"),
    ("pri:C Water", "Water", "C"),
    ("Water pri:C plants", "Water plants", "C"),
    ("Water  pri:C", "Water ", "C"),
    ("Water pri:c xpri:C pri:CD pri:", "Water pri:c xpri:C pri:CD pri:", nil),
    ("牛乳 pri:D 🥛", "牛乳 🥛", "D"),
  ] as [(String, String, Character?)])
  func reopeningTakesOutThePriTagWord(_ text: String, _ left: String, _ priority: Character?) {
    var todo = Todo.State(id: id(1), text: text, isComplete: true, completionDate: day)
    todo.toggleCompletion(on: day)
    #expect(todo.text == left && todo.priority == priority, "\(text)")
  }

  @Test func priorityCyclesNoneABCNone() {
    let store = store(Todo.State(id: id(1), text: "Plan"))
    store.send(.priorityCycled) { $0.priority = "A" }
    store.send(.priorityCycled) { $0.priority = "B" }
    store.send(.priorityCycled) { $0.priority = "C" }
    store.send(.priorityCycled) { $0.priority = nil }
  }

  /// From a letter past C, `p` moves on to the next one (it used to drop
  /// a (D) to none); Z goes to none.
  @Test func aLowPriorityFromTheFileMovesOnToTheNextLetter() {
    let store = store(Todo.State(id: id(1), text: "Someday", priority: "D"))
    store.send(.priorityCycled) { $0.priority = "E" }
    let last = self.store(Todo.State(id: id(1), text: "Someday", priority: "Z"))
    last.send(.priorityCycled) { $0.priority = nil }
  }

  @Test func anyPriorityCanBeSetAndRemoved() {
    let store = store(Todo.State(id: id(1), text: "Plan"))
    store.send(.prioritySet("Q")) { $0.priority = "Q" }
    store.send(.prioritySet(nil)) { $0.priority = nil }
    store.send(.prioritySet("q"))
  }

  @Test func completedTodosKeepTheirPriorityTagUnchanged() {
    let store = store(Todo.State(id: id(1), text: "Done pri:A", isComplete: true, completionDate: day))
    store.send(.priorityCycled)
  }

  /// An open todo whose line would start with `x ` reads back done: one
  /// re-opened from `x 2024-05-01 x marks the spot`, or left with `x ` in
  /// front when its priority or first word goes. It is dated today, so
  /// that its line reads back open with its text as it was (it used to be
  /// written `x marks the spot`, done again at the next start).
  @Test(arguments: [
    ("x 2024-05-01 x marks the spot", Todo.Action.toggleCompleteTapped),
    ("(A) x marks the spot", .prioritySet(nil)),
    ("(C) x marks the spot", .priorityCycled),
    ("find x marks the spot", .wordsRemoved("find")),
  ])
  func aTodoLeftOpenWithXInFrontReadsBackOpen(line: String, action: Todo.Action) {
    var todo = TodoTxt.parse(line[...], id: id(1))
    _ = Todo(today: { [day] in day }).reduce(into: &todo, action: action)
    let written = TodoTxt.format(todo)
    #expect(written == "2026-11-21 x marks the spot")
    let read = TodoTxt.parse(written[...], id: id(1))
    #expect(!read.isComplete && read.text == "x marks the spot" && read == todo)
  }

  /// A todo whose line reads back open is not dated; one whose text
  /// starts like a field it lacks takes that field, its line unchanged:
  /// what shows is what the file reads back.
  @Test(arguments: [
    ("x 2024-05-01 xylophone", "xylophone"),
    ("x 2024-05-01 (B) call mom", "(B) call mom"),
    ("x 2024-05-01 2024-04-01 x marks", "2024-04-01 x marks"),
    ("x 2024-05-01 2024-04-30 call mom", "2024-04-30 call mom"),
  ])
  func aReopenedTodoIsWhatItsLineReadsBack(line: String, written: String) {
    var todo = TodoTxt.parse(line[...], id: id(1))
    _ = Todo(today: { [day] in day }).reduce(into: &todo, action: .toggleCompleteTapped)
    #expect(TodoTxt.format(todo) == written)
    #expect(TodoTxt.parse(written[...], id: id(1)) == todo)
    #expect(todo.creationDate != day && !todo.isComplete)
  }

  @Test func aTextThatStartsLikeAPriorityIsOne() {
    var todo = TodoTxt.parse("x 2024-05-01 (B) call mom"[...], id: id(1))
    _ = Todo(today: { [day] in day }).reduce(into: &todo, action: .toggleCompleteTapped)
    #expect(todo.priority == "B" && todo.text == "call mom")
  }

  /// The rules are plain methods on the state (the model has no reducer);
  /// they say whether a priority change took.
  @Test func theRulesArePlainMethodsOnTheState() {
    var todo = Todo.State(id: id(1), text: "Plan", priority: "B")
    todo.toggleCompletion(on: day)
    #expect(todo.isComplete && todo.completionDate == day && todo.text == "Plan pri:B" && todo.priority == nil)
    #expect(!todo.cyclePriority() && !todo.setPriority("A") && todo.priority == nil)
    todo.toggleCompletion(on: day)
    #expect(!todo.isComplete && todo.completionDate == nil && todo.text == "Plan" && todo.priority == "B")
    #expect(todo.cyclePriority() && todo.priority == "C")
    #expect(!todo.setPriority("q") && todo.priority == "C")
    #expect(todo.setPriority(nil) && todo.priority == nil)
  }

  @Test func tagsAreReadFromTheText() {
    let todo = Todo.State(id: id(1), text: "Submit taxes +finance @desk due:2026-12-15 see https://x.org/a:b 10:30")
    #expect(todo.projects == ["+finance"])
    #expect(todo.contexts == ["@desk"])
    #expect(todo.keyValues.map { "\($0.key)=\($0.value)" } == ["due=2026-12-15", "10=30"])
    #expect(todo.dueDate == Day(year: 2026, month: 12, day: 15))
  }

  @Test func aDueTagThatIsNotARealDayIsNoDueDate() {
    #expect(Todo.State(id: id(1), text: "x due:2026-02-30").dueDate == nil)
    #expect(Todo.State(id: id(1), text: "x due:soon").dueDate == nil)
    // One word, by the same rule (a row picks out each due word).
    #expect(Todo.State.dueDate(ofWord: "due:2026-12-15") == Day(year: 2026, month: 12, day: 15))
    for word in ["due:2026-02-30", "due:soon", "due:", "xdue:2026-12-15", "due:2026-12-150", "Due:2026-12-15", "due:\u{301}2026-12-15"] {
      #expect(Todo.State.dueDate(ofWord: word[...]) == nil, "\(word)")
    }
  }
}

struct DayTests {
  @Test func parsesOnlyRealDaysInTheExactFormat() {
    #expect(Day("2024-02-29") == Day(year: 2024, month: 2, day: 29))
    #expect(Day("2023-02-29") == nil)
    #expect(Day("2026-13-01") == nil)
    #expect(Day("2026-1-01") == nil)
    #expect(Day("２０２６-01-01") == nil)
    #expect(Day(year: 7, month: 3, day: 9)?.description == "0007-03-09")
  }

  @Test func theDayOfAnInstantDependsOnTheZone() {
    let tokyo = UTCOffset(seconds: 9 * 3600)
    let lateUTC = Date(timeIntervalSince1970: 1_767_225_600 + 23 * 3600)  // 2026-01-01 23:00 UTC
    #expect(Day(lateUTC, at: .utc).description == "2026-01-01")
    #expect(Day(lateUTC, at: tokyo).description == "2026-01-02")
    #expect(Day(lateUTC, at: UTCOffset(seconds: -24 * 3600)).description == "2025-12-31")
  }
}

struct SeededRandomIDTests {
  @Test func idsAreDistinctVersion4UUIDs() {
    let next = UUID.seededRandom()
    let ids = (0..<10_000).map { _ in next() }
    #expect(Set(ids).count == ids.count)
    for id in ids.prefix(100) {
      let text = id.uuidString
      #expect(Array(text)[14] == "4", "version 4: \(text)")
      #expect("89AB".contains(Array(text)[19]), "RFC 4122 variant: \(text)")
    }
    #expect(UUID.seededRandom()() != UUID.seededRandom()(), "each generator is seeded anew")
  }
}

struct DayOrderTests {
  @Test func packedDaysCompareAsTheirDatesAndGiveTheirFieldsBack() {
    var generator = SeededGenerator(state: 9)
    func randomDay() -> Day {
      while true {
        let year = Int.random(in: 1...9_999, using: &generator)
        if let day = Day(year: year, month: Int.random(in: 1...12, using: &generator), day: Int.random(in: 1...31, using: &generator)) {
          return day
        }
      }
    }
    for _ in 0..<2_000 {
      let a = randomDay(), b = randomDay()
      #expect((a < b) == ((a.year, a.month, a.day) < (b.year, b.month, b.day)), "\(a) \(b)")
      #expect(Day(a.description[...]) == a)
    }
    #expect(Day(year: 2028, month: 2, day: 29)?.description == "2028-02-29")
    #expect(Day(year: 2027, month: 2, day: 29) == nil)
  }
}
