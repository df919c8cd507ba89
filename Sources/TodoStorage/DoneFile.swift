import Glibc
import SystemPackage
import TodoModel

/// The done file, where archiving moves completed todos (`done.txt` beside
/// the todo file, as todo.sh keeps it). Archiving appends to it first and
/// flushes that to the disk, and only then is the todo file rewritten: a
/// crash in between leaves a todo in both files, never in neither.
public enum DoneFile {
  /// `$DONE_FILE` when set, else `done.txt` in the todo file's folder.
  public static func path(besides todoPath: String, environment: EnvironmentVariables) -> String {
    if let done = environment["DONE_FILE"], !done.isEmpty { return done }
    let folder = TodoFile.folderPath(of: FilePath(todoPath))
    return folder == "." && !todoPath.hasPrefix("./") ? "done.txt" : folder.appending("done.txt").string
  }

  /// Appends `lines` byte for byte, each on a line of its own, and flushes
  /// them (fsync) before returning — all but those another archive has
  /// just appended (`DoneFile.notYetAppended`). Makes the file (and its
  /// folders) when missing, with the todo file's mode and owner (`NewFile`).
  ///
  /// Under the done file's folder lock, which its undo (`remove`) and the
  /// other archivers take too; `yaru archive` calls it already holding the
  /// todo file's (`holdingTodoFolderLock`), the same lock when the two
  /// files share a folder.
  public static func append(
    _ lines: [String], to path: String, besides todoPath: String? = nil, holdingTodoFolderLock: Bool = false
  ) throws(TodoFileError) {
    guard !lines.isEmpty else { return }
    let target = TodoFile.resolved(FilePath(path))
    let folder = TodoFile.folderPath(of: target)
    try TodoFile.makeFolder(folder, for: path)
    let body = { () throws(TodoFileError) in try appendUnlocked(lines, to: target, besides: todoPath, path: path) }
    if holdingTodoFolderLock, let todoPath, isSameFolder(folder, TodoFile.folderPath(of: TodoFile.resolved(FilePath(todoPath)))) {
      return try body()
    }
    guard (try TodoFile.whileFolderLocked(folder, waitingUpTo: .seconds(5), body)) != nil else {
      throw TodoFileError("Cannot archive to \(path): another program kept \(folder) locked")
    }
  }

  private static func appendUnlocked(_ lines: [String], to target: FilePath, besides todoPath: String?, path: String) throws(TodoFileError) {
    do {
      let (file, isNew) = try NewFile.openForAppending(target, like: todoPath)
      defer { try? file.close() }
      let tail = isNew ? nil : try recentTail(of: file)
      let lines = notYetAppended(lines, tail: tail)
      guard !lines.isEmpty else { return }
      // A file whose last line has no line break gets one first.
      let last = try tail?.last ?? (isNew ? nil : lastByte(of: file))
      _ = try file.writeAll(DoneFileText.addition(lines, after: last).utf8)
      guard fsync(file.rawValue) == 0 else { throw Errno(rawValue: errno) }
      if isNew { TodoFile.syncFolder(TodoFile.folderPath(of: target)) }
    } catch {
      throw TodoFileError("Cannot archive to \(path): \((error as? Errno ?? .ioError).reason)")
    }
  }

  /// Whether two paths name one folder.
  private static func isSameFolder(_ a: FilePath, _ b: FilePath) -> Bool {
    var first = stat(), second = stat()
    return stat(a.string, &first) == 0 && stat(b.string, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

    /// Takes `lines` back out of the file (the last copy of each), saved
  /// atomically under the folder lock: what undoing an archive does. Saved
  /// only when the bytes change; a missing file is made, empty.
  public static func remove(_ lines: [String], from path: String, besides todoPath: String? = nil) throws(TodoFileError) {
    // A missing file is made here, like the todo file, not by the save with the umask's mode.
    let target = TodoFile.resolved(FilePath(path))
    if (try? Stat(target)) == nil, (try? TodoFile.makeFolder(TodoFile.folderPath(of: target), for: path)) != nil,
       let (file, _) = try? NewFile.openForAppending(target, like: todoPath) {
      try? file.close()
    }
    do {
      try TodoFile.update(path) { text in (DoneFileText.removing(lines, from: text), ()) }
    } catch let error as TodoFileError {
      throw error
    } catch {
      throw TodoFileError("Cannot take the archived todos back out of \(path)")
    }
  }
}
