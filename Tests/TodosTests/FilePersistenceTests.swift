import Architecture
import ArchitectureTesting
import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// The app and its file, on an in-memory disk and virtual time: load at
/// start, save after every committed change, failures, outside edits.
@MainActor
struct FilePersistenceTests {
  let scheduler = TestScheduler(now: startDate)

  /// `ioQueue`: where file work runs, when not on `scheduler` with the rest.
  private func store(_ disk: InMemoryDisk, ioQueue: TestScheduler? = nil) -> Store<AppReducer.State, AppReducer.Action> {
    var environment = AppEnvironment.virtual(scheduler, file: .inMemory(disk: disk))
    if let ioQueue { environment.ioQueue = ioQueue }
    return Store(initialState: AppReducer.State(now: startDate), reducer: AppReducer(environment: environment))
  }

  /// A store that has started and loaded `disk`'s file.
  private func loadedStore(_ disk: InMemoryDisk) -> Store<AppReducer.State, AppReducer.Action> {
    let store = store(disk)
    store.send(.started)
    scheduler.advance()
    return store
  }

  private func type(_ text: String, into store: Store<AppReducer.State, AppReducer.Action>) {
    for character in text { store.send(.editor(.insert(String(character)))) }
  }

  @Test func loadsAtStartThenSavesEachCommittedChange() {
    let disk = InMemoryDisk(["todo.txt": "(A) one\ntwo\n"])
    let store = store(disk)
    store.send(.started)
    #expect(store.state.file.phase == .loading)
    scheduler.advance()
    #expect(store.state.file.phase == .ready)
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
    #expect(store.state.list.selection == store.state.list.todos[0].id)

    store.send(.addTodo(.top))
    type("three", into: store)
    scheduler.advance()
    #expect(disk.file("todo.txt") == "(A) one\ntwo\n", "an unfinished add is not saved")
    store.send(.commitEdit)
    scheduler.advance()
    #expect(disk.file("todo.txt") == "2026-01-01 three\n(A) one\ntwo\n")
    #expect(!store.state.hasUnsavedChanges)
    store.cancelAllEffects()
  }

  @Test func anUnchangedListIsNeverWritten() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    store.send(.list(.moveSelected(.down)))
    store.send(.list(.moveSelected(.up)))
    scheduler.advance()
    // Two saves ran, but the second found the same bytes and left the file alone.
    #expect(disk.file("todo.txt") == "one\ntwo\n")
    store.send(.quit)
    scheduler.advance()
    #expect(store.state.canExit)
  }

  @Test func aBurstOfChangesDuringASaveBecomesOneMoreSave() {
    let disk = InMemoryDisk(["todo.txt": "a\nb\nc\n"])
    let store = loadedStore(disk)
    store.send(.list(.deleteSelected))
    #expect(store.state.file.isSaving)
    store.send(.list(.deleteSelected))
    store.send(.list(.deleteSelected))
    scheduler.advance()
    #expect(store.state.list.revision == 3)
    #expect(store.state.file.savedRevision == 3)
    #expect(disk.file("todo.txt") == "")
    store.cancelAllEffects()
  }

  @Test func theStatusBarSaysSavingOnlyForASaveStillRunningAtAClockTick() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    // Saves run on their own virtual queue, so that one can outlast a tick.
    let io = TestScheduler(now: startDate)
    let store = store(disk, ioQueue: io)
    func status() -> String { AppView.render(store.state, Size(columns: 80, rows: 24)).lines[23] }
    store.send(.started)
    io.advance()
    scheduler.advance()

    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    #expect(store.state.file.isSaving)
    #expect(status().contains("· saved"), "a save that ends before the tick is never drawn")
    io.advance()
    scheduler.advance(by: .seconds(1))
    #expect(!store.state.file.isSaving && status().contains("· saved"))

    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance(by: .seconds(1))
    #expect(store.state.file.isSaving)
    #expect(status().contains("· saving…"), "still saving at the tick")
    io.advance()
    scheduler.advance()
    #expect(status().contains("· saved"), "and saved as soon as it is done")
    #expect(disk.file("todo.txt") == "one\n")
    store.cancelAllEffects()
  }

  @Test func aFailedSaveKeepsTheListRetriesAndAsksBeforeQuitting() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = loadedStore(disk)
    disk.failSaves(with: TodoFileError("Cannot save todo.txt: No space left on device"))
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance()
    #expect(store.state.file.saveError == "Cannot save todo.txt: No space left on device")
    #expect(store.state.flash == "Not saved: Cannot save todo.txt: No space left on device — retrying")
    #expect(disk.file("todo.txt") == "one\n")
    #expect(store.state.list.todos[0].isComplete)

    store.send(.quit)
    #expect(!store.state.isQuitting, "the first q asks")
    #expect(store.state.flash?.hasPrefix("Changes are not saved") == true)

    disk.failSaves(with: nil)
    scheduler.advance(by: .seconds(2))
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\n")
    #expect(store.state.file.saveError == nil)
    store.send(.quit)
    scheduler.advance()
    #expect(store.state.canExit)
  }

  /// `one` completed while every save meets another program's write
  /// first (a conflict), until `disk.failSaves(with: nil)`.
  private func toggledWhileAnotherProgramWritesFirst() -> (InMemoryDisk, Store<AppReducer.State, AppReducer.Action>) {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = loadedStore(disk)
    disk.failSaves(with: TodoFileError("Not saved: todo.txt was changed by another program", isConflict: true))
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance()
    return (disk, store)
  }

  /// Another program wrote the file just before a save (`yaru archive`
  /// from a script as `A` was pressed): the save is refused until the
  /// change is merged, in a moment. That is no failure to confirm: q waits
  /// for the merge and the save and then ends. It used to ask "q again
  /// quits", and the q that was meant to quit was lost.
  @Test func qWhileASaveWaitsForAMergeQuitsOnceSaved() {
    let (disk, store) = toggledWhileAnotherProgramWritesFirst()
    #expect(store.state.hasUnsavedChanges && !store.state.file.isSaving)
    let footer = AppView.render(store.state, Size(columns: 80, rows: 8)).lines.joined()
    #expect(!footer.contains("NOT SAVED") && footer.contains("saving…"), "a merge to make, not a failure")

    store.send(.quit)
    #expect(store.state.isQuitting, "one q quits")
    #expect(store.state.flash == "Saving before quitting…")
    disk.failSaves(with: nil)
    scheduler.advance(by: .seconds(2))
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\n")
    #expect(store.state.canExit)
    #expect(store.state.exit.status == 0)
  }

  /// A program that keeps rewriting the file refuses every save: q merges
  /// and saves again three times, then puts the changes in a rescue copy
  /// and ends (keys are not read while it quits: nothing else would).
  @Test func qWhileAnotherProgramKeepsRefusingTheSaveRescuesTheChanges() {
    let (disk, store) = toggledWhileAnotherProgramWritesFirst()
    store.send(.quit)
    scheduler.advance(by: .seconds(5))
    #expect(!store.state.canExit, "two more tries, two seconds apart")
    scheduler.advance(by: .seconds(2))
    #expect(store.state.canExit)
    #expect(store.state.exit.status == 1)
    #expect(disk.file("todo.txt") == "one\n")
    let copy = disk.fileNames.first { $0.hasPrefix(".todo.txt.yaru-rescue-") }
    #expect(copy.flatMap(disk.file) == "x 2026-01-01 one\n")
    #expect(store.state.exit.message?.contains("was changed by another program") == true, "\(store.state.exit.message ?? "")")
    store.cancelAllEffects()
  }

  /// Quitting despite a failing save is possible after confirming; what
  /// was not saved goes to a rescue copy beside the file, the exit says
  /// where (status 1), and the todo file is left as it was.
  @Test func quittingDespiteAFailingSaveRescuesTheChanges() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    disk.setReadOnly("todo.txt")
    store.send(.list(.deleteSelected))
    scheduler.advance()
    store.send(.quit)
    store.send(.quit)
    #expect(store.state.isQuitting && !store.state.canExit, "not before the rescue copy is written")
    scheduler.advance()
    #expect(store.state.canExit)
    #expect(disk.file("todo.txt") == "one\ntwo\n")
    let copy = disk.fileNames.first { $0.hasPrefix(".todo.txt.yaru-rescue-") }
    #expect(copy.flatMap(disk.file) == "two\n")
    #expect(store.state.exit.status == 1)
    #expect(store.state.exit.message == "yaru: changes not saved to todo.txt (Cannot save todo.txt: the file is read-only (chmod u+w todo.txt allows changes)); they are in \(copy ?? ""): yaru merge '\(copy ?? "")' brings them back")
    store.cancelAllEffects()
  }

  /// q while a save is still trying (a writer stuck on the folder's lock):
  /// when it fails, the change goes to a rescue copy and the program may
  /// exit, status 1 (it used to retry every 2 s and never end).
  @Test func quittingWhileASaveFailsRescuesInsteadOfRetryingForever() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let io = TestScheduler(now: startDate)
    let store = store(disk, ioQueue: io)
    store.send(.started)
    io.advance()
    scheduler.advance()
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    store.send(.quit)
    #expect(store.state.isQuitting && !store.state.canExit && store.state.flash == "Saving before quitting…")
    disk.failSaves(with: TodoFileError("Cannot save todo.txt: another program kept . locked"))
    io.advance()
    scheduler.advance()
    #expect(store.state.canExit)
    #expect(store.state.exit.status == 1)
    let copy = disk.fileNames.first { $0.hasPrefix(".todo.txt.yaru-rescue-") }
    #expect(copy == nil, "the disk that refuses saves refuses the copy too: the exit says so")
    #expect(store.state.exit.message?.contains("another program kept . locked") == true)
    store.cancelAllEffects()
  }

  /// A signal while a save's conflict is being merged: the merge and the
  /// save finish before the exit (it used to exit at once, changes lost).
  @Test func aSignalWhileAConflictIsMergedWaitsForTheSave() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    disk.replace("todo.txt", with: "one\ntwo\nthree\n")
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    store.send(.terminated(signal: 15))
    #expect(!store.state.canExit)
    scheduler.advance()
    #expect(store.state.canExit)
    #expect(store.state.exit.status == 143 && store.state.exit.message == nil)
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\ntwo\nthree\n")
    store.cancelAllEffects()
  }

  /// SIGHUP (the terminal closed) while saves fail: at the deadline what
  /// is not saved goes to a rescue copy, and the exit says where.
  @Test func aSignalWhileSavesFailRescuesTheChangesAtTheDeadline() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = loadedStore(disk)
    disk.setReadOnly("todo.txt")
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance()
    store.send(.terminated(signal: 1))
    scheduler.advance(by: AppReducer.signalSaveTimeout - .milliseconds(1))
    #expect(!store.state.canExit)
    scheduler.advance(by: .milliseconds(1))
    #expect(store.state.canExit)
    #expect(store.state.exit.status == 129)
    let copy = disk.fileNames.first { $0.hasPrefix(".todo.txt.yaru-rescue-") }
    #expect(copy.flatMap(disk.file) == "x 2026-01-01 one\n")
    #expect(store.state.exit.message?.contains("they are in \(copy ?? "?")") == true)
    store.cancelAllEffects()
  }

  @Test func anOutsideEditIsReloadedWhenNothingIsUnsaved() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    store.send(.list(.selectNext))
    disk.replace("todo.txt", with: "zero\none\ntwo\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["zero", "one", "two"])
    #expect(store.state.list.selectedTodo?.text == "two", "the selection stays on the same todo")
    #expect(store.state.flash == "todo.txt was changed by another program: reloaded")
    #expect(!store.state.list.history.canUndo)
    store.cancelAllEffects()
  }

  @Test func anOutsideEditMergesWithUnsavedChanges() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    disk.failSaves(with: TodoFileError("Cannot save todo.txt: disk full"))
    store.send(.list(.deleteSelected))
    scheduler.advance()
    disk.failSaves(with: nil)
    disk.replace("todo.txt", with: "one\ntwo\nthree\n")
    // The clock tick at 1 s notices the change before the 2 s retry.
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["two", "three"])
    #expect(store.state.flash == "todo.txt changed elsewhere: merged with yours")
    scheduler.advance()
    #expect(disk.file("todo.txt") == "two\nthree\n", "the deletion and their append, both")
    #expect(disk.fileNames == ["todo.txt"], "no conflict file")
    #expect(!store.state.hasUnsavedChanges)
    store.cancelAllEffects()
  }

  @Test func aSaveThatFindsTheFileChangedNeverOverwritesIt() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    // Another program completes a line between our last look and our save.
    disk.replace("todo.txt", with: "one\nx 2026-01-01 two\n")
    store.send(.list(.deleteSelected))
    scheduler.advance()
    #expect(disk.file("todo.txt") == "x 2026-01-01 two\n", "their completion and our deletion")
    #expect(store.state.list.todos.map(\.text) == ["two"])
    #expect(disk.fileNames == ["todo.txt"])
    #expect(!store.state.hasUnsavedChanges)
    store.cancelAllEffects()
  }

  /// Both sides changed the same line differently: both lines are kept, the
  /// user's tagged, and the footer says so in 80 columns.
  @Test func aLineChangedOnBothSidesIsKeptTwice() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let io = TestScheduler(now: startDate)
    let store = store(disk, ioQueue: io)
    store.send(.started)
    io.advance()
    store.send(.editSelected)
    store.send(.editor(.deleteToStart))
    type("uno", into: store)
    disk.replace("todo.txt", with: "one!\ntwo\n")
    store.send(.commitEdit)
    io.advance()  // the save finds their version
    io.advance()  // and reads it
    scheduler.advance()
    io.advance()  // the merged list is saved
    #expect(disk.file("todo.txt") == "one!\nuno conflict:2026-01-01\ntwo\n")
    #expect(store.state.flash == "Outside change merged; 1 clash tagged conflict:")
    #expect(AppView.render(store.state, Size(columns: 80, rows: 24)).text(row: 23).contains("conflict:"), "the footer has room for it")
    #expect(disk.fileNames == ["todo.txt"])
    store.cancelAllEffects()
  }

  /// An outside change while a line is being edited: the editor stays open
  /// and Enter commits on top of the merged list.
  @Test func anEditInProgressStaysOpenThroughAMerge() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    store.send(.list(.selectNext))
    store.send(.editSelected)
    type(" more", into: store)
    disk.replace("todo.txt", with: "one\ntwo\nthree\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["one", "two", "three"])
    #expect(store.state.editor?.text == "two more", "the edit is still open")
    store.send(.commitEdit)
    scheduler.advance()
    #expect(disk.file("todo.txt") == "one\ntwo more\nthree\n")
    store.cancelAllEffects()
  }

  /// The line being edited is the one another program changes: Enter keeps
  /// their line and puts the edit below it, tagged (it used to overwrite theirs).
  @Test func anEditOfALineChangedElsewhereKeepsBoth() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    store.send(.editSelected)
    type(" mine", into: store)
    disk.replace("todo.txt", with: "one theirs\ntwo\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.editor?.text == "one mine", "the edit is still open")
    store.send(.commitEdit)
    scheduler.advance()
    #expect(disk.file("todo.txt") == "one theirs\none mine conflict:2026-01-01\ntwo\n")
    #expect(store.state.list.selectedTodo?.text == "one mine conflict:2026-01-01")
    #expect(AppView.render(store.state, Size(columns: 80, rows: 24)).text(row: 23).contains("conflict:"), "the footer has room for it")
    store.cancelAllEffects()
  }

  /// A todo being added is not in the file yet: a merge keeps it where it
  /// was, and committing saves it with their line.
  @Test func aTodoBeingAddedSurvivesAMerge() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = loadedStore(disk)
    store.send(.addTodo(.top))
    type("new", into: store)
    disk.replace("todo.txt", with: "one\nx 2026-01-01 done elsewhere\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["", "one", "done elsewhere"])
    #expect(disk.file("todo.txt") == "one\nx 2026-01-01 done elsewhere\n", "nothing to save yet")
    store.send(.commitEdit)
    scheduler.advance()
    #expect(disk.file("todo.txt") == "2026-01-01 new\none\nx 2026-01-01 done elsewhere\n")
    store.cancelAllEffects()
  }

  /// A file system whose times say nothing changed (a coarse clock, a copy
  /// that puts every time back): the bytes are hashed every few seconds anyway.
  @Test func aChangeTheTimesHideIsFoundByHashingEveryFewSeconds() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    var file = TodoFileClient.inMemory(disk: disk)
    file.look = { known in known == nil ? disk.look("todo.txt", since: nil) : .unchanged }  // never tells on its own
    let store = startedStore(file, on: scheduler)
    disk.replace("todo.txt", with: "one\ntwo\n")
    scheduler.advance(by: .seconds(FileSync.rehashEvery))
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
    store.cancelAllEffects()
  }

  /// A sync tool's conflict copy beside the file is shown until it is gone
  /// (`yaru merge` merges and removes it).
  @Test func aSyncConflictCopyIsShownUntilItIsGone() {
    let copy = "todo.sync-conflict-20260101-090000-ABCDEFG.txt"
    let disk = InMemoryDisk(["todo.txt": "one\n", copy: "one\ntwo\n"])
    let store = loadedStore(disk)
    #expect(store.state.file.conflictCopies == [copy])
    #expect(AppView.render(store.state, Size(columns: 80, rows: 24)).text(row: 22).contains("Conflict copy: yaru merge '\(copy)'"))
    disk.remove(copy)
    scheduler.advance(by: .seconds(FileSync.rehashEvery))
    #expect(store.state.file.conflictCopies == [])
    store.cancelAllEffects()
  }

  /// A sync tool deletes the file and writes it again: while it is gone,
  /// nothing changes, so no line is lost and none comes back.
  @Test func aFileThatIsGoneForAMomentIsNotAnEmptyList() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = loadedStore(disk)
    disk.remove("todo.txt")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
    disk.replace("todo.txt", with: "two\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["two"])
    store.cancelAllEffects()
  }

  /// SIGTERM while a save runs: the save finishes, the change made since is
  /// saved after it with the stamp the first save left (the old signal
  /// handler saved with a stale stamp and wrote a conflict file), and only
  /// then may the program exit, with status 128 + 15.
  @Test func aSignalDuringASlowSaveSavesEverythingThroughTheOneSavePath() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let io = TestScheduler(now: startDate)
    let store = store(disk, ioQueue: io)
    store.send(.started)
    io.advance()
    scheduler.advance()
    store.send(.list(.moveSelected(.down)))
    #expect(store.state.file.isSaving)
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    store.send(.terminated(signal: 15))
    #expect(!store.state.canExit, "a save is still running")
    // The running save finishes, and the toggle made meanwhile is saved after it.
    io.advance()
    scheduler.advance()
    #expect(store.state.canExit)
    #expect(store.state.exitStatus == 128 + 15)
    #expect(disk.file("todo.txt") == "x 2026-01-01 two\none\n")
    #expect(disk.fileNames == ["todo.txt"], "no conflict file")
    store.cancelAllEffects()
  }

  @Test func aSignalWhoseSaveBlocksExitsAfterTheDeadline() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let io = TestScheduler(now: startDate)
    let store = store(disk, ioQueue: io)
    store.send(.started)
    io.advance()
    scheduler.advance()
    store.send(.list(.deleteSelected))
    store.send(.terminated(signal: 1))
    scheduler.advance(by: AppReducer.signalSaveTimeout - .milliseconds(1))
    #expect(!store.state.canExit)
    scheduler.advance(by: .milliseconds(1))
    #expect(store.state.canExit)
    #expect(store.state.exitStatus == 129)
    store.cancelAllEffects()
  }

  @Test func anUnreadableFileFailsTheStart() {
    let failing = TodoFileClient(
      path: "todo.txt", load: { () throws(TodoFileError) in throw TodoFileError("Cannot read todo.txt: line 3 is not valid UTF-8") },
      save: { (_, _, _) throws(TodoFileError) in throw TodoFileError("unreachable") }, look: { _ in .gone }
    )
    let store = startedStore(failing, on: scheduler)
    #expect(store.state.file.phase == .failed("Cannot read todo.txt: line 3 is not valid UTF-8"))
    store.cancelAllEffects()
  }
}

/// The footer's save status never says "saved" when it is not so.
@MainActor
struct SaveStatusTests {
  let scheduler = TestScheduler(now: startDate)

  private func loadedStore(_ disk: InMemoryDisk) -> Store<AppReducer.State, AppReducer.Action> {
    startedStore(.inMemory(disk: disk), on: scheduler)
  }

  private func footer(_ store: Store<AppReducer.State, AppReducer.Action>) -> String {
    AppView.render(store.state, Size(columns: 100, rows: 10)).lines.last ?? ""
  }

  @Test func aFileDeletedWhileOpenIsSaidGoneUntilAChangeWritesItAgain() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = loadedStore(disk)
    #expect(footer(store).contains(" · saved"))
    disk.remove("todo.txt")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.file.isGone)
    #expect(!footer(store).contains(" · saved"))
    #expect(footer(store).contains("file gone: the next change writes it"))
    #expect(store.state.flash == "todo.txt was deleted: the next change writes it again")
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance()
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\n")
    #expect(!store.state.file.isGone)
    #expect(footer(store).contains(" · saved"))
    store.cancelAllEffects()
  }

  @Test func aFileDeletedAndWrittenAgainIsNoLongerGone() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = loadedStore(disk)
    disk.remove("todo.txt")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.file.isGone)
    disk.replace("todo.txt", with: "one\ntwo\n")
    scheduler.advance(by: .seconds(1))
    #expect(!store.state.file.isGone)
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
    store.cancelAllEffects()
  }

  @Test func aReadOnlyFileIsSaidAtLoadBeforeAnyChange() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    disk.setReadOnly("todo.txt")
    let store = loadedStore(disk)
    #expect(store.state.file.writeRefusal == "the file is read-only (chmod u+w todo.txt allows changes)")
    #expect(footer(store).contains("read-only file"))
    #expect(!footer(store).contains(" · saved"))
    #expect(store.state.flash == "Changes will not be saved: the file is read-only (chmod u+w todo.txt allows changes)")
    store.cancelAllEffects()
  }

  @Test func aReadOnlyFileMadeWritableIsSaidSavedAgain() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    disk.setReadOnly("todo.txt")
    let store = loadedStore(disk)
    disk.setReadOnly("todo.txt", false)
    scheduler.advance(by: .seconds(FileSync.rehashEvery))
    #expect(store.state.file.writeRefusal == nil)
    #expect(footer(store).contains(" · saved"))
    store.cancelAllEffects()
  }

  @Test func aNewTodoOfSpacesAloneIsDroppedWithAWord() {
    let store = loadedStore(InMemoryDisk(["todo.txt": "one\n"]))
    store.send(.addTodo(.end))
    for character in "   " { store.send(.editor(.insert(String(character)))) }
    store.send(.commitEdit)
    #expect(store.state.list.todos.map(\.text) == ["one"])
    #expect(store.state.flash == "Nothing added: the todo was only spaces")
    store.send(.addTodo(.end))
    store.send(.commitEdit)
    #expect(store.state.flash == nil, "an empty line is as Esc")
    store.cancelAllEffects()
  }
}
