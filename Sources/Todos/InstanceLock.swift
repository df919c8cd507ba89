#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Held while an interactive yaru has a todo file open: a second yaru on the
/// same file gets none and opens it read-only. An advisory `flock` on a hidden
/// file beside the todo file; the kernel drops it when the process ends.
public final class InstanceLock: Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The lock, or nil when another yaru holds it. Without the folder (nothing
  /// saved yet) there is nothing to guard and nothing is created.
  public static func acquire(for path: String) -> InstanceLock? {
    let folder = PathName.folder(of: path)
    let name = "." + PathName.lastComponent(path) + ".yaru-lock"
    let lockPath = folder.isEmpty ? name : folder + "/" + name
    var info = stat()
    guard stat(folder.isEmpty ? "." : folder, &info) == 0 else { return InstanceLock(descriptor: -1) }
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return InstanceLock(descriptor: -1) }  // an unwritable folder: saves will say so
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return InstanceLock(descriptor: descriptor)
  }
}
