import Foundation
import Testing
import TodoModel
import TodoStorage

/// The done file others may see and other archivers write: a new one is as
/// private as the todo file, and two archives at once append once (#32).
struct DoneFileSharingTests {
  let folder: String

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-done-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func text(_ name: String) -> String? { try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) }

  private func info(_ name: String) -> stat {
    var info = stat()
    stat(folder + "/" + name, &info)
    return info
  }

  /// A 0600 todo.txt archived into a new done.txt gives a 0600 done.txt,
  /// whatever the umask allows; root archiving gives it the todo's owner.
  @Test func aNewDoneFileIsAsPrivateAsTheTodoFile() throws {
    try "x 2026-01-01 a\n".write(toFile: folder + "/todo.txt", atomically: false, encoding: .utf8)
    chmod(folder + "/todo.txt", 0o600)
    let isRoot = geteuid() == 0
    if isRoot { chown(folder + "/todo.txt", 4321, 4321) }
    try DoneFile.append(["x 2026-01-01 a"], to: folder + "/done.txt", besides: folder + "/todo.txt")
    #expect(info("done.txt").st_mode & 0o777 == 0o600)
    if isRoot { #expect(info("done.txt").st_uid == 4321 && info("done.txt").st_gid == 4321) }
    // Undo's removal on a missing done file makes it the same way.
    unlink(folder + "/done.txt")
    try DoneFile.remove(["x 2026-01-01 a"], from: folder + "/done.txt", besides: folder + "/todo.txt")
    #expect(info("done.txt").st_mode & 0o777 == 0o600)
  }

  /// `yaru archive` and `A` within the same second: the lines once. The
  /// second may hold more (appended) or be the very same.
  @Test func twoArchivesAtOnceAppendTheLinesOnce() throws {
    let done = folder + "/done.txt"
    try DoneFile.append(["x 2026-01-01 a", "x 2026-01-01 b"], to: done)
    try DoneFile.append(["x 2026-01-01 a", "x 2026-01-01 b"], to: done)
    #expect(text("done.txt") == "x 2026-01-01 a\nx 2026-01-01 b\n")
    try DoneFile.append(["x 2026-01-01 a", "x 2026-01-01 c", "x 2026-01-01 b"], to: done)
    #expect(text("done.txt") == "x 2026-01-01 a\nx 2026-01-01 b\nx 2026-01-01 c\n")
  }

  /// A todo archived, done again with the same text and archived again
  /// later is appended again: only a recent end is another archive's.
  @Test func theSameLineArchivedAgainLaterIsAppended() throws {
    let done = folder + "/done.txt"
    try DoneFile.append(["x 2026-01-01 water plants"], to: done)
    var times = [timespec(tv_sec: time(nil) - 60, tv_nsec: 0), timespec(tv_sec: time(nil) - 60, tv_nsec: 0)]
    utimensat(AT_FDCWD, done, &times, 0)
    try DoneFile.append(["x 2026-01-01 water plants"], to: done)
    #expect(text("done.txt") == "x 2026-01-01 water plants\nx 2026-01-01 water plants\n")
  }

  /// `yaru archive` appends while it holds the todo file's folder lock: the
  /// done file in the same folder is appended at once, not after a wait.
  @Test func appendingUnderTheTodoFilesLock() throws {
    let todo = folder + "/todo.txt"
    try "x 2026-01-01 a\n".write(toFile: todo, atomically: false, encoding: .utf8)
    let start = ContinuousClock.now
    try TodoFile.update(todo) { text in
      try DoneFile.append(["x 2026-01-01 a"], to: folder + "/done.txt", besides: todo, holdingTodoFolderLock: true)
      return ("", ())
    }
    #expect(ContinuousClock.now - start < .seconds(2))
    #expect(text("done.txt") == "x 2026-01-01 a\n")
  }
}
