import Glibc
import SystemPackage
import TodoModel

/// Reads and writes the todo file, so that every step of the atomic save
/// (temporary file, fsync, rename, fsync of the folder) is visible and
/// checked. Files, paths and errors are swift-system's (`FileDescriptor`,
/// `FilePath`, `Errno`); the calls it lacks (fsync, flock, rename, mkdir,
/// mkstemp) are the C library's.
public enum TodoFile {
  /// The file's text and stamp, or nil when there is no file yet (an empty list).
  public static func read(_ path: String) throws(TodoFileError) -> (text: String, stamp: DiskStamp)? {
    let file = FilePath(path)
    let descriptor: FileDescriptor
    do {
      // Non-blocking, so that opening a FIFO returns at once (and is then
      // refused as not a regular file) instead of waiting for a writer.
      descriptor = try FileDescriptor.open(file, .readOnly, options: [.closeOnExec, .nonBlocking])
    } catch let error as Errno {
      // No file yet. (A folder that is a file says ENOTDIR, not this.)
      if error == .noSuchFileOrDirectory { return nil }
      // Looked at only then: the path's folder work costs ~9 k instructions,
      // and a start reads some 30 files that are not there.
      if error == .notDirectory { try checkFolder(of: file, for: path) }
      throw TodoFileError("Cannot read \(path): \(error.reason)")
    } catch {
      throw TodoFileError("Cannot read \(path): \(error)")
    }
    defer { try? descriptor.close() }
    let info: Stat
    do throws(Errno) {
      info = try descriptor.stat()
    } catch {
      throw TodoFileError("Cannot read \(path): \(error.reason)")
    }
    guard info.type == .regular else { throw TodoFileError("Cannot use \(path): it is not a regular file") }
    // A regular file never blocks; reads go back to the usual mode all the same.
    _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) & ~O_NONBLOCK)
    guard let bytes = readAll(from: descriptor.rawValue, sizeHint: Int(info.size)) else {
      throw TodoFileError("Cannot read \(path): \(Errno(rawValue: errno).reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw TodoFileError("Cannot read \(path): line \(firstInvalidLine(bytes)) is not valid UTF-8")
    }
    return (text, DiskStamp(info, hash: DiskStamp.hash(bytes)))
  }

  /// Everything left to read on `descriptor`, interrupted reads retried; nil
  /// when a read fails, or when there is more than `limit` (errno EFBIG).
  /// The bytes are read straight into the result, sized for `sizeHint` and
  /// one byte more (so that a file as long as it said needs no growing
  /// before the read that finds its end): a 64 KB buffer for each call,
  /// copied out of, was 16 fresh pages faulted in for a 400-byte list. It
  /// grows by doubling, never past `limit` and one byte.
  public static func readAll(from descriptor: Int32, sizeHint: Int = 0, limit: Int = .max) -> [UInt8]? {
    let input = FileDescriptor(rawValue: descriptor)
    let wanted = sizeHint > 0 ? sizeHint + 1 : 4096
    var bytes = [UInt8](repeating: 0, count: wanted > limit ? limit + 1 : wanted)
    var filled = 0
    while true {
      if filled == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit - filled + 1)))
      }
      let count: Int
      do {
        count = try bytes.withUnsafeMutableBytes { try input.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
      } catch {
        errno = (error as? Errno)?.rawValue ?? EIO
        return nil
      }
      if count == 0 {
        bytes.removeSubrange(filled...)
        return bytes
      }
      filled += count
      guard filled <= limit else {
        errno = EFBIG
        return nil
      }
    }
  }

  /// Replaces the file with `text` atomically: afterwards the file holds the
  /// whole old text or the whole new text, whatever happens (crash, kill -9,
  /// power loss). The file's permissions and owner are kept; a symlink is
  /// followed; a file without write permission is refused.
  ///
  /// Writers (yaru instances, `yaru add`) take turns by a lock on the folder,
  /// and under it the file must still be as `expecting` says. A program that
  /// takes no lock and wrote after that check is not overwritten: its
  /// version comes back as displaced (`replace`).
  @discardableResult
  public static func write(
    _ text: String, to path: String, expecting: DiskExpectation = .anything
  ) throws(TodoFileError) -> SavedFile {
    let target = resolved(FilePath(path))
    let folder = folderPath(of: target)
    try makeFolder(folder, for: path)
    // The app's save waits little: it retries, and quitting must not hang.
    let saved = try whileFolderLocked(folder, waitingUpTo: .seconds(5)) { () throws(TodoFileError) in
      try check(target, against: expecting, path: path)
      return try replace(target, in: folder, with: text, path: path, expecting: expecting)
    }
    guard let saved else { throw TodoFileError("Cannot save \(path): another program kept \(folder) locked") }
    return saved
  }

  /// Reads the file (nil: there is none), lets `change` make the new text,
  /// and saves it, all while holding the folder lock: writers that do this
  /// at the same moment (`yaru add` from several scripts) take turns
  /// instead of failing. A conflict error only if a program that does not
  /// take the lock wrote before the check; one that wrote after it is
  /// merged in (three-way, against the text `change` started from) and the
  /// result saved again.
  /// - Parameter written: called with the text on disk once the change is
  ///   there (saved, or the same already), while the folder is still locked (what goes with the change —
  ///   the history's record — is then there before an open list, which
  ///   does not read while the lock is held, sees the change).
  public static func update<Result>(
    _ path: String, _ change: (String?) throws -> (text: String, result: Result), written: (String) -> Void = { _ in }
  ) throws -> Result {
    let target = resolved(FilePath(path))
    let folder = folderPath(of: target)
    try makeFolder(folder, for: path)
    // A script's `yaru add` waits its turn as long as a queue of them may take.
    let result = try whileFolderLocked(folder, waitingUpTo: .seconds(60)) { () throws -> Result in
      let contents = try read(path)
      let (text, result) = try change(contents?.text)
      let expecting: DiskExpectation = contents.map { .unchanged($0.stamp) } ?? .noFile
      try check(target, against: expecting, path: path)
      guard contents?.stamp.matches(text) != true else {
        written(text)
        return result
      }
      var saved = try replace(target, in: folder, with: text, path: path, expecting: expecting)
      var ours = text
      var base = contents?.text ?? ""
      var merged: [String] = []
      while let displaced = saved.displaced, merged.count < 10 {
        // Another program wrote at the last moment: theirs and ours, merged.
        let theirs = displaced.text
        let written = ours
        ours = LineMerge.mergedText(base: base, ours: ours, theirs: theirs, tag: " conflict:\(Day.localToday)")
        base = written
        merged.append(displaced.path)
        saved = try replace(target, in: folder, with: ours, path: path, expecting: .unchanged(saved.stamp))
      }
      for path in merged { unlink(path) }
      written(ours)
      return result
    }
    guard let result else { throw TodoFileError("Cannot save \(path): another program kept \(folder) locked") }
    return result
  }

  /// The stamp of the file now, hashing its bytes only when size, times or
  /// inode differ from `known` (the cheap check runs every second; nil
  /// `known` hashes always).
  public static func stamp(_ path: String, unlessSameAs known: DiskStamp?) -> DiskStamp? {
    guard let info = try? Stat(FilePath(path)) else { return nil }
    let now = DiskStamp(info, hash: known?.hash ?? 0)
    if let known, now == known { return known }
    return (try? read(path))??.stamp
  }

  /// Has the file changed since `known`? Read once, only when its inode,
  /// size or times say it may have (always when `known` is nil).
  public static func look(_ path: String, since known: DiskStamp?) -> FileLook {
    guard let info = try? Stat(FilePath(path)) else { return .gone }
    if let known, DiskStamp(info, hash: known.hash) == known { return .unchanged }
    // A writer at work under the folder's lock (`yaru sync`'s merge, which
    // git writes in place; `yaru add` appending its history record) is not
    // read halfway: a look a moment later reads it.
    let folder = folderPath(of: resolved(FilePath(path)))
    let found = unlessFolderIsBeingWritten(folder) { () -> FileLook in
      do throws(TodoFileError) {
        guard let contents = try read(path) else { return .gone }
        return .read(text: contents.text, stamp: contents.stamp)
      } catch {
        return .unreadable(error.message)
      }
    }
    return found ?? .busy
  }

  private static func check(_ target: FilePath, against expectation: DiskExpectation, path: String) throws(TodoFileError) {
    let conflict = TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)
    let exists = (try? Stat(target)) != nil
    switch expectation {
    case .anything:
      return
    case .noFile:
      if exists { throw conflict }
    case .unchanged(let known):
      // A file deleted meanwhile is simply written again: nothing of anyone's is lost.
      guard exists else { return }
      guard let now = stamp(target.string, unlessSameAs: known), now.hash == known.hash else { throw conflict }
    }
  }

  /// Throws when the folder the file should be in is a file.
  private static func checkFolder(of file: FilePath, for path: String) throws(TodoFileError) {
    let folder = folderPath(of: file)
    if let info = try? Stat(folder), info.type != .directory {
      throw TodoFileError("Cannot use \(path): \(folder) is not a folder")
    }
  }

  private static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
    var line = 1
    for chunk in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if String(validating: chunk, as: UTF8.self) == nil { return line }
      line += 1
    }
    return line
  }

  static func defaultFileMode() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
  }
}

extension DiskStamp {
  init(_ info: Stat, hash: UInt64) {
    func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
    self.init(
      inode: UInt64(info.inode.rawValue), size: info.size,
      modified: nanoseconds(info.st_mtim), changed: nanoseconds(info.st_ctim), hash: hash
    )
  }
}

extension Errno {
  /// What went wrong, as the C library says it ("Permission denied").
  var reason: String { String(cString: strerror(rawValue)) }
}
