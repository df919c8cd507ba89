import Architecture
import ArchitectureTesting
import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// The file feature on its own: what its results do to its state, and what
/// its looks at the file send on. (What they do to the list: FilePersistenceTests.)
@MainActor
struct FileSyncTests {
  let scheduler = TestScheduler(now: startDate)

  private func store(_ disk: InMemoryDisk, _ state: FileSync.State = FileSync.State()) -> TestStore<FileSync.State, FileSync.Action> {
    TestStore(initialState: state, reducer: FileSync(environment: .virtual(scheduler, file: .inMemory(disk: disk))))
  }

  @Test func aSaveSaysSavingOnlyOnceItHasTakenASecond() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    var state = FileSync.State()
    state.isSaving = true
    let store = store(disk, state)
    store.send(.saveIsSlow) { $0.isSaveSlow = true }
    let stamp = disk.stamp("todo.txt")!
    store.send(.saveFinished(revision: 3, text: "one\n", .success(stamp))) {
      $0.isSaving = false
      $0.isSaveSlow = false
      $0.savedRevision = 3
      $0.stamp = stamp
      $0.base = "one\n"
    }
    store.send(.saveIsSlow)  // late: the save is done, nothing to say
  }

  @Test func aFailedSaveSaysWhyAndIsRetriedTwoSecondsLater() {
    var state = FileSync.State()
    state.isSaving = true
    let store = store(InMemoryDisk(), state)
    let full = TodoFileError("Cannot save todo.txt: No space left on device")
    store.send(.saveFinished(revision: 1, text: "one\n", .failure(full))) {
      $0.isSaving = false
      $0.saveError = full.message
      $0.message = "Not saved: Cannot save todo.txt: No space left on device — retrying"
    }
    scheduler.advance(by: .seconds(2))
    store.receive(.retrySave) { $0.saveError = nil }
  }

  @Test func aLookReadsAChangeOnceAndHandsItOnParsed() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    var state = FileSync.State()
    state.stamp = disk.stamp("todo.txt")
    state.base = "one\n"
    let store = store(disk, state)
    store.send(.watchTicked) { $0.watchTicks = 1 }
    scheduler.advance()  // nothing changed: nothing read, nothing sent
    disk.replace("todo.txt", with: "one\ntwo\n")
    store.send(.watchTicked) { $0.watchTicks = 2 }
    scheduler.advance()
    let loaded = LoadedFile(text: "one\ntwo\n", stamp: disk.stamp("todo.txt"), makeID: UUID.incrementing())
    store.receive(.changedOnDisk(loaded, known: state.stamp))
  }
}

/// A read-only window becomes the writer when the other yaru lets the file go.
@MainActor
struct WriterLeftTests {
  @Test func aReadOnlyWindowWhoseWriterLeftSaysNowEditable() {
    var state = FileSync.State()
    state.isReadOnly = true
    let store = TestStore(initialState: state, reducer: FileSync(environment: .virtual(TestScheduler(now: startDate), file: .inMemory(disk: InMemoryDisk()))))
    store.send(.writerLeft) {
      $0.isReadOnly = false
      $0.message = "The other yaru closed this file: now editable"
    }
    store.send(.writerLeft)  // twice: nothing more to say
  }
}

/// The whole app: refused while read-only, written once the writer left.
@MainActor
struct ReadOnlyLiftsTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func aChangeAfterTheWriterLeftReachesTheFile() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    var initial = AppReducer.State(now: startDate)
    initial.file.isReadOnly = true
    let store = Store(initialState: initial, reducer: AppReducer(environment: .virtual(scheduler, file: .inMemory(disk: disk))))
    store.send(.started)
    scheduler.advance()
    let id = store.state.list.todos[0].id
    store.send(.list(.todo(id: id, action: .toggleCompleteTapped)))
    #expect(store.state.flash == "Read-only: another yaru has this file open")
    store.send(.file(.writerLeft))
    #expect(store.state.flash == "The other yaru closed this file: now editable")
    scheduler.advance()
    #expect(disk.file("todo.txt") == "one\n", "nothing written until a change")
    store.send(.list(.todo(id: id, action: .toggleCompleteTapped)))
    scheduler.advance()
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\n")
    store.cancelAllEffects()
  }
}
