import Architecture
import ArchitectureTesting
import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoTestSupport

/// Other programs' changes noticed through the kernel's notices (a test's
/// own here, inotify live): a notice is a look at the file, the look finds
/// the change and the app merges it; no notices, and the file is polled.
@MainActor
struct FileNoticeTests {
  let scheduler = TestScheduler(now: startDate)
  let notices = TestFileNotices()

  private func environment(_ disk: InMemoryDisk) -> AppEnvironment {
    var environment = AppEnvironment.virtual(scheduler, file: .inMemory(disk: disk))
    environment.fileNotices = notices.client
    return environment
  }

  /// The file feature alone, on `disk` as it was loaded.
  private func fileStore(_ disk: InMemoryDisk, saving: Bool = false) -> TestStore<FileSync.State, FileSync.Action> {
    var state = FileSync.State()
    state.stamp = disk.stamp("todo.txt")
    state.base = disk.file("todo.txt") ?? ""
    state.isSaving = saving
    return TestStore(initialState: state, reducer: FileSync(environment: environment(disk)))
  }

  /// The whole app, started and loaded.
  private func appStore(_ disk: InMemoryDisk) -> Store<AppReducer.State, AppReducer.Action> {
    let store = Store(initialState: AppReducer.State(now: startDate), reducer: AppReducer(environment: environment(disk)))
    store.send(.started)
    scheduler.advance()
    return store
  }

  @Test func aNoticeLeadsToALookAndTheChangeIsMerged() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = appStore(disk)
    #expect(notices.listening == 1, "listening from the load on")
    store.send(.list(.selectNext))
    disk.replace("todo.txt", with: "zero\none\ntwo\n")
    notices.send(.changed)
    scheduler.advance(by: FileSync.noticeQuietTime - .milliseconds(1))
    #expect(store.state.list.todos.map(\.text) == ["one", "two"], "not looked at while notices may still come")
    scheduler.advance(by: .milliseconds(1))
    #expect(store.state.list.todos.map(\.text) == ["zero", "one", "two"])
    #expect(store.state.list.selectedTodo?.text == "two", "the selection stays on the same todo")
    #expect(store.state.flash == "todo.txt was changed by another program: reloaded")
    store.send(.quit)
    #expect(notices.listening == 0, "quitting stops listening")
    store.cancelAllEffects()
  }

  /// `yaru add` renames its file in, then appends its history record
  /// while still holding the folder's lock: the look its notice brings
  /// finds the folder busy and reads nothing, and no notice comes again —
  /// so the app looks again a moment later, not at the next minute.
  @Test func aLookThatFindsTheFolderBusyLooksAgainShortly() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = appStore(disk)
    disk.holdFolderLock()
    disk.replace("todo.txt", with: "one\nadded\n")
    notices.send(.changed)
    scheduler.advance(by: FileSync.noticeQuietTime)
    #expect(store.state.list.todos.map(\.text) == ["one"], "not read while another writer holds the folder")
    disk.holdFolderLock(false)
    scheduler.advance(by: FileSync.busyFolderWait + FileSync.noticeQuietTime)
    #expect(store.state.list.todos.map(\.text) == ["one", "added"], "looked at again without another notice")
    store.cancelAllEffects()
  }

  @Test func withNoticesTheFileIsNotPolledButLookedAtEachMinute() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = appStore(disk)
    disk.replace("todo.txt", with: "one\ntwo\n")  // and no notice: a hard link written in another folder
    scheduler.advance(by: .seconds(59))
    #expect(store.state.list.todos.map(\.text) == ["one"], "no look in between")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["one", "two"], "the clock's minute looks")
    store.cancelAllEffects()
  }

  @Test func whereNoticesCannotBeHadTheFileIsPolledEverySecond() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = appStore(disk)
    notices.send(.unavailable("/mnt/nfs is on NFS, which does not tell of other machines' writes"))
    #expect(notices.listening == 0)
    #expect(store.state.file.noticesUnavailable == "/mnt/nfs is on NFS, which does not tell of other machines' writes")
    disk.replace("todo.txt", with: "one\ntwo\n")
    scheduler.advance(by: .seconds(1))
    #expect(store.state.list.todos.map(\.text) == ["one", "two"])
    store.cancelAllEffects()
  }

  @Test func aBurstOfNoticesIsOneLookOnceTheyStop() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = fileStore(disk)
    let known = disk.stamp("todo.txt")
    disk.replace("todo.txt", with: "one\ntwo\n")
    store.send(.noticed(.changed)) { $0.hasUnlookedNotice = true }
    scheduler.advance(by: .milliseconds(5))
    store.send(.noticed(.changed))
    // The quiet time starts again at each notice.
    scheduler.advance(by: FileSync.noticeQuietTime - .milliseconds(1))
    scheduler.advance(by: .milliseconds(1))
    store.receive(.noticesSettled) { $0.hasUnlookedNotice = false }
    scheduler.advance()  // the look, on the I/O queue
    let loaded = LoadedFile(text: "one\ntwo\n", stamp: disk.stamp("todo.txt"), makeID: UUID.incrementing())
    store.receive(.changedOnDisk(loaded, known: known))
  }

  @Test func noticesThatKeepComingPutTheLookOffNoLongerThanTheLongestWait() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let store = fileStore(disk)
    let every: Duration = .milliseconds(5)
    store.send(.noticed(.changed)) { $0.hasUnlookedNotice = true }
    var elapsed: Duration = .zero
    while elapsed + every < FileSync.noticeLongestWait {
      scheduler.advance(by: every)
      elapsed += every
      store.send(.noticed(.changed))
    }
    scheduler.advance(by: FileSync.noticeLongestWait - elapsed)
    store.receive(.noticesSettled) { $0.hasUnlookedNotice = false }
    scheduler.advance()
    // The look found the file as yaru knows it: nothing to send.
  }

  @Test func aNoticeDuringASaveIsLookedAtOnceTheSaveEnds() {
    let disk = InMemoryDisk(["todo.txt": "one\n"])
    let saved = disk.stamp("todo.txt")!
    let store = fileStore(disk, saving: true)
    disk.replace("todo.txt", with: "one\ntwo\n")  // right after yaru's save
    store.send(.noticed(.changed)) { $0.hasUnlookedNotice = true }
    scheduler.advance(by: FileSync.noticeQuietTime)
    store.receive(.noticesSettled)  // a save runs: the notice waits for it
    store.send(.saveFinished(revision: 1, text: "one\n", .success(saved))) {
      $0.isSaving = false
      $0.savedRevision = 1
      $0.hasUnlookedNotice = false
    }
    scheduler.advance()
    let loaded = LoadedFile(text: "one\ntwo\n", stamp: disk.stamp("todo.txt"), makeID: UUID.incrementing())
    store.receive(.changedOnDisk(loaded, known: saved))
  }
}
