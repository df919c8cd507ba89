import Architecture
import ArchitectureTesting
import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// Recurrence as docs/TodoFile.md defines it. The cases are the classes of
/// bug other todo.txt clients shipped (sleek, QTodoTxt2, Simpletask, ttdl):
/// month ends, leap days, strict against normal, the t:–due gap, priority
/// and tags carried over, business days across a weekend.
struct RecurrenceTests {
  @Test(arguments: [
    // (line, completed on, the new todo's line)
    ("Pay rent due:2026-01-31 rec:+1m", "2026-02-03", "2026-02-03 Pay rent due:2026-02-28 rec:+1m"),
    ("Pay rent due:2026-01-31 rec:1m", "2026-02-03", "2026-02-03 Pay rent due:2026-03-03 rec:1m"),
    ("Water plants due:2026-11-20 rec:1w", "2026-11-23", "2026-11-23 Water plants due:2026-11-30 rec:1w"),
    ("Water plants due:2026-11-20 rec:+1w", "2026-11-23", "2026-11-23 Water plants due:2026-11-27 rec:+1w"),
    ("Renew passport due:2024-02-29 rec:+1y", "2024-02-20", "2024-02-20 Renew passport due:2025-02-28 rec:+1y"),
    ("(B) Report +work @desk t:2026-11-25 due:2026-11-27 rec:+1w", "2026-11-27",
     "(B) 2026-11-27 Report +work @desk t:2026-12-02 due:2026-12-04 rec:+1w"),
    ("Review t:2026-11-20 rec:2d", "2026-11-23", "2026-11-23 Review t:2026-11-25 rec:2d"),
    ("Stand-up due:2026-11-27 rec:+1b", "2026-11-27", "2026-11-27 Stand-up due:2026-11-30 rec:+1b"),
    ("Stand-up due:2026-11-27 rec:1b", "2026-11-28", "2026-11-28 Stand-up due:2026-11-30 rec:1b"),
    ("Stretch rec:1d", "2026-11-23", "2026-11-23 Stretch rec:1d due:2026-11-24"),
    ("(A) Backup key:value due:2026-12-31 rec:+3m", "2026-11-23", "(A) 2026-11-23 Backup key:value due:2027-03-31 rec:+3m"),
  ])
  func theNextOccurrence(_ line: String, _ completed: String, _ expected: String) throws {
    let todo = TodoTxt.parse(line[...], id: UUID(number: 1))
    let day = try #require(Day(completed[...]))
    let next = try #require(todo.nextOccurrence(completedOn: day, id: UUID(number: 2)))
    #expect(TodoTxt.format(next) == expected)
  }

  /// `rec:` is read from the bytes; it is what the words (`keyValues`) say.
  @Test(arguments: [
    "a rec:1x:2 rec:1w", "xrec:1d", "rec::1d rec:2d", "  rec:1d  ", "a\trec:1d", "rec:", "rec:1d rec:2w",
    "日本 rec:3d", "rec:+2m", "b rec:1d:", "c  rec:5b",
  ])
  func recurrenceReadFromTheBytesIsTheWords(_ text: String) {
    let todo = Todo.State(id: UUID(number: 1), text: text)
    #expect(todo.recurrence == todo.keyValues.first { $0.key == "rec" }.flatMap { Recurrence($0.value) })
  }

  @Test(arguments: ["Call mom", "rec:0d x", "rec:1x", "rec:", "rec:+w", "x 2026-11-20 Done rec:1d"])
  func noRecurrence(_ line: String) {
    #expect(TodoTxt.parse(line[...], id: UUID(number: 1)).nextOccurrence(completedOn: startDay, id: UUID(number: 2)) == nil)
  }
}

/// A recurring todo's next dates are spliced into its text: the first tag
/// with that key and a tag's value (no colon) changes, every other byte stays.
@Test(arguments: [
  ("pay due:2026-01-01 then due:2026-02-02", "pay due:2026-03-03 then due:2026-02-02"),
  ("due:a:b 牛乳 due:2026-01-01  two  spaces", "due:a:b 牛乳 due:2026-03-03  two  spaces"),
  ("overdue:2026-01-01 due:2026-01-01", "overdue:2026-01-01 due:2026-03-03"),
  ("no tag here", "no tag here"),
])
func replacingATagChangesOnlyItsValue(text: String, expected: String) {
  #expect(text.replacingTag("due", with: "2026-03-03") == expected)
}

/// In the app: the new todo comes right after the completed one, in the
/// same undo step; re-opening takes it away.
@MainActor
struct RecurrenceInTheListTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func completingARecurringTodoAddsTheNextRightAfterItOneUndoStep() {
    let list = IdentifiedArray(uniqueElements: [
      TodoTxt.parse("(A) Pay rent due:2025-12-31 rec:+1m", id: id(101)),
      TodoTxt.parse("Other", id: id(102)),
    ])
    let store = appStore(AppReducer.State(todos: list, now: startDate), on: scheduler)
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    #expect(store.state.list.todos.map(TodoTxt.format) == [
      "x 2026-01-01 Pay rent due:2025-12-31 rec:+1m pri:A",
      "(A) 2026-01-01 Pay rent due:2026-01-31 rec:+1m",
      "Other",
    ])
    store.send(.list(.undo))
    #expect(store.state.list.todos.map(TodoTxt.format) == ["(A) Pay rent due:2025-12-31 rec:+1m", "Other"])
    store.send(.list(.redo))
    #expect(store.state.list.todos.count == 3)
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    #expect(store.state.list.todos.map(TodoTxt.format) == ["(A) Pay rent due:2025-12-31 rec:+1m", "Other"], "re-opened: the new one goes")
    store.cancelAllEffects()
  }
}
