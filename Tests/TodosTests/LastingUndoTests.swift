import Architecture
import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// Undo works by content: another program's change to other lines leaves
/// every step undoable; a change to a step's own lines makes undo refuse,
/// naming the line and who changed it, and change nothing.
@MainActor
struct LastingUndoTests {
  let scheduler = TestScheduler(now: startDate)

  private func started(_ text: String) -> (InMemoryDisk, Store<AppReducer.State, AppReducer.Action>) {
    let disk = InMemoryDisk(["todo.txt": text])
    return (disk, startedStore(.inMemory(disk: disk), on: scheduler))
  }

  /// Lets the watch notice the file and the merge and the save run.
  private func settle() { scheduler.advance(by: .seconds(3)) }

  @Test func aStepStaysUndoableAfterAnotherProgramAppends() {
    let (disk, store) = started("Pay rent\nCall mum\n")
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    settle()
    #expect(disk.file("todo.txt") == "x 2026-01-01 Pay rent\nCall mum\n")
    disk.replace("todo.txt", with: "Water plants\nx 2026-01-01 Pay rent\nCall mum\nBuy milk\n")
    settle()
    #expect(store.state.list.todos.map(TodoTxt.format) == ["Water plants", "x 2026-01-01 Pay rent", "Call mum", "Buy milk"])
    store.send(.list(.undo))
    #expect(store.state.flash == "Undone — Ctrl-R redoes")
    settle()
    #expect(disk.file("todo.txt") == "Water plants\nPay rent\nCall mum\nBuy milk\n", "their lines stay, the step is undone")
    store.send(.list(.redo))
    settle()
    #expect(disk.file("todo.txt") == "Water plants\nx 2026-01-01 Pay rent\nCall mum\nBuy milk\n")
  }

  @Test func aDeletedTodoComesBackBetweenItsNeighboursAfterLinesMoved() {
    let (disk, store) = started("one\ntwo\nthree\n")
    store.send(.list(.selectNext))
    store.send(.list(.deleteSelected))
    settle()
    disk.replace("todo.txt", with: "zero\none\nthree\n")
    settle()
    store.send(.list(.undo))
    settle()
    #expect(disk.file("todo.txt") == "zero\none\ntwo\nthree\n")
    #expect(store.state.list.selectedTodo?.text == "two", "the selection goes back to the todo that came back")
  }

  @Test func aStepWhoseLineAnotherProgramChangedIsNotUndone() {
    let (disk, store) = started("Pay rent\nCall mum\n")
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    settle()
    disk.replace("todo.txt", with: "x 2026-01-01 Pay rent twice\nCall mum\n")
    settle()
    let before = store.state.list.todos
    store.send(.list(.undo))
    #expect(store.state.flash == "Not undone: \"Pay rent\" was changed by another program")
    #expect(store.state.list.todos == before)
    settle()
    #expect(disk.file("todo.txt") == "x 2026-01-01 Pay rent twice\nCall mum\n", "nothing is written")
    #expect(store.state.list.history.canUndo, "the step stays, in case the line comes back")
  }

  @Test func aMultiLineStepRefusedHalfwayChangesNothing() {
    let (disk, store) = started("a\nx 2026-01-01 b\nc\nx 2026-01-01 d\n")
    store.send(.list(.clearCompleted))
    settle()
    #expect(disk.file("todo.txt") == "a\nc\n")
    disk.replace("todo.txt", with: "a\n")  // c, the line between the two holes, is gone
    settle()
    store.send(.list(.undo))
    settle()
    #expect(disk.file("todo.txt") == "a\nx 2026-01-01 b\nx 2026-01-01 d\n", "both come back, next to what is left")
  }
}
