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
