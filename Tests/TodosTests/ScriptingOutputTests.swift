import Foundation
import Testing
@testable import TodoModel

/// `yaru ls --json` and `--ical` as other programs read them: the JSON
/// parsed back gives every line and field exactly (Japanese, emoji, odd
/// tags, escapes), and iCalendar's folding and escaping undo to the text.
struct ScriptingOutputTests {
  static let lines = [
    "(A) 電話する +家族 @携帯 due:2026-12-01 t:2026-11-28 id:1",
    "Buy milk 🥛, eggs; \"fresh\" \\ back @store p:1 p:2",
    "x 2026-11-20 2026-11-01 done +p a:b:c due:nope pri:B",
    "\u{1B}]52;c;ZXZpbA==\u{07} \u{9B}2J tab\there h:1",
    "👨‍👩‍👧 +👪 @🏠 key:値",
  ]

  func listed(_ lines: [String]) -> [ListedTodo] {
    lines.enumerated().map { index, line in
      ListedTodo(line: index + 1, todo: TodoTxt.parse(line[...], id: UUID()), isHidden: index == 3, isBlocked: index == 0)
    }
  }

  @Test func theJSONParsesBackToEveryLineAndField() throws {
    let text = TodoJSON.document(listed(Self.lines))
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(document["version"] as? Int == 1)
    let todos = try #require(document["todos"] as? [[String: Any]])
    #expect(todos.count == Self.lines.count)
    let fields: Set = ["line", "raw", "text", "complete", "priority", "created", "completed", "due", "threshold",
                       "projects", "contexts", "tags", "hidden", "blocked"]
    for (index, todo) in todos.enumerated() {
      #expect(Set(todo.keys) == fields)
      #expect(todo["line"] as? Int == index + 1)
      #expect(todo["raw"] as? String == Self.lines[index])
    }
    #expect(todos[0]["projects"] as? [String] == ["家族"])
    #expect(todos[0]["priority"] as? String == "A")
    #expect(todos[0]["threshold"] as? String == "2026-11-28")
    #expect(todos[0]["blocked"] as? Bool == true)
    #expect(todos[1]["tags"] as? [[String: String]] == [["key": "p", "value": "1"], ["key": "p", "value": "2"]])
    #expect(todos[2]["complete"] as? Bool == true)
    #expect(todos[2]["due"] is NSNull)
    #expect(todos[2]["completed"] as? String == "2026-11-20")
    #expect(todos[3]["hidden"] as? Bool == true)
    #expect(todos[4]["projects"] as? [String] == ["👪"])
    #expect(todos[4]["contexts"] as? [String] == ["🏠"])
    #expect(todos[4]["tags"] as? [[String: String]] == [["key": "key", "value": "値"]])
    // Escapes reach no terminal: not one control byte but the newlines between todos.
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) })
  }

  @Test func anEmptyListIsAnEmptyArray() throws {
    let document = try JSONSerialization.jsonObject(with: Data(TodoJSON.document([]).utf8)) as? [String: Any]
    #expect((document?["todos"] as? [Any])?.isEmpty == true)
  }

  /// Unfolding (dropping each CRLF and the space after it) gives back the
  /// line; no folded line is longer than 75 bytes; no character is cut.
  @Test func foldingRandomLinesKeepsEveryCharacterWhole() {
    var generator = SplitMix64(state: 75)
    let alphabet = ["a", "電", "🥛", "👨‍👩‍👧", "é", " ", ";", "\\", "x"]
    for _ in 0..<500 {
      let line = (0..<Int.random(in: 0...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
      // Unfolded as parsers do, by bytes: a fold may fall inside a
      // cluster of characters (an emoji family) but never inside a
      // character's bytes.
      let folded = Array(TodoCalendar.folded(line).utf8)
      #expect(folded.suffix(2) == [13, 10])
      let parts = folded.dropLast(2).split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
      #expect(parts.dropLast().allSatisfy { $0.last == 13 })
      let pieces = parts.enumerated().map { index, part in index == parts.count - 1 ? part : part.dropLast() }
      #expect(pieces.allSatisfy { $0.count <= 75 })
      #expect(pieces.dropFirst().allSatisfy { $0.first == 32 })
      let unfolded = pieces.first! + pieces.dropFirst().flatMap { $0.dropFirst() }
      #expect(unfolded == Array(line.utf8))
      #expect(pieces.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
    }
  }

  @Test func textIsEscapedAsTheFormatAsks() {
    #expect(TodoCalendar.escaped("a, b; c\\d") == "a\\, b\\; c\\\\d")
    #expect(TodoCalendar.escaped("\u{1B}[2J") == "^[[2J")
  }

  @Test func theCalendarHasOneTodoPerLineWithItsDates() {
    let calendar = TodoCalendar.document(
      listed(Self.lines), stamp: WallClock(year: 2026, month: 11, day: 25, hour: 9, minute: 5), product: "yaru 0.3.0"
    )
    let lines = calendar.components(separatedBy: "\r\n")
    #expect(lines.first == "BEGIN:VCALENDAR" && lines.dropLast().last == "END:VCALENDAR")
    #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == Self.lines.count)
    #expect(lines.contains("DUE;VALUE=DATE:20261201"))
    #expect(lines.contains("DTSTART;VALUE=DATE:20261128"))
    #expect(lines.contains("DTSTAMP:20261125T090500Z"))
    #expect(lines.contains("STATUS:COMPLETED"))
    #expect(lines.contains("CATEGORIES:家族,携帯"))
  }
}
