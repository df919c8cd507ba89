#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why the todo file could not be read or written, in words for the user:
/// always the path, and the line when it is about the content.
public struct TodoFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String
  /// Another program changed the file since yaru last read or wrote it.
  public let isConflict: Bool
  public init(_ message: String, isConflict: Bool = false) {
    self.message = message
    self.isConflict = isConflict
  }
  public var description: String { message }
}

/// What a save expects to find on disk before it replaces the file: it
/// refuses (a conflict) rather than overwrite a version it has not seen.
public enum DiskExpectation: Equatable, Sendable {
  case anything
  case noFile
  case unchanged(DiskStamp)
}

/// What the file on disk looked like when yaru last read or wrote it: enough
/// to notice cheaply that another program changed it.
public struct DiskStamp: Equatable, Sendable {
  public var inode: UInt64
  public var size: Int64
  public var modified: timespec
  public var hash: UInt64

  public static func == (a: DiskStamp, b: DiskStamp) -> Bool {
    a.inode == b.inode && a.size == b.size && a.hash == b.hash
      && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
  }
}

/// Reads and writes the todo file with plain POSIX calls, so every step of
/// the atomic save (temporary file, fsync, rename, fsync of the folder) is
/// visible and checked.
public enum TodoFile {
  /// The file's text and stamp, or nil when there is no file yet (an empty list).
  public static func read(_ path: String) throws(TodoFileError) -> (text: String, stamp: DiskStamp)? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      let error = errno
      if error == ENOENT || error == ENOTDIR, try checkParent(of: path) == nil, error == ENOENT { return nil }
      errno = error
      throw TodoFileError("Cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw TodoFileError("Cannot read \(path): \(String(cString: strerror(errno)))") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw TodoFileError("Cannot use \(path): it is not a regular file") }
    guard let bytes = readAll(from: fd, sizeHint: Int(info.st_size)) else {
      throw TodoFileError("Cannot read \(path): \(String(cString: strerror(errno)))")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw TodoFileError("Cannot read \(path): line \(firstInvalidLine(bytes)) is not valid UTF-8")
    }
    return (text, DiskStamp(info, hash: fnv1a(bytes)))
  }

  /// Everything left to read on `descriptor`, interrupted reads retried; nil
  /// when a read fails, with `errno` saying why.
  public static func readAll(from descriptor: Int32, sizeHint: Int = 0) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sizeHint)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: buffer[..<count])
    }
  }

  /// Replaces the file with `text` atomically: afterwards the file holds the
  /// whole old text or the whole new text, whatever happens (crash, kill -9,
  /// power loss). A file's permissions are kept; a symlink is followed.
  ///
  /// Writers (yaru instances, `yaru add`) take turns by a lock on the folder,
  /// and under it the file must still be as `expecting` says.
  @discardableResult
  public static func write(
    _ text: String, to path: String, expecting: DiskExpectation = .anything
  ) throws(TodoFileError) -> DiskStamp {
    let target = resolvedPath(path)
    let folder = PathName.folder(of: target)
    let name = PathName.lastComponent(target)
    func failure(_ what: String) -> TodoFileError {
      TodoFileError("Cannot save \(path): \(what): \(String(cString: strerror(errno)))")
    }
    try makeFolder(folder.isEmpty ? "." : folder, for: path)
    let folderLock = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folderLock >= 0 else { throw failure("cannot open the folder") }
    defer { close(folderLock) }  // closing releases the lock
    guard flock(folderLock, LOCK_EX) == 0 else { throw failure("cannot lock the folder") }
    try check(target, against: expecting, path: path)
    var existing = stat()
    let mode: mode_t = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : defaultFileMode()

    var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".yaru-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw failure("cannot create a temporary file") }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var closed = false
    defer {
      if !closed { close(fd) }
    }
    do throws(TodoFileError) {
      let bytes = Array(text.utf8)
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
        if count < 0 {
          if errno == EINTR { continue }
          throw failure("cannot write")
        }
        written += count
      }
      guard fchmod(fd, mode) == 0 else { throw failure("cannot set permissions") }
      guard fsync(fd) == 0 else { throw failure("cannot flush to disk") }
      closed = true
      guard close(fd) == 0 else { throw failure("cannot close") }
      guard rename(temporary, target) == 0 else { throw failure("cannot replace the file") }
    } catch {
      unlink(temporary)
      throw error
    }
    syncFolder(folder.isEmpty ? "." : folder)
    var info = stat()
    guard stat(target, &info) == 0 else { throw failure("cannot check the saved file") }
    return DiskStamp(info, hash: fnv1a(Array(text.utf8)))
  }

  /// The stamp of the file now, hashing its bytes only when size, time or
  /// inode differ from `known` (the cheap check runs every second).
  public static func stamp(_ path: String, unlessSameAs known: DiskStamp?) -> DiskStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if let known, known.inode == UInt64(info.st_ino), known.size == Int64(info.st_size),
       known.modified.tv_sec == info.st_mtim.tv_sec, known.modified.tv_nsec == info.st_mtim.tv_nsec {
      return known
    }
    guard let (_, stamp) = try? read(path) else { return nil }
    return stamp
  }

  /// 64-bit FNV-1a: a fast fingerprint of the bytes to tell "same list" apart.
  public static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }

  private static func check(_ target: String, against expectation: DiskExpectation, path: String) throws(TodoFileError) {
    let conflict = TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)
    switch expectation {
    case .anything:
      return
    case .noFile:
      if access(target, F_OK) == 0 { throw conflict }
    case .unchanged(let known):
      // A file deleted meanwhile is simply written again: nothing of anyone's is lost.
      guard access(target, F_OK) == 0 else { return }
      guard let now = stamp(target, unlessSameAs: known), now.hash == known.hash else { throw conflict }
    }
  }

  /// Throws when the folder the file should be in is a file; else nil.
  private static func checkParent(of path: String) throws(TodoFileError) -> (text: String, stamp: DiskStamp)? {
    let folder = PathName.folder(of: path)
    var info = stat()
    if !folder.isEmpty, stat(folder, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
      throw TodoFileError("Cannot use \(path): \(folder) is not a folder")
    }
    return nil
  }

  private static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
    var line = 1
    for chunk in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if String(validating: chunk, as: UTF8.self) == nil { return line }
      line += 1
    }
    return line
  }

  private static func makeFolder(_ folder: String, for path: String) throws(TodoFileError) {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else { throw TodoFileError("Cannot save \(path): \(folder) is not a folder") }
      return
    }
    try makeFolder(PathName.folder(of: folder), for: path)
    guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
      throw TodoFileError("Cannot save \(path): cannot create \(folder): \(String(cString: strerror(errno)))")
    }
  }

  private static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  private static func resolvedPath(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  private static func defaultFileMode() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
  }
}

extension DiskStamp {
  init(_ info: stat, hash: UInt64) {
    self.init(inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: info.st_mtim, hash: hash)
  }
}
