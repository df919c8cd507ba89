import Glibc
import SystemPackage
import TodoModel

extension TodoFile {
  /// Whether two paths name one file: the same device and inode, through
  /// symlinks and hard links alike (the same path when neither exists yet).
  public static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat(), second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else {
      return FilePath(a).lexicallyNormalized() == FilePath(b).lexicallyNormalized()
    }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Refuses a done file that is the todo file itself (`DONE_FILE` naming
  /// it, by its path, a symlink or a hard link): archiving would append the
  /// list to itself.
  public static func refuseDoneFile(_ donePath: String, ifItIs todoPath: String) throws(TodoFileError) {
    guard isSameFile(donePath, todoPath) else { return }
    throw TodoFileError("the done file \(donePath) is the todo file \(todoPath) itself (the same device and inode)")
  }
}
