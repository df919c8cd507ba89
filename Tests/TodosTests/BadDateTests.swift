import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// A `due:` or `t:` that is neither a date nor a shortcut: refused when a
/// line is typed (the todo would silently have no date), marked and left as
/// it is when the file has it.
@MainActor
struct BadDateTests {
  @Test(arguments: [
    ("Call mom due:tomorow", "due:tomorow"),
    ("Pay due:2026-02-30", "due:2026-02-30"),
    ("Plan due:nextweek", "due:nextweek"),
    ("Plan due:+1", "due:+1"),
    ("Gym t:someday due:fri", "t:someday"),
    ("Gym due:fri t:2026-13-01", "t:2026-13-01"),
  ])
  func aValueThatIsNoDateIsFound(_ line: String, _ word: String) {
    #expect(DateShortcut.firstNonDate(in: line, today: startDay) == word[...])
  }

  /// Dates, shortcuts, other keys and words that are no tag at all pass.
  @Test(arguments: [
    "Pay due:2026-02-28 t:2026-02-20", "Call due:tomorrow t:today", "Gym due:fri t:+3d", "Report due:+2b",
    "Due:tomorow is another key", "duebefore:2026-12-01", "due: alone", "at due:10:30", "no tags at all",
  ])
  func datesAndOtherWordsPass(_ line: String) {
    #expect(DateShortcut.firstNonDate(in: line, today: startDay) == nil, "\(line)")
  }

  /// In the file only a real date is one: a shortcut another tool left
  /// there gives the todo no date either.
  @Test func aRowMarksTagsThatAreNoDate() {
    for word in ["due:tomorow", "due:2026-02-30", "t:tomorrow", "due:fri"] { #expect(Todo.State.isNonDateTag(word[...]), "\(word)") }
    for word in ["due:2026-02-28", "t:2026-01-01", "dues:x", "+due:x", "due:"] { #expect(!Todo.State.isNonDateTag(word[...]), "\(word)") }
  }

  @Test func enterKeepsTheLineOpenAndSaysWhy() {
    let scheduler = TestScheduler(now: startDate)
    let store = appStore(.loaded(["Water plants"]), on: scheduler)
    store.send(.addTodo(.top))
    store.send(.editor(.insert("Call mom due:tomorow +family")))
    store.send(.commitEdit)
    guard case .editing(let editing) = store.state.mode else { Issue.record("closed: \(store.state.mode)"); return }
    #expect(editing.showsNonDates)
    #expect(editing.editor.cursor == "Call mom due:tomorow".count, "the cursor goes after the word")
    #expect(store.state.editRefusal == "due:tomorow is not a date — use 2026-12-01, tomorrow, fri, +3d")
    #expect(store.state.list.todos.map(\.text) == ["", "Water plants"], "nothing committed")
    #expect(screen(store.state).contains { $0.hasPrefix(" due:tomorow is not a date") })
    // Fixed, the reason goes at once, and Enter saves the date.
    store.send(.editor(.deleteWordBackward))
    #expect(store.state.editRefusal == nil)
    store.send(.editor(.insert("due:tomorrow")))
    store.send(.commitEdit)
    #expect(store.state.mode == .list)
    #expect(store.state.list.todos.map(\.text) == ["Call mom due:2026-01-02 +family", "Water plants"])
  }

  /// A line from the file with a bad date, opened and closed unchanged, is
  /// no change; changed, it is refused as a typed one is.
  @Test func anUnchangedLineClosesAndAChangedOneIsRefused() {
    let scheduler = TestScheduler(now: startDate)
    let store = appStore(.loaded(["Pay rent due:2026-02-30"]), on: scheduler)
    store.send(.list(.select(id(101))))
    store.send(.editSelected)
    store.send(.commitEdit)
    #expect(store.state.mode == .list)
    store.send(.editSelected)
    store.send(.editor(.insert(" +home")))
    store.send(.commitEdit)
    #expect(store.state.editRefusal?.hasPrefix("due:2026-02-30 is not a date") == true)
    store.send(.cancelEdit)
    #expect(store.state.list.todos.map(\.text) == ["Pay rent due:2026-02-30"])
  }

  /// `yaru add`'s path: refused, with the reason, and the list as it was.
  @Test func theShellsAddIsRefusedWithTheReason() {
    let app = HeadlessApp(.loaded(["Water plants"]), uuid: { UUID() })
    #expect(app.add("Call mom due:2026-02-30") == nil)
    #expect(app.refusal == "due:2026-02-30 is not a date — use 2026-12-01, tomorrow, fri, +3d")
    #expect(app.state.list.todos.map(\.text) == ["Water plants"])
    #expect(app.add("Call mom due:fri")?.text == "Call mom due:2026-01-02")
    #expect(app.refusal == nil)
  }
}
