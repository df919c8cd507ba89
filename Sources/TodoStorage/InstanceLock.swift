import Glibc
import SystemPackage

/// Held while an interactive yaru has a todo file open: a second yaru on the
/// same file gets none and opens it read-only. An advisory `flock` on a hidden
/// file beside the todo file; the kernel drops it when the process ends.
public final class InstanceLock: Sendable {
  private let descriptor: FileDescriptor?

  private init(descriptor: FileDescriptor?) {
    self.descriptor = descriptor
  }

  deinit {
    try? descriptor?.close()
  }

  /// The lock, or nil when another yaru holds it. Without the folder (nothing
  /// saved yet) there is nothing to guard and nothing is created.
  public static func acquire(for path: String) -> InstanceLock? {
    let file = FilePath(path)
    let folder = TodoFile.folderPath(of: file)
    let lockFile = folder.appending("." + (file.lastComponent?.string ?? "todo.txt") + ".yaru-lock")
    guard (try? Stat(folder)) != nil else { return InstanceLock(descriptor: nil) }
    guard let descriptor = try? FileDescriptor.open(
      lockFile, .readWrite, options: [.create, .closeOnExec], permissions: [.ownerReadWrite]
    ) else {
      return InstanceLock(descriptor: nil)  // an unwritable folder: saves will say so
    }
    guard flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0 else {
      try? descriptor.close()
      return nil
    }
    return InstanceLock(descriptor: descriptor)
  }
}
