import Foundation
import Testing
@testable import TodoModel
@testable import Todos

/// The ids an `UndoHistory` gives its records, and which ids it knows:
/// those it made (under every origin it had) and those it read; another
/// run's are new to it.
struct UndoHistoryIDTests {
  private func record(_ id: String) -> HistoryRecord {
    HistoryRecord(id: id, time: Date(timeIntervalSince1970: 0), source: "the shell", kind: .step, summary: "added", hunks: [])
  }

  @Test func itKnowsTheIdsItMadeAndReadAndNoOthers() {
    var history = UndoHistory()
    history.origin = "ab12"
    let first = history.nextID(), second = history.nextID()
    #expect((first, second) == ("ab12.1", "ab12.2"))
    // An earlier run had this origin: the next ids are told apart from its.
    history.restore([record("ab12.9")])
    #expect(history.origin == "ab12+")
    let third = history.nextID()
    #expect(third == "ab12+.3")
    for id in [first, second, third, "ab12.9"] { #expect(history.knows(id), "\(id)") }
    for id in ["ab12.3", "ab12+.1", "ab12.0", "cd34.1", "ab12", "", "ab12.x", "ab1.1", "ab12.01", "ab12.+1"] { #expect(!history.knows(id), "\(id)") }
  }

  @Test func anotherRunsRecordsAreIngestedOnceAndItsOwnNever() {
    var history = UndoHistory()
    history.origin = "ab12"
    let own = record(history.nextID())
    history.ingest([own, record("cd34.1")])
    history.ingest([record("cd34.1")])
    // Only the other run's record became a step, once.
    #expect(history.undoDepth == 1)
    #expect(history.nextUndo?.id == "cd34.1")
  }
}
