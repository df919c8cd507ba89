import Foundation
import Testing
@testable import TodoModel
import Todos
import TodoStorage
import TodoTestSupport

/// The search's fast byte matcher for one word against Foundation's
/// case-insensitive search on the whole line as it shows, which is what it
/// must agree with.
struct CaseInsensitiveTextTests {
  @Test func agreesWithFoundationOnGeneratedLinesAndQueries() {
    var generator = SeededGenerator(state: 7)
    let pieces = ["Buy", "milk", " ", "(", ")", "A", "b", "c", "+home", "@Work", "due:", "牛乳", "🥛", "x", "K", "k", "é"]
    func text(_ count: Int) -> String {
      (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
    var matched = 0
    for _ in 0..<5_000 {
      let priority: Character? = [nil, "A", "B", "Z"].randomElement(using: &generator)!
      let todo = Todo.State(id: UUID(), text: text(Int.random(in: 0...6, using: &generator)), priority: priority)
      let line = priority.map { "(\($0)) " + todo.text } ?? todo.text
      // Queries cut from the line itself (so many match), case flipped at random, or made up.
      var query = text(Int.random(in: 1...2, using: &generator))
      if !line.isEmpty, Bool.random(using: &generator) {
        let characters = Array(line)
        let start = Int.random(in: 0..<characters.count, using: &generator)
        let end = Int.random(in: (start + 1)...characters.count, using: &generator)
        query = String(characters[start..<end])
        if Bool.random(using: &generator) { query = query.uppercased() }
      }
      let expected = line.range(of: query, options: [.caseInsensitive]) != nil
      #expect(CaseInsensitiveText(query).matches(todo) == expected, "query \(query.debugDescription) in \(line.debugDescription)")
      if expected { matched += 1 }
    }
    #expect(matched > 1_000)  // the generator must produce plenty of both answers
  }

  @Test func matchesAcrossThePriorityAndIgnoresCase() {
    let todo = Todo.State(id: UUID(), text: "Call Mum about Sunday", priority: "A")
    for word in ["(a) call", "A", ") c", "MUM"] { #expect(CaseInsensitiveText(word).matches(todo), "\(word)") }
    for word in ["(b)", "sundays"] { #expect(!CaseInsensitiveText(word).matches(todo), "\(word)") }
    #expect(CaseInsensitiveText("牛乳").matches(Todo.State(id: UUID(), text: "牛乳を買う")))
  }

  @Test func aWholeWordIsBetweenSpacesOrTheEnds() {
    #expect(CaseInsensitiveText("due:2026-12-01").isWord(in: "Pay DUE:2026-12-01 now"))
    #expect(CaseInsensitiveText("due:2026-12-01").isWord(in: "due:2026-12-01"))
    #expect(!CaseInsensitiveText("due:2026-12-01").isWord(in: "xdue:2026-12-01"))
    #expect(!CaseInsensitiveText("due:2026-12-0").isWord(in: "due:2026-12-01"))
    #expect(CaseInsensitiveText("場所:東京").isWord(in: "会議 場所:東京"))
  }
}

/// The query language `/` and `yaru ls` share, on Monday 2026-11-23.
struct SearchQueryTests {
  static let today = Day(year: 2026, month: 11, day: 23)!
  static let lines = [
    "(A) Call mom +family @phone due:2026-11-20",
    "(C) Write report +work @office due:2026-11-23",
    "Plan trip +travel due:2026-11-29 place:kyoto",
    "(B) Read book @home due:2026-12-15",
    "x 2026-11-22 Pay rent +home due:2026-11-01 pri:A",
    "Buy milk @shop",
  ]

  private func matching(_ query: String) -> [String] {
    let search = SearchQuery(query, today: Self.today)
    return Self.lines.filter { search.matches(TodoTxt.parse($0[...], id: UUID())) }.map { String($0.prefix(14)) }
  }

  @Test(arguments: [
    ("@office +work", ["(C) Write repo"]),
    ("+work @office", ["(C) Write repo"]),
    ("MOM", ["(A) Call mom +"]),
    ("-+home @", ["(A) Call mom +", "(C) Write repo", "(B) Read book ", "Buy milk @shop"]),
    ("pri:A", ["(A) Call mom +", "x 2026-11-22 P"]),
    ("pri:a-b", ["(A) Call mom +", "(B) Read book ", "x 2026-11-22 P"]),
    ("pri:B-C -report", ["(B) Read book "]),
    ("due:overdue", ["(A) Call mom +"]),
    ("due:today", ["(C) Write repo"]),
    ("due:week", ["(C) Write repo", "Plan trip +tra"]),
    ("place:kyoto", ["Plan trip +tra"]),
    ("place:kyo", []),
    ("due:2026-12-15", ["(B) Read book "]),
    // The completed todo is not overdue, and its `x ` is no part of its text.
    ("-due:overdue -x", ["(C) Write repo", "Plan trip +tra", "(B) Read book ", "x 2026-11-22 P", "Buy milk @shop"]),
    ("", lines.map { String($0.prefix(14)) }),
    ("-", ["(A) Call mom +", "(C) Write repo", "Plan trip +tra", "(B) Read book ", "x 2026-11-22 P"]),
  ])
  func wordsMatchInAnyOrder(_ query: String, _ expected: [String]) {
    #expect(matching(query) == expected, "\(query)")
  }

  /// A completed todo with two `pri:` words shows the priority that
  /// re-opening it brings back: the last, as both read it with TagScan.
  @Test func aCompletedTodosPriorityIsTheOneReopeningRestores() {
    var todo = TodoTxt.parse("x 2026-11-22 pri:A Pay rent pri:B pri:c", id: UUID())
    #expect(SearchQuery("pri:B", today: Self.today).matches(todo))
    #expect(!SearchQuery("pri:A", today: Self.today).matches(todo))
    todo.toggleCompletion(on: Self.today)
    #expect(todo.priority == "B" && todo.text == "pri:A Pay rent pri:c")
  }
}
