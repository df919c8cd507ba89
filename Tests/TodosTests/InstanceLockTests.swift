import Foundation
import Testing
import TodoStorage

/// One writer per todo file: the lock beside the file it resolves to.
struct InstanceLockTests {
  let folder: String

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-lock-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] }

  /// The first run, before any save has made the folder, is guarded too.
  @Test func aFirstRunInAMissingFolderTakesTheLock() {
    let path = folder + "/new/todo.txt"
    let first = InstanceLock.acquire(for: path)
    #expect(first != nil)
    #expect(InstanceLock.acquire(for: path) == nil)
    withExtendedLifetime(first) {}
  }

  /// A second yaru through a symlink opens the same file: it is read-only too.
  @Test func aSymlinkSharesTheFilesLock() throws {
    try "one\n".write(toFile: folder + "/todo.txt", atomically: false, encoding: .utf8)
    symlink(folder + "/todo.txt", folder + "/link.txt")
    let first = InstanceLock.acquire(for: folder + "/todo.txt")
    #expect(first != nil)
    #expect(InstanceLock.acquire(for: folder + "/link.txt") == nil)
    withExtendedLifetime(first) {}
  }

  /// A read-only yaru waits in the kernel, not by polling: it has the lock
  /// as soon as the writer lets go (removing the lock file, as it quits).
  @Test func aWaitingYaruTakesTheLockWhenTheWriterLetsGo() {
    let path = folder + "/todo.txt"
    var writer = InstanceLock.acquire(for: path)
    #expect(writer != nil)
    let taken = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var waited: InstanceLock?
    DispatchQueue.global().async {
      waited = InstanceLock.acquire(for: path, waiting: true)
      taken.signal()
    }
    writer?.release()
    writer = nil  // the process ends: its descriptor closes
    // The bound only ends a broken wait; a working one returns at once.
    #expect(taken.wait(timeout: .now() + .seconds(10)) == .success, "the lock, once the writer let go")
    #expect(InstanceLock.acquire(for: path) == nil, "and it holds it, on the lock file now in the folder")
    #expect(files == [".todo.txt.yaru-lock"])
    withExtendedLifetime(waited) {}
  }

  /// Quitting removes the lock file, and the next yaru gets a lock at once.
  @Test func releasingRemovesTheLockFile() {
    let path = folder + "/todo.txt"
    let first = InstanceLock.acquire(for: path)
    #expect(files == [".todo.txt.yaru-lock"])
    first?.release()
    #expect(files == [])
    // The first still holds its (removed) file; the next takes a new one.
    let next = InstanceLock.acquire(for: path)
    #expect(next != nil)
    withExtendedLifetime(first) {}
    withExtendedLifetime(next) {}
  }

  /// A symlink planted under the lock's name must not make yaru create a
  /// file where it points: it is removed, and the lock is a file of its own.
  @Test func aPlantedLockSymlinkIsNotFollowed() {
    let outside = folder + "/outside"
    mkdir(outside, 0o755)
    symlink(outside + "/created", folder + "/.todo.txt.yaru-lock")
    let lock = InstanceLock.acquire(for: folder + "/todo.txt")
    #expect(lock != nil)
    #expect(!FileManager.default.fileExists(atPath: outside + "/created"))
    var info = stat()
    #expect(lstat(folder + "/.todo.txt.yaru-lock", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    #expect(InstanceLock.acquire(for: folder + "/todo.txt") == nil, "the lock holds")
    withExtendedLifetime(lock) {}
  }
}
