import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// The codec never loses a byte: fixtures and generated lines round-trip.
struct TodoTxtTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  private func fixture(_ name: String) throws -> String {
    try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
  }

  @Test(arguments: ["sample-todo.txt", "hard-cases.txt", "crlf.txt"])
  func fixturesRoundTripByteForByte(_ name: String) throws {
    let text = try fixture(name)
    let list = TodoList(parsing: text, makeID: UUID.incrementing())
    #expect(list.formatted() == text)
  }

  @Test func aFileWithoutAFinalNewlineGetsOneOnlyWhenRewritten() throws {
    let list = TodoList(parsing: try fixture("no-final-newline.txt"), makeID: UUID.incrementing())
    #expect(list.todos.map(\.text) == ["no newline at the end"])
    #expect(list.formatted() == "no newline at the end\n")
  }

  /// todo.sh leaves a blank line where it deletes a todo: it stays, so
  /// that item numbers (line numbers) stay put, and it is never a todo.
  @Test func blankLinesAreKeptInPlace() {
    let list = TodoList(parsing: "one\n\n   \ntwo\n", makeID: UUID.incrementing())
    #expect(list.formatted() == "one\n\n   \ntwo\n")
    #expect(list.todos.map(\.isBlankLine) == [false, true, true, false])
    #expect(TodoList.lines(of: "a\n\nb\n") == ["a", "", "b"])
  }

  @Test func onlyAnEmptyActiveLineIsBlank() {
    #expect(TodoTxt.parse("(A) ", id: UUID.incrementing()()).isBlankLine == false)
    #expect(TodoTxt.parse("x 2026-01-01 ", id: UUID.incrementing()()).isBlankLine == false)
    #expect(TodoTxt.parse(" \t", id: UUID.incrementing()()).isBlankLine)
  }

  @Test func theSampleIsUnderstood() throws {
    let todos = TodoList(parsing: try fixture("sample-todo.txt"), makeID: UUID.incrementing()).todos
    #expect(todos[0].priority == "A")
    #expect(todos[0].creationDate == Day(year: 2026, month: 11, day: 18))
    #expect(todos[0].projects == ["+finance"])
    #expect(todos[0].dueDate == Day(year: 2026, month: 12, day: 15))
    #expect(todos[2].creationDate == Day(year: 2026, month: 11, day: 19))
    #expect(todos[2].text == "買い物リストを作る +家事 @スーパー")
    #expect(todos[4].isComplete && todos[4].completionDate == Day(year: 2026, month: 11, day: 20))
    #expect(todos[4].creationDate == Day(year: 2026, month: 11, day: 10))
    #expect(todos[5].isComplete && todos[5].text == "Water the plants pri:C")
    #expect(todos[9].priority == "Z")
  }

  @Test func crlfFilesKeepTheirLineEndings() throws {
    let list = TodoList(parsing: try fixture("crlf.txt"), makeID: UUID.incrementing())
    #expect(list.shape.lineEnding == "\r\n")
    #expect(list.todos.map(\.text) == ["first line", "second line", "third"])
  }

  /// A file edited on two systems: each line keeps its own ending, also
  /// when another line changes (one toggle used to make every line CRLF).
  @Test func mixedLineEndingsAreKeptLineByLine() {
    var list = TodoList(parsing: "one\r\ntwo\nthree\n", makeID: UUID.incrementing())
    #expect(list.todos.map(\.text) == ["one", "two", "three"])
    #expect(list.formatted() == "one\r\ntwo\nthree\n")
    list.todos[2].isComplete = true
    #expect(list.formatted() == "one\r\ntwo\nx three\n")
  }

  /// Classic Mac files end lines with a lone CR: they used to load as one todo.
  @Test func carriageReturnOnlyFilesSplitIntoLines() {
    let list = TodoList(parsing: "one\rtwo\r", makeID: UUID.incrementing())
    #expect(list.todos.map(\.text) == ["one", "two"])
    #expect(list.formatted() == "one\rtwo\r")
  }

  /// A byte order mark is not part of the first todo (whose priority it
  /// used to hide), and it is written back where it was.
  @Test func aByteOrderMarkIsKeptOutOfTheFirstTodo() {
    let list = TodoList(parsing: "\u{FEFF}(A) first\nsecond\n", makeID: UUID.incrementing())
    #expect(list.todos[0].priority == "A" && list.todos[0].text == "first")
    #expect(list.formatted() == "\u{FEFF}(A) first\nsecond\n")
    #expect(TodoList.lines(of: "\u{FEFF}(A) first\n") == ["(A) first"])
  }

  /// The prefix (`x`, dates, `(A)`) is read from the bytes: what is not
  /// exactly one stays part of the text.
  @Test func thePrefixIsReadExactlyAndTheRestIsText() {
    func read(_ line: String) -> (Bool, Character?, String?, String?, String) {
      let todo = TodoTxt.parse(line[...], id: UUID.incrementing()())
      return (todo.isComplete, todo.priority, todo.completionDate?.description, todo.creationDate?.description, todo.text)
    }
    #expect(read("(A) 2026-01-02 牛乳を買う +買い物") == (false, "A", nil, "2026-01-02", "牛乳を買う +買い物"))
    #expect(read("x 2026-01-03 2026-01-02 done") == (true, nil, "2026-01-03", "2026-01-02", "done"))
    #expect(read("x 2026-01-03 done") == (true, nil, "2026-01-03", nil, "done"))
    #expect(read("(a) lower") == (false, nil, nil, nil, "(a) lower"))
    #expect(read("(A)no space") == (false, nil, nil, nil, "(A)no space"))
    #expect(read("x2026-01-01 word") == (false, nil, nil, nil, "x2026-01-01 word"))
    #expect(read("2026-13-01 impossible") == (false, nil, nil, nil, "2026-13-01 impossible"))
    #expect(read("2026-01-01") == (false, nil, nil, nil, "2026-01-01"))
    #expect(read("x 2026-01-01") == (true, nil, nil, nil, "2026-01-01"))
    #expect(read("(B) 👍") == (false, "B", nil, nil, "👍"))
  }

  @Test func generatedLinesRoundTrip() {
    var generator = SeededGenerator(state: 7)
    let pieces = ["x ", "x", "(A) ", "(Z) ", "(a) ", "2026-11-21 ", "2026-02-29 ", "2024-02-29 ", "9999-12-31 ",
                  "+p ", "@c ", "due:2026-01-01 ", "牛乳 ", "👩‍💻 ", "e\u{301} ", " ", "  ", "\t", "(", ")", "word "]
    for _ in 0..<5_000 {
      let line = (0..<Int.random(in: 1...8, using: &generator))
        .map { _ in pieces.randomElement(using: &generator)! }.joined()
      let todo = TodoTxt.parse(line[...], id: id(1))
      #expect(TodoTxt.format(todo) == line, "\(line.debugDescription)")
    }
  }

  @Test func generatedTodosRoundTrip() {
    var generator = SeededGenerator(state: 11)
    let days = [nil, Day(year: 2026, month: 1, day: 31), Day(year: 2000, month: 2, day: 29)]
    let texts = ["Buy milk", "牛乳を買う 🥛", "call +work @phone due:2026-03-01", "pri:B done", "2026 is a year"]
    for _ in 0..<2_000 {
      let complete = Bool.random(using: &generator)
      let completion = complete ? days.randomElement(using: &generator)! : nil
      let todo = Todo.State(
        id: id(1), text: texts.randomElement(using: &generator)!, isComplete: complete,
        priority: complete ? nil : ["A", "M", nil].randomElement(using: &generator)!,
        // A completed todo has a creation date only after its completion date.
        creationDate: complete && completion == nil ? nil : days.randomElement(using: &generator)!,
        completionDate: completion
      )
      #expect(TodoTxt.parse(TodoTxt.format(todo)[...], id: id(1)) == todo)
    }
  }

  /// A save fingerprints the lines it replaced from the text's bytes: the
  /// same as hashing each line `lines(of:)` gives, whatever the endings.
  @Test func lineFingerprintsAreTheHashesOfTheLines() {
    var generator = SplitMix64(state: 20_261_128)
    let pieces = ["a", "牛乳", "👍🏽", " ", "\n", "\r\n", "\r", "x 2026-11-28 ", "\u{FEFF}"]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      #expect(TodoList.lineFingerprints(of: text) == TodoList.lines(of: text).map { LineFingerprint.of($0.utf8) }, "\(text.debugDescription)")
    }
  }
}
