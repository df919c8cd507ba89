import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// At 40 columns nothing that matters is cut: due dates, the order in the
/// header, the end of a message ("u to undo"); the editor shows `…` where
/// its line goes on past either edge.
@MainActor
struct NarrowScreenTests {
  private func screen(_ state: AppReducer.State, _ columns: Int = 40, _ rows: Int = 10) -> [String] {
    AppView.render(state, Size(columns: columns, rows: rows)).lines
  }

  @Test func aRowTooNarrowShortensItsTextNotItsDueDate() {
    let state = AppReducer.State.loaded([
      "Plan the trip to Kyoto with friends due:2026-01-02",
      "Call the bank about the new credit due:2025-12-20 +money @phone",
      "(B) 京都への旅行を計画する 友達と一緒に due:2026-01-20",
      "Pay rent due:2026-01-20 and a long tail that goes on and on",
      "x 2026-01-01 Send the long quarterly report to everyone due:2026-01-02",
    ])
    let lines = screen(state)
    #expect(lines[1] == " [ ] Plan the trip to Ky… due:2026-01-02")
    #expect(lines[2] == " [ ] Call the bank about… due:2025-12-20", "the words after it give way too")
    #expect(lines[3] == " [ ] (B) 京都への旅行を… due:2026-01-20")
    #expect(lines[4] == " [ ] Pay rent due:2026-01-20 and a long…", "a date before the cut stays where it is")
    #expect(lines[5] == " [x] Send the long quart… due:2026-01-02")
    let frame = AppView.render(state, Size(columns: 40, rows: 10))
    #expect((26..<40).allSatisfy { frame[$0, 1].style.foreground == .yellow }, "still coloured as a date: tomorrow")
    #expect(frame[26, 2].style == Style(bold: true, foreground: .red), "overdue")
    #expect(screen(state, 80, 10)[1] == " [ ] Plan the trip to Kyoto with friends due:2026-01-02 (tomorrow)", "room: as it was")
  }

  @Test func theHeaderKeepsTheOrderWholeAndDropsTheNameAndTheClockFirst() {
    var state = AppReducer.State.loaded(["one"])
    #expect(screen(state)[0] == " yaru  [All] Active  Completed    09:00", "what fits stays")
    state.list.showsHidden = true
    #expect(screen(state, 44)[0] == " [All] Active  Completed   +hidden    09:00", "the name goes first")
    #expect(screen(state)[0] == " [All] Active  Completed   +hidden", "then the clock")
    state.list.showsHidden = false
    state.list.order = .dueDate
    #expect(screen(state)[0] == " [All] Active  Completed   by due date")
    #expect(screen(state, 80)[0] == " yaru  [All] Active  Completed   by due date                              09:00")
    state.list.showsHidden = true
    #expect(screen(state)[0] == " [All] Active  Completed   by due date", "+hidden gives way to the order")
    #expect(screen(state, 50)[0] == " [All] Active  Completed   by due date +hidden")
    state.search.views = [.init(name: "groceries", query: "+shop")]
    state.search.text = "+shop"
    #expect(screen(state, 60)[0] == " [All] Active  Completed   by due date +hidden view groceri…", "a view's name is shortened")
    #expect(screen(state, 50)[0] == " [All] Active  Completed   by due date view groce…", "then +hidden goes")
    #expect(screen(state, 40)[0] == " [All] Active  Completed   by due date", "then the view")
    state.list.filter = .completed
    #expect(screen(state, 30)[0] == "  All  Active [Completed]  by…", "30 columns: the filters come first")
  }

  /// With the name gone, the filters moved left: a click finds them there.
  @Test func aClickFindsTheFiltersWhereTheNarrowHeaderPutThem() {
    var state = AppReducer.State.loaded(["one"])
    state.list.order = .priority
    state.screenSize = Size(columns: 40, rows: 10)
    let row = screen(state)[0]
    let active = row.distance(from: row.startIndex, to: row.firstRange(of: "Active")!.lowerBound)
    #expect(AppView.action(forClickAt: active, row: 0, in: state) == .list(.showFilter(.active)))
    state.screenSize = Size(columns: 80, rows: 10)
    #expect(AppView.action(forClickAt: active, row: 0, in: state) == .list(.showFilter(.all)), "at 80 the name is there")
  }

  @Test func aMessageKeepsItsEndAndShortensTheQuotedTodo() {
    var state = AppReducer.State.loaded(["one"])
    state.flash = "Deleted \"Buy bread and milk at the corner shop\" — u to undo"
    #expect(screen(state)[9] == " 1 item left · Deleted \"Bu…\" — u to undo", "the calm 'saved' makes room")
    #expect(screen(state, 60)[9] == " 1 item left · Deleted \"Buy bread and milk at…\" — u to undo")
    state.file.saveError = "disk full"
    #expect(screen(state, 50)[9] == " 1 item left · NOT SAVED · Deleted \"…\" — u to undo", "a warning stays")
    state.flash = "Nothing to undo"
    #expect(screen(state, 44)[9] == " 1 item left · NOT SAVED · Nothing to undo")
  }

  @Test(arguments: [
    ("Deleted \"Buy bread and milk\" — u to undo", 23, "Deleted \"…\" — u to undo"),
    ("Deleted \"Buy bread and milk\" — u to undo", 27, "Deleted \"Buy…\" — u to undo"),
    ("Deleted \"牛乳を買う\" — u to undo", 27, "Deleted \"牛乳…\" — u to undo"),
    ("Deleted \"牛乳を買う\" — u to undo", 26, "Deleted \"牛…\" — u to undo"),
    ("Deleted \"Buy bread and milk\" — u to undo", 20, "Deleted… — u to undo"),
    ("Cleared 3 completed todos — u to undo (A archives)", 26, "Cleared 3 com… — u to undo"),
    ("Added — hidden until 2026-12-01 (H shows hidden)", 32, "Added — hidden until 2026-12-01"),
    ("J/K move lines in the file's order: s back to manual", 20, "J/K move lines in t…"),
    ("Nothing to undo", 20, "Nothing to undo"),
  ])
  func messagesGiveWayFromTheMiddle(_ message: String, _ width: Int, _ expected: String) {
    let fitted = MessageFit.fit(message, width: width)
    #expect(fitted == expected)
    #expect(DisplayWidth.of(fitted) <= width)
  }

  @Test func theEditorShowsAnEllipsisWhereItsLineGoesOn() {
    var state = AppReducer.State.loaded(["one"])
    let line = "a very long new todo text that scrolls far to the left here"
    state.mode = .editing(.init(id: id(101), isNew: false, selectionBefore: nil))
    state.editor = LineEditor.State(text: line, cursor: line.count)
    var frame = AppView.render(state, Size(columns: 40, rows: 10))
    #expect(frame.text(row: 1) == " [ ] …that scrolls far to the left here")
    #expect(frame.cursor?.column == 39, "after the last letter")
    state.editor = LineEditor.State(text: line, cursor: 0)
    frame = AppView.render(state, Size(columns: 40, rows: 10))
    #expect(frame.text(row: 1) == " [ ] a very long new todo text that scr…")
    state.editor = LineEditor.State(text: line, cursor: 40)
    frame = AppView.render(state, Size(columns: 40, rows: 10))
    #expect(frame.text(row: 1) == " [ ] …ong new todo text that scrolls fa…", "both ends")
    #expect(frame.cursor?.column == 38 && frame.grapheme(column: 38, row: 1) == "a", "the letter under the cursor shows")
  }
}
