import FoundationEssentials
import Glibc
import SystemPackage
import TodoModel

/// A todo file's history on disk: `$XDG_STATE_HOME/yaru/history/NAME`, NAME
/// the todo file's real path with `/` written `%`, readable only by its
/// owner. Records are appended under a lock on the history file (two yarus
/// never interleave them); start-up reads only the tail; once the file
/// passes `compactAt` bytes an append rewrites it with its newest half.
/// Nothing here throws: a failure is a warning, and the list goes on.
public struct HistoryFile: Sendable {
  public let path: String
  /// How much of the end start-up reads: a thousand steps of a few lines each.
  public var tail = 512 * 1024
  public var compactAt = 2 * 1024 * 1024
  /// What compaction keeps: the newest `keepSteps` steps, or every record
  /// of the last `keepDays` days, whichever is more (config `history`, `history-days`).
  public var keepSteps = 1_000
  public var keepDays = 90

  public init(path: String) {
    self.path = path
  }

  /// The history of the todo file at `todoPath`, in `stateFolder` (`…/yaru`).
  public init(of todoPath: String, in stateFolder: String) {
    self.init(path: stateFolder + "/history/" + Self.name(of: TodoFile.realPath(todoPath)))
  }

  /// `/home/me/todo.txt` → `%home%me%todo.txt`, a `%` written `%25`.
  /// Scalar by scalar: `replacing(_:with:)` brought the string-searching
  /// library's code (~400 KB) into every start's resident pages.
  static func name(of path: String) -> String {
    var name = ""
    name.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      switch scalar {
      case "%": name += "%25"
      case "/": name += "%"
      default: name.unicodeScalars.append(scalar)
      }
    }
    return name
  }

  public var client: HistoryClient {
    HistoryClient(read: read, append: append, base: base, keepBase: keepBase)
  }

  /// Where the file's text is kept as yaru last read or wrote it.
  var basePath: String { path + ".base" }

  public func base() -> String? {
    (try? TodoFile.read(basePath))?.text
  }

  /// Kept atomically and privately (not read back first: a save always
  /// brings new text; a start and a quit compare first, `HistoryClient`);
  /// a failure only loses the base (a later merge then keeps every line of
  /// both sides).
  public func keepBase(_ text: String) {
    try? NewFile.makePrivate(basePath)
    _ = try? TodoFile.write(text, to: basePath)
  }

  public func read() -> HistoryReading {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return HistoryReading(records: []) }
      return HistoryReading(records: [], warning: "History not read: \(path): \(Errno(rawValue: errno).reason)")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return HistoryReading(records: [], warning: "History not read: \(path) is not a file")
    }
    let start = max(0, Int(info.st_size) - tail)
    if start > 0 { lseek(descriptor, off_t(start), SEEK_SET) }
    guard let bytes = TodoFile.readAll(from: descriptor, sizeHint: Int(info.st_size) - start) else {
      return HistoryReading(records: [], warning: "History not read: \(path): \(Errno(rawValue: errno).reason)")
    }
    let (records, isDamaged) = HistoryText.decode(String(decoding: bytes, as: UTF8.self)[...], isWhole: start == 0)
    return HistoryReading(records: records, warning: isDamaged ? "History partly unreadable (\(path)): kept what could be read" : nil)
  }

  public func append(_ records: [HistoryRecord]) -> String? {
    guard !records.isEmpty else { return nil }
    do throws(TodoFileError) {
      try NewFile.makePrivate(path)
    } catch {
      return "History not written: \(error.message)"
    }
    let descriptor = open(path, O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return "History not written: \(path): \(Errno(rawValue: errno).reason)" }
    defer { close(descriptor) }
    // Another yaru appending holds it for a moment; a hung one is not waited for.
    var tries = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      tries += 1
      guard tries < 50 else { return "History not written: \(path) is locked" }
      usleep(2_000)
    }
    // After a line cut short (a crash, garbage), the next record starts a line of its own.
    var last: UInt8 = UInt8(ascii: "\n")
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_size > 0 { _ = pread(descriptor, &last, 1, info.st_size - 1) }
    let text = (last == UInt8(ascii: "\n") ? "" : "\n") + HistoryText.encode(records)
    let written = text.utf8.withContiguousStorageIfAvailable { buffer in
      (try? FileDescriptor(rawValue: descriptor).writeAll(UnsafeRawBufferPointer(buffer))) ?? -1
    } ?? -1
    guard written == text.utf8.count else { return "History not written: \(path): \(Errno(rawValue: errno).reason)" }
    if fstat(descriptor, &info) == 0, Int(info.st_size) > compactAt { compact() }
    return nil
  }

  /// Rewrites the file with what it keeps (under the lock the caller
  /// holds), atomically: a crash leaves the old one. Never on a key's path:
  /// only an append on the I/O queue, or the shell's, gets here.
  private func compact() {
    var reader = self
    reader.tail = .max
    let records = reader.read().records
    let since = Date(timeIntervalSinceNow: -Double(keepDays) * 86_400)
    var steps = 0
    var firstKept = records.count
    for (index, record) in records.enumerated().reversed() {
      if record.kind == .step { steps += 1 }
      guard steps <= keepSteps || record.time >= since else { break }
      firstKept = index
    }
    _ = try? TodoFile.write(HistoryText.encode(Array(records[firstKept...])), to: path)
  }
}
