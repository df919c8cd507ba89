import Foundation
import Testing
@testable import TodoModel
import Todos
import TodoStorage
import TodoTestSupport

/// The search's fast byte matcher against Foundation's case-insensitive
/// search on the whole line as it shows, which is what it must agree with.
struct SearchTests {
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
      #expect(todo.matches(query) == expected, "query \(query.debugDescription) in \(line.debugDescription)")
      if expected { matched += 1 }
    }
    #expect(matched > 1_000)  // the generator must produce plenty of both answers
  }

  @Test func matchesAcrossThePriorityAndIgnoresCase() {
    let todo = Todo.State(id: UUID(), text: "Call Mum about Sunday", priority: "A")
    #expect(todo.matches("(a) call"))
    #expect(todo.matches("A"))
    #expect(todo.matches(") c"))
    #expect(todo.matches("MUM"))
    #expect(!todo.matches("(b)"))
    #expect(!todo.matches("sundays"))
    #expect(Todo.State(id: UUID(), text: "牛乳を買う").matches("牛乳"))
  }
}
