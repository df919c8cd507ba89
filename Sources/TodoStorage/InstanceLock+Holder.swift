import Glibc
import SystemPackage

extension InstanceLock {
  /// Who holds the lock on the todo file at `path`, for `yaru doctor`: nil
  /// when no one does; else the process id the kernel lists for the lock
  /// (`/proc/locks`), or 0 when it cannot say. Only tests the lock: takes
  /// nothing, makes no file.
  public static func holder(of path: String) -> Int32? {
    let lockFile = lockFile(for: path)
    let descriptor = open(lockFile.string, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var file = stat()
    guard fstat(descriptor, &file) == 0, file.st_mode & S_IFMT == S_IFREG else { return nil }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return nil
    }
    return lockingProcess(device: file.st_dev, inode: file.st_ino) ?? 0
  }

  /// `/proc/locks` lines read `1: FLOCK ADVISORY WRITE PID MAJOR:MINOR:INODE 0 EOF`.
  private static func lockingProcess(device: dev_t, inode: ino_t) -> Int32? {
    guard let descriptor = try? FileDescriptor.open("/proc/locks", .readOnly, options: .closeOnExec) else { return nil }
    defer { try? descriptor.close() }
    guard let bytes = TodoFile.readAll(from: descriptor.rawValue) else { return nil }
    // glibc's major() and minor(), which are macros Swift cannot call.
    let major = (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF, minor = device & 0xFF | (device >> 12) & ~0xFF
    let wanted = "\(String(major, radix: 16).leftPadded(2)):\(String(minor, radix: 16).leftPadded(2)):\(inode)"
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == wanted else { continue }
      return Int32(fields[4])
    }
    return nil
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
