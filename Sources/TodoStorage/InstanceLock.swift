import Glibc
import SystemPackage

/// Held while an interactive yaru has a todo file open: a second yaru on the
/// same file gets none and opens it read-only. An advisory `flock` on a hidden
/// file beside the file the path resolves to (so a symlink to the file shares
/// its lock); the kernel drops it when the process ends, and `release`
/// removes the file so that nothing is left in a synced folder. The lock
/// file is never opened through a symlink.
public final class InstanceLock: Sendable {
  private let descriptor: FileDescriptor?
  private let lockFile: FilePath?

  private init(descriptor: FileDescriptor?, lockFile: FilePath?) {
    self.descriptor = descriptor
    self.lockFile = lockFile
  }

  deinit {
    try? descriptor?.close()
  }

  /// The lock, or nil when another yaru holds it. The folder is made if it is
  /// missing, so that a first run is guarded too. `waiting`: blocks until
  /// the yaru that holds it lets go or ends (the kernel wakes this thread
  /// then: no polling), and never returns nil.
  public static func acquire(for path: String, waiting: Bool = false) -> InstanceLock? {
    let lockFile = lockFile(for: path)
    try? TodoFile.makeFolder(TodoFile.folderPath(of: lockFile), for: path)
    for _ in 0..<10 {
      // Never through a symlink planted under the lock's name (it would make
      // yaru create or lock a file anywhere): such a link is taken away.
      let descriptor: FileDescriptor
      do {
        descriptor = try FileDescriptor.open(
          lockFile, .readWrite, options: [.create, .closeOnExec, .noFollow], permissions: [.ownerReadWrite]
        )
      } catch Errno.tooManySymbolicLinkLevels {
        unlink(lockFile.string)
        continue
      } catch {
        return InstanceLock(descriptor: nil, lockFile: nil)  // an unwritable folder: saves will say so
      }
      guard (try? descriptor.stat())?.type == .regular else {
        try? descriptor.close()  // a FIFO or device under the lock's name: no lock, as an unwritable folder
        return InstanceLock(descriptor: nil, lockFile: nil)
      }
      var locked = flock(descriptor.rawValue, waiting ? LOCK_EX : LOCK_EX | LOCK_NB)
      while locked != 0, waiting, errno == EINTR { locked = flock(descriptor.rawValue, LOCK_EX) }
      guard locked == 0 else {
        try? descriptor.close()
        guard waiting else { return nil }
        return InstanceLock(descriptor: nil, lockFile: nil)  // flock fails (not EWOULDBLOCK): as an unwritable folder
      }
      // The yaru that held it may have just removed the file: a lock on a
      // file no longer in the folder guards nothing, so take the new one.
      var held = stat(), named = stat()
      if fstat(descriptor.rawValue, &held) == 0, stat(lockFile.string, &named) == 0,
         held.st_ino == named.st_ino, held.st_dev == named.st_dev {
        return InstanceLock(descriptor: descriptor, lockFile: lockFile)
      }
      try? descriptor.close()
    }
    return InstanceLock(descriptor: nil, lockFile: nil)
  }

  /// `.NAME.yaru-lock` beside the file the path resolves to.
  static func lockFile(for path: String) -> FilePath {
    let target = TodoFile.resolved(FilePath(path))
    return TodoFile.folderPath(of: target).appending("." + (target.lastComponent?.string ?? "todo.txt") + ".yaru-lock")
  }

  /// Removes the lock file, still holding the lock, so that the next yaru
  /// makes a fresh one. The lock itself goes when the process ends.
  public func release() {
    if let lockFile { unlink(lockFile.string) }
  }
}
