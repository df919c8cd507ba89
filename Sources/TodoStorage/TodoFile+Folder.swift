import Glibc
import SystemPackage
import TodoModel

/// The folder around the todo file: made when missing, flushed after a
/// rename, locked while a writer saves, and cleared of what a killed save
/// left behind. Symlinks are followed to the file they name, even one that
/// does not exist yet.
extension TodoFile {
  /// The folder a file is in: "." for a bare name. Read off the path's
  /// text (a `FilePath` has no doubled or trailing slashes), not with
  /// `removingLastComponent()`: its first call had the runtime look up a
  /// generic type by its name (~200,000 instructions at every start).
  static func folderPath(of file: FilePath) -> FilePath {
    let text = file.string
    guard let slash = text.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == text.utf8.startIndex ? "/" : FilePath(String(text[..<slash]))
  }

  /// Makes `folder` and the folders above it that are missing. Stops at the
  /// top of the path, relative or absolute.
  static func makeFolder(_ folder: FilePath, for path: String) throws(TodoFileError) {
    if let info = try? Stat(folder) {
      guard info.type == .directory else { throw TodoFileError("Cannot save \(path): \(folder) is not a folder") }
      return
    }
    let parent = folderPath(of: folder)
    if parent != folder { try makeFolder(parent, for: path) }
    guard mkdir(folder.string, 0o755) == 0 || errno == EEXIST else {
      throw TodoFileError("Cannot save \(path): cannot create \(folder): \(Errno(rawValue: errno).reason)")
    }
  }

  /// Flushes the folder's entries (the rename) to the disk.
  static func syncFolder(_ folder: FilePath) {
    guard let descriptor = try? FileDescriptor.open(folder, .readOnly, options: [.directory, .closeOnExec]) else { return }
    fsync(descriptor.rawValue)
    try? descriptor.close()
  }

  /// The file `path` names once symlinks are followed: the link's target,
  /// even when it does not exist yet (a sync folder not yet there), so that
  /// saving writes through the link instead of replacing it.
  static func resolved(_ path: FilePath) -> FilePath {
    var current = path
    for _ in 0..<40 {  // as many links as the kernel follows
      guard let info = try? Stat(current, followTargetSymlink: false), info.type == .symbolicLink else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current.string, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = FilePath(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
      current = target.isAbsolute ? target : folderPath(of: current).pushing(target)
    }
    return current
  }

  /// The file `path` names, symlinks followed, as an absolute path (from
  /// the working folder for a relative one): the same file whatever the
  /// folder a command runs in.
  public static func realPath(_ path: String) -> String {
    let real = resolved(FilePath(path)).string
    guard !real.hasPrefix("/") else { return real }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return real }
    let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return folder + "/" + (real.hasPrefix("./") ? String(real.dropFirst(2)) : real)
  }

  /// Runs `body` while holding the folder's lock, the one every writer
  /// (yaru, `yaru add`) takes for its save, waiting up to `patience` for it
  /// (a writer stuck on a hung disk must not hang the others); nil if the
  /// folder cannot be opened or the lock is not free in time.
  static func whileFolderLocked<Result, Failure: Error>(
    _ folder: FilePath, waitingUpTo patience: Duration, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    guard let descriptor = try? FileDescriptor.open(folder, .readOnly, options: [.directory, .closeOnExec]) else { return nil }
    defer { try? descriptor.close() }  // closing releases the lock
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    while flock(descriptor.rawValue, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else { return nil }
      usleep(2_000)
    }
    return try body()
  }

  /// `body`, unless a writer holds the folder's lock now (nil then): what
  /// a writer changes in place (`yaru sync`'s merge: git writes the file
  /// where it is) is not read halfway. A folder that cannot be opened for
  /// its lock is read all the same.
  static func unlessFolderIsBeingWritten<Result>(_ folder: FilePath, _ body: () -> Result) -> Result? {
    guard let descriptor = try? FileDescriptor.open(folder, .readOnly, options: [.directory, .closeOnExec]) else { return body() }
    defer { try? descriptor.close() }
    if flock(descriptor.rawValue, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK { return nil }
    return body()
  }

  /// Removes the temporary files (`.todo.txt.yaru-XXXXXX`) that saves killed
  /// midway left beside the file. Under the folder lock, so that no save
  /// running now loses its own.
  public static func removeLeftoverTemporaryFiles(of path: String) {
    let target = resolved(FilePath(path))
    let folder = folderPath(of: target)
    let prefix = "." + (target.lastComponent?.string ?? "todo.txt") + ".yaru-"
    _ = whileFolderLocked(folder, waitingUpTo: .seconds(1)) {
      for name in names(in: folder) where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
        unlink(folder.appending(name).string)
      }
    }
  }

  /// Sync tools' conflict copies beside the file, and the copy an in-place
  /// save cut short left (see `replace`), by name, sorted; only files of
  /// their own (`isCopyOfItsOwn`), never a symlink named like one.
  public static func conflictCopies(of path: String) -> [String] {
    let target = resolved(FilePath(path))
    let name = target.lastComponent?.string ?? "todo.txt"
    let folder = folderPath(of: target)
    return names(in: folder).filter { SyncConflictCopy.isShown($0, of: name) && isCopyOfItsOwn(folder.appending($0)) }.sorted()
  }

  /// The names in `folder` (none if it cannot be read).
  private static func names(in folder: FilePath) -> [String] {
    guard let directory = opendir(folder.string) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return names
  }
}
