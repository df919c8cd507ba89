import Architecture
import Foundation
import Synchronization
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

/// The history outlives the run: the next run's `u` reaches this run's
/// steps, and another yaru's steps (the shell's) read from the history file.
@MainActor
struct HistoryAcrossRunsTests {
  let scheduler = TestScheduler(now: startDate)

  private func run(_ disk: InMemoryDisk, _ history: HistoryClient) -> Store<AppReducer.State, AppReducer.Action> {
    let store = Store(
      initialState: AppReducer.State(now: scheduler.now),
      reducer: AppReducer(environment: .virtual(scheduler, file: .inMemory(disk: disk), history: history))
    )
    store.send(.started)
    scheduler.advance()
    return store
  }

  private func quit(_ store: Store<AppReducer.State, AppReducer.Action>) {
    store.send(.quit)
    scheduler.advance(by: .seconds(3))
    store.cancelAllEffects()
  }

  @Test func theNextRunUndoesThisRunsStepAndRedoesIt() {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\nCall mum\n"])
    let history = HistoryClient.inMemory()
    let first = run(disk, history)
    first.send(.list(.todo(id: first.state.list.todos[0].id, action: .toggleCompleteTapped)))
    quit(first)
    #expect(history.read().records.map(\.summary) == ["completed \"Pay rent\""], "written once the save is done")

    let second = run(disk, history)
    second.send(.list(.undo))
    #expect(second.state.flash == "Undone — Ctrl-R redoes")
    quit(second)
    #expect(disk.file("todo.txt") == "Pay rent\nCall mum\n")

    let third = run(disk, history)
    third.send(.list(.redo))
    quit(third)
    #expect(disk.file("todo.txt") == "x 2026-01-01 Pay rent\nCall mum\n")
    #expect(history.read().records.map(\.kind.name) == ["step", "undo", "redo"])
  }

  @Test func anotherYarusStepIsUndoneHereAndNotCountedAsAnotherProgram() {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\n"])
    let history = HistoryClient.inMemory()
    let store = run(disk, history)
    // `yaru add` in a shell: the file, then its record.
    disk.replace("todo.txt", with: "Pay rent\n2026-01-01 Buy milk\n")
    _ = history.append([HistoryRecord(
      id: "shell.1", time: startDate, source: "yaru add", kind: .step, summary: "added \"Buy milk\"",
      hunks: [LineHunk(at: 1, above: "Pay rent", below: nil, removed: [], added: ["2026-01-01 Buy milk"])]
    )])
    scheduler.advance(by: .seconds(3))
    #expect(store.state.list.todos.map(\.text) == ["Pay rent", "Buy milk"])
    store.send(.list(.undo))
    scheduler.advance(by: .seconds(3))
    #expect(disk.file("todo.txt") == "Pay rent\n")
    #expect(history.read().records.map(\.source) == ["yaru add", "this screen"], "no record of another program")
  }

  @Test func anotherProgramsChangeIsRecordedAsItsOwn() {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\n"])
    let history = HistoryClient.inMemory()
    let store = run(disk, history)
    disk.replace("todo.txt", with: "Pay rent\nfrom todo.sh\n")
    scheduler.advance(by: .seconds(3))
    #expect(store.state.list.todos.count == 2)
    let records = history.read().records
    #expect(records.map(\.source) == ["another program"])
    #expect(records.map(\.summary) == ["added \"from todo.sh\""])
  }

  /// The start's load sends the list and is done: the history is looked
  /// at (another program's change noticed, the records read) only once the
  /// list has been taken, so that this work, on the I/O thread, does not
  /// hold up the first frame. Here the main thread is busy (effects held)
  /// when the load ends.
  @Test func theHistoryIsLookedAtOnlyAfterTheLoadedListIsTaken() {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\n"])
    let history = HistoryClient.inMemory()
    let looks = Mutex(0)
    let counting = HistoryClient(
      read: history.read, append: history.append,
      base: { looks.withLock { $0 += 1 }; return history.base() }, keepBase: history.keepBase
    )
    let store = Store(
      initialState: AppReducer.State(now: scheduler.now),
      reducer: AppReducer(environment: .virtual(scheduler, file: .inMemory(disk: disk), history: counting))
    )
    store.send(.started)
    store.holdEffects()
    scheduler.advance()
    #expect(store.state.file.phase == .loading)
    #expect(looks.withLock { $0 } == 0, "the load did not go on to the history")
    store.releaseEffects()
    scheduler.advance()
    #expect(store.state.file.phase == .ready)
    #expect(looks.withLock { $0 } == 1)
    store.cancelAllEffects()
  }

  @Test func aDamagedHistoryIsSaidOnceAndTheListOpens() {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\n"])
    let damaged = HistoryClient(
      read: { HistoryReading(records: [], warning: "History partly unreadable (h): kept what could be read") },
      append: { _ in "History not written: h is locked" }
    )
    let store = run(disk, damaged)
    #expect(store.state.flash == "History partly unreadable (h): kept what could be read")
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance(by: .seconds(3))
    #expect(disk.file("todo.txt") == "x 2026-01-01 Pay rent\n", "saved all the same")
    #expect(store.state.file.hasWarnedAboutHistory)
  }
}

extension HistoryRecord.Kind {
  var name: String {
    switch self {
    case .step: "step"
    case .undo: "undo"
    case .redo: "redo"
    case .outside: "outside"
    }
  }
}
