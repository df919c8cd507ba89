import Glibc
import SystemPackage
import TodoModel

/// The copies beside the todo file that yaru offers to merge (a sync tool's
/// conflict copy, a cut-short in-place save's). Anyone who can write in the
/// folder can plant one, so only a file of its own counts: a symlink named
/// like a copy (`todo.sync-conflict-….txt -> ~/.ssh/id_ed25519`) would
/// otherwise be announced and merged into the todo file, and synced on.
extension TodoFile {
  /// The text of the copy at `path` for `yaru merge`, nil if there is none;
  /// refused unless it is a regular file with no other name (never read
  /// through a symlink, a hard link to a file elsewhere, a FIFO).
  public static func readCopy(_ path: String) throws(TodoFileError) -> String? {
    let raw = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard raw >= 0 else {
      switch errno {
      case ENOENT: return nil
      case ELOOP: throw TodoFileError("Cannot merge \(path): it is a symbolic link, not a sync tool's copy")
      default: throw TodoFileError("Cannot read \(path): \(Errno(rawValue: errno).reason)")
      }
    }
    defer { close(raw) }
    var info = stat()
    guard fstat(raw, &info) == 0 else { throw TodoFileError("Cannot read \(path): \(Errno(rawValue: errno).reason)") }
    guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
      throw TodoFileError("Cannot merge \(path): it is not a file of its own, not a sync tool's copy")
    }
    _ = fcntl(raw, F_SETFL, fcntl(raw, F_GETFL) & ~O_NONBLOCK)
    guard let bytes = readAll(from: raw, sizeHint: Int(info.st_size)) else {
      throw TodoFileError("Cannot read \(path): \(Errno(rawValue: errno).reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw TodoFileError("Cannot read \(path): it is not UTF-8 text") }
    return text
  }

  /// The path of the copy named `name` beside the todo file at `path`.
  public static func copyPath(named name: String, besides path: String) -> String {
    folderPath(of: resolved(FilePath(path))).appending(name).string
  }

  /// Whether `path` is a regular file with one name, not followed if a symlink.
  static func isCopyOfItsOwn(_ path: FilePath) -> Bool {
    var info = stat()
    return lstat(path.string, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
  }
}
