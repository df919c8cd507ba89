import Architecture
import Foundation
import Synchronization
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// `A`: completed todos to the done file, appended first, then gone from
/// the list (and so from the todo file); one undo step, which takes them
/// back out of the done file too.
@MainActor
struct ArchiveTests {
  let scheduler = TestScheduler(now: startDate)

  private func loadedStore(_ disk: InMemoryDisk) -> Store<AppReducer.State, AppReducer.Action> {
    startedStore(.inMemory(disk: disk), on: scheduler)
  }

  /// `one` and a completed `done`, archived and the archive undone (each
  /// written): where every redo test starts.
  private func archivedAndUndone() -> (InMemoryDisk, Store<AppReducer.State, AppReducer.Action>) {
    let disk = InMemoryDisk(["todo.txt": "one\nx 2026-01-01 done\n"])
    let store = loadedStore(disk)
    store.send(.archiveCompleted)
    scheduler.advance(by: .seconds(1))
    store.send(.list(.undo))
    scheduler.advance(by: .seconds(1))
    return (disk, store)
  }

  @Test func archivingMovesCompletedTodosToTheDoneFileInOneUndoableStep() {
    let disk = InMemoryDisk([
      "todo.txt": "one\nx 2026-01-01 done one\ntwo\nx 2025-12-30 (A) 2025-12-01 done two +p\n",
      "done.txt": "x 2025-01-01 older\n",
    ])
    let store = loadedStore(disk)
    store.send(.archiveCompleted)
    scheduler.advance(by: .seconds(1))
    #expect(disk.file("done.txt") == "x 2025-01-01 older\nx 2026-01-01 done one\nx 2025-12-30 (A) 2025-12-01 done two +p\n")
    #expect(disk.file("todo.txt") == "one\ntwo\n")
    #expect(store.state.flash == "Archived 2 todos to done.txt — u brings them back")

    store.send(.list(.undo))
    scheduler.advance(by: .seconds(1))
    #expect(disk.file("done.txt") == "x 2025-01-01 older\n", "undo takes them back out of the done file")
    #expect(disk.file("todo.txt") == "one\nx 2026-01-01 done one\ntwo\nx 2025-12-30 (A) 2025-12-01 done two +p\n")

    store.send(.list(.redo))
    scheduler.advance(by: .seconds(1))
    #expect(disk.file("done.txt") == "x 2025-01-01 older\nx 2026-01-01 done one\nx 2025-12-30 (A) 2025-12-01 done two +p\n")
    #expect(disk.file("todo.txt") == "one\ntwo\n")
    store.cancelAllEffects()
  }

  /// Every two-file change writes the side that gains the lines first: an
  /// archive appends to the done file before the todo file loses them, its
  /// undo saves the todo file before the done file loses them. A crash in
  /// between leaves the lines in both files, never in neither.
  @Test func theFileThatGainsTheLinesIsWrittenFirst() {
    let disk = InMemoryDisk(["todo.txt": "one\nx 2026-01-01 done\n"])
    let order = Mutex<[String]>([])
    var file = TodoFileClient.inMemory(disk: disk)
    let save = file.save, archive = file.archive, unarchive = file.unarchive
    file.save = { (text, path, expecting) throws(TodoFileError) in
      order.withLock { $0.append(text.contains("done") ? "todo file gains" : "todo file loses") }
      return try save(text, path, expecting)
    }
    file.archive = { (lines) throws(TodoFileError) in
      order.withLock { $0.append("done file gains") }
      try archive(lines)
    }
    file.unarchive = { (lines) throws(TodoFileError) in
      order.withLock { $0.append("done file loses") }
      try unarchive(lines)
    }
    let store = startedStore(file, on: scheduler)
    store.send(.archiveCompleted)
    scheduler.advance()
    store.send(.list(.undo))
    scheduler.advance()
    store.send(.list(.redo))
    scheduler.advance()
    #expect(order.withLock { $0 } == [
      "done file gains", "todo file loses",  // archive
      "todo file gains", "done file loses",  // undo
      "done file gains", "todo file loses",  // redo
    ])
    store.cancelAllEffects()
  }

  /// If the done file cannot take them, nothing leaves the list.
  @Test func aFailedAppendKeepsEveryTodo() {
    let disk = InMemoryDisk(["todo.txt": "one\nx 2026-01-01 done\n"])
    let store = loadedStore(disk)
    disk.failSaves(with: TodoFileError("Cannot archive to done.txt: No space left on device"))
    store.send(.archiveCompleted)
    scheduler.advance()
    #expect(store.state.list.todos.count == 2)
    #expect(disk.file("done.txt") == nil)
    #expect(store.state.flash?.hasPrefix("Not archived: Cannot archive") == true)
    store.cancelAllEffects()
  }

  /// Undo whose done file refuses to give the lines back: the todos return
  /// all the same (in both files, never in neither), and the flash says why.
  @Test func anUndoTheDoneFileRefusesSaysSo() {
    let disk = InMemoryDisk(["todo.txt": "one\nx 2026-01-01 done\n"])
    let store = loadedStore(disk)
    store.send(.archiveCompleted)
    scheduler.advance(by: .seconds(1))
    disk.setReadOnly("done.txt")
    store.send(.list(.undo))
    scheduler.advance(by: .seconds(1))
    #expect(store.state.flash == "Done file: Cannot save done.txt: the file is read-only (chmod u+w done.txt allows changes)")
    #expect(disk.file("done.txt") == "x 2026-01-01 done\n")
    #expect(disk.file("todo.txt") == "one\nx 2026-01-01 done\n")
    store.cancelAllEffects()
  }

  /// A redone archive whose done file refuses the lines: nothing is
  /// redone, the todos stay in the list and the todo file, and the flash
  /// says why. (The redo used to take them out of the list at once and
  /// append to the done file beside it: refused, they were in neither.)
  @Test func aRedoTheDoneFileRefusesKeepsEveryTodo() {
    let (disk, store) = archivedAndUndone()
    disk.setReadOnly("done.txt")
    store.send(.list(.redo))
    scheduler.advance(by: .seconds(1))
    #expect(store.state.flash == "Not redone: Cannot archive to done.txt: Permission denied")
    #expect(store.state.list.todos.map(\.text) == ["one", "done"])
    #expect(disk.file("todo.txt") == "one\nx 2026-01-01 done\n")
    #expect(store.state.list.history.canRedo, "u and Ctrl-R are as they were")
    store.cancelAllEffects()
  }

  /// A change made while the done file takes a redone archive's lines
  /// ends the redo: the todos stay in the list too (both files, never neither).
  @Test func aChangeWhileARedoIsWrittenKeepsTheTodosInBothFiles() {
    let (disk, store) = archivedAndUndone()
    store.send(.list(.redo))
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance(by: .seconds(1))
    #expect(store.state.flash == "Not redone: the list changed meanwhile (the todos are in the done file too)")
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\nx 2026-01-01 done\n")
    #expect(disk.file("done.txt") == "x 2026-01-01 done\n")
    store.cancelAllEffects()
  }

  /// Ctrl-R twice before the done file has the lines: redone once.
  @Test func aRedoPressedTwiceIsMadeOnce() {
    let (disk, store) = archivedAndUndone()
    store.send(.list(.redo))
    store.send(.list(.redo))
    scheduler.advance(by: .seconds(1))
    #expect(store.state.flash == "Redone — u undoes")
    #expect(disk.file("todo.txt") == "one\n")
    #expect(disk.file("done.txt") == "x 2026-01-01 done\n")
    store.cancelAllEffects()
  }

  @Test func nothingToArchiveSaysSo() {
    let store = loadedStore(InMemoryDisk(["todo.txt": "one\n"]))
    store.send(.archiveCompleted)
    #expect(store.state.flash == "No completed todos to archive")
    store.cancelAllEffects()
  }
}

/// The done file on the disk: appended with a line break where the last
/// line lacked one, flushed, made with its folders; undo's removal takes
/// the last copy of each line.
struct DoneFileTests {
  @Test func appendAndRemove() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-done-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("sub/done.txt").path
    try DoneFile.append(["x 2026-01-01 a"], to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "x 2026-01-01 a\n")
    try "x 2026-01-01 a\nno break".write(toFile: path, atomically: true, encoding: .utf8)
    try DoneFile.append(["x 2026-01-02 b", "x 2026-01-01 a"], to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "x 2026-01-01 a\nno break\nx 2026-01-02 b\nx 2026-01-01 a\n")
    try DoneFile.remove(["x 2026-01-02 b", "x 2026-01-01 a"], from: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "x 2026-01-01 a\nno break\n")
  }

  /// A `\r\n` pair is one Character: removal splitting on Characters found
  /// no line of a Windows done file, so undo left the archived lines there.
  @Test func removalFindsLinesInAWindowsDoneFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-done-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("done.txt").path
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "x 2025-01-01 old\r\n".write(toFile: path, atomically: true, encoding: .utf8)
    try DoneFile.append(["x 2026-01-01 a"], to: path)
    try DoneFile.remove(["x 2026-01-01 a"], from: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "x 2025-01-01 old\r\n")
  }

  /// `DONE_FILE` naming the todo file (by its path, a symlink or a hard
  /// link): `A` would append the list to itself. Refused, file untouched.
  @Test @MainActor func theTodoFileIsNeverItsOwnDoneFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-done-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("todo.txt").path
    let text = "x 2026-01-01 done\nopen\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let link = folder.appendingPathComponent("link.txt").path, hard = folder.appendingPathComponent("hard.txt").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    try FileManager.default.linkItem(atPath: path, toPath: hard)
    for done in [path, link, hard] {
      let scheduler = TestScheduler(now: startDate)
      let environment = AppEnvironment.virtual(scheduler, file: .live(path: path, donePath: done))
      let store = Store(initialState: AppReducer.State(now: startDate), reducer: AppReducer(environment: environment))
      store.send(.started)
      scheduler.advance()
      store.send(.archiveCompleted)
      scheduler.advance()
      #expect(store.state.flash?.hasPrefix("Not archived: the done file \(done) is the todo file \(path) itself") == true)
      #expect(store.state.list.todos.count == 2)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
      store.cancelAllEffects()
    }
  }

  @Test func theDoneFileIsBesideTheTodoFileUnlessDoneFileIsSet() {
    #expect(DoneFile.path(besides: "/home/u/todo/todo.txt", environment: [:]) == "/home/u/todo/done.txt")
    #expect(DoneFile.path(besides: "todo.txt", environment: [:]) == "done.txt")
    #expect(DoneFile.path(besides: "/x/todo.txt", environment: ["DONE_FILE": "/y/d.txt"]) == "/y/d.txt")
  }
}
