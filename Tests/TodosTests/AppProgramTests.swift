import Architecture
import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport
import VirtualTerminal

/// The program loop that the live session, replay and the benchmarks share:
/// frames, the loading delay, quitting and exit statuses, on virtual time.
@MainActor
struct AppProgramTests {
  let scheduler = TestScheduler(now: startDate)
  let io = TestScheduler(now: startDate)

  private func program(_ disk: InMemoryDisk) -> (AppProgram, VirtualTerminal) {
    program(.inMemory(disk: disk))
  }

  private func program(_ file: TodoFileClient) -> (AppProgram, VirtualTerminal) {
    var environment = AppEnvironment.virtual(scheduler, file: file)
    environment.ioQueue = io
    let program = AppProgram(environment: environment, initialState: AppReducer.State(now: startDate))
    let terminal = VirtualTerminal(size: Size(columns: 40, rows: 8))
    return (program, terminal)
  }

  @Test func aListThatLoadsAtOnceIsTheFirstFrame() {
    let (program, terminal) = program(InMemoryDisk(["todo.txt": "one\n"]))
    program.show(on: terminal)
    program.start()
    #expect(terminal.presents == 0, "nothing to show while loading")
    io.advance()
    #expect(terminal.presents == 1)
    #expect(terminal.lines[1] == " [ ] one")
    program.store.cancelAllEffects()
  }

  /// `q` right after the first frame, before the start has looked at the
  /// history: the program ends only once it has, so another program's
  /// change made while yaru was closed is in the history before the exit
  /// moves the base on (it was lost: the look was cancelled at the exit).
  @Test func aQuitRightAfterTheFirstFrameWaitsForTheHistoryToNoticeAnOutsideChange() {
    let disk = InMemoryDisk(["todo.txt": "Pay rent\nCall mum\n"])
    let history = HistoryClient.inMemory()
    history.keepBase("Pay rent\n")
    var environment = AppEnvironment.virtual(scheduler, file: .inMemory(disk: disk), history: history)
    environment.ioQueue = io
    let program = AppProgram(environment: environment, initialState: AppReducer.State(now: startDate))
    let terminal = VirtualTerminal(size: Size(columns: 40, rows: 8))
    program.show(on: terminal)
    program.start()
    while program.store.state.file.phase != .ready, io.runNextJob() {}
    #expect(terminal.presents == 1)
    program.press(["q"])
    #expect(program.exit == nil, "not while the start's look around is pending")
    io.advance()
    scheduler.advance()
    #expect(program.exit?.status == 0)
    // What the live session does as it ends.
    history.keepBase(ifChanged: program.store.state.file.base)
    #expect(history.read().records.map(\.source) == [HistoryRecord.anotherProgram])
  }

  /// The first frame is followed by a rehearsal of a toggle on a copy of
  /// the state: it leaves no trace in the list, the file, the history or
  /// the ids the next change draws.
  @Test func theRehearsalAfterTheFirstFrameLeavesNoTrace() {
    let disk = InMemoryDisk(["todo.txt": "water plants rec:1d due:2026-11-25\n"])
    let (program, terminal) = program(disk)
    program.show(on: terminal)
    program.start()
    io.advance()
    scheduler.advance(by: .seconds(5))
    io.advance()
    #expect(program.store.state.list.todos.map(\.isComplete) == [false])
    #expect(program.store.state.list.history.undoDepth == 0)
    #expect(disk.file("todo.txt") == "water plants rec:1d due:2026-11-25\n")
    #expect(terminal.lines[1] == " [ ] water plants rec:1d due:2026-11-25")
    program.press(["x"])
    scheduler.advance(by: .seconds(2))
    io.advance()
    #expect(program.store.state.list.todos.count == 2, "the toggle brought the next occurrence")
    #expect(Set(program.store.state.list.todos.map(\.id)).count == 2, "its id is new")
    program.store.cancelAllEffects()
  }

  @Test func aSlowLoadSaysLoadingAfterTheDelay() {
    let (program, terminal) = program(InMemoryDisk(["todo.txt": "one\n"]))
    program.show(on: terminal)
    program.start()
    scheduler.advance(by: FileSync.loadingFrameDelay - .milliseconds(1))
    #expect(terminal.presents == 0)
    scheduler.advance(by: .milliseconds(1))
    #expect(terminal.lines[1] == " Loading…")
    io.advance()
    #expect(terminal.lines[1] == " [ ] one")
    program.store.cancelAllEffects()
  }

  /// A load slow enough to show "Loading…" first is rehearsed once its
  /// list is on screen: it was skipped for good (nothing selected at the
  /// first frame), and the first toggle then met the runtime's types cold.
  @Test func aSlowLoadIsRehearsedOnceItsListIsShown() {
    let (program, terminal) = program(InMemoryDisk(["todo.txt": "one\n"]))
    program.show(on: terminal)
    program.start()
    scheduler.advance(by: FileSync.loadingFrameDelay)
    #expect(terminal.lines[1] == " Loading…")
    #expect(!program.isRehearsed, "nothing to rehearse on yet")
    io.advance()
    #expect(terminal.lines[1] == " [ ] one")
    #expect(program.isRehearsed)
    program.store.cancelAllEffects()
  }

  /// The rehearsal's toggle starts a save, as the first real one does:
  /// the save's code and generic types are then made before a key comes.
  @Test func theRehearsalsToggleStartsASave() throws {
    let (program, terminal) = program(InMemoryDisk(["todo.txt": "one\ntwo\n"]))
    program.show(on: terminal)
    program.start()
    io.advance()
    let state = program.store.state
    let selection = try #require(state.list.selection)
    let rehearsal = AppProgram.rehearsal(state, selection: selection, reducer: program.reducer)
    #expect(rehearsal.state.list.todos.first?.isComplete == true)
    #expect(rehearsal.state.file.isSaving, "the toggle's save started")
    #expect(!program.store.state.file.isSaving, "on a copy")
    program.store.cancelAllEffects()
  }

  @Test func quittingEndsOnceTheLastChangeIsSaved() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let (program, terminal) = program(disk)
    var exits: [AppProgram.Exit] = []
    program.show(on: terminal) { exit, _ in exits.append(exit) }
    program.start()
    io.advance()
    program.press(["x", "q", "j"])
    #expect(exits.isEmpty, "the toggle's save is still running")
    io.advance()
    #expect(exits == [AppProgram.Exit(status: 0, message: nil)])
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\n")
    #expect(program.store.runningEffectCount == 0)
  }

  /// Keys pressed holding their effects are drawn at once; their save
  /// waits for `releaseEffects()` (the live loop calls it when the keys
  /// pause), and a quit among them waits for that save.
  @Test func keysPressedHoldingEffectsAreSavedOnceReleased() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let (program, terminal) = program(disk)
    var exits: [AppProgram.Exit] = []
    program.show(on: terminal) { exit, _ in exits.append(exit) }
    program.start()
    io.advance()
    program.pressHoldingEffects(["x"])
    #expect(terminal.lines[1] == " [x] one", "the frame does not wait")
    program.pressHoldingEffects(["j", "x", "q"])
    io.advance()
    scheduler.advance(by: .seconds(5))
    io.advance()
    #expect(disk.file("todo.txt") == "one\ntwo\n", "held: no save has started")
    #expect(exits.isEmpty)
    program.releaseEffects()
    io.advance()
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\nx 2026-01-01 two\n")
    #expect(exits == [AppProgram.Exit(status: 0, message: nil)])
    #expect(program.store.runningEffectCount == 0)
  }

  @Test func aFileThatCannotBeUsedEndsWithStatus2() {
    let (program, terminal) = program(TodoFileClient(
      path: "todo.txt", load: { () throws(TodoFileError) in throw TodoFileError("Cannot read todo.txt: line 3 is not valid UTF-8") },
      save: { (_, _, _) throws(TodoFileError) in throw TodoFileError("unreachable") }, look: { _ in .gone }
    ))
    var exits: [AppProgram.Exit] = []
    program.start()
    io.advance()
    program.show(on: terminal) { exit, _ in exits.append(exit) }
    #expect(exits == [AppProgram.Exit(status: 2, message: "yaru: Cannot read todo.txt: line 3 is not valid UTF-8")])
    #expect(terminal.presents == 0)
  }
}
