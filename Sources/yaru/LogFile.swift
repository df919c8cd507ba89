import ArgumentParser
import Glibc
import Synchronization
import TodoStorage

/// The `--log`, `--record` and `--trace` files. Checked when the command
/// starts, opened (and emptied) only once yaru really starts: `yaru --record
/// done.txt` with no terminal must not empty the archive. What is written
/// before that waits in memory. An existing file is overwritten only if it
/// is empty or one of these files from an earlier run, unless `--force`; a
/// symlink is never followed to a file (one to a terminal or a pipe is fine).
final class LogFile: Sendable {
  /// What the file holds; its first line says so, and marks it as one that
  /// may be overwritten next time.
  enum Kind: String, Sendable {
    case log = "# yaru --log: each action and the state change it made\n"
    case recording = ""  // KeyRecorder writes its own first line
    case trace = "# yaru replay --trace: each script line, its actions and their state changes\n"
    /// `--record --redact`'s copy of the todo file: todo lines only.
    case redactedTodos = " "
  }

  /// The first lines of files that are an earlier run's (a log used to start with its first action).
  private static let earlierRuns = ["# yaru --log", "# recorded by yaru --record", "# yaru replay --trace", "received action:"]

  private let path: String
  /// A terminal or a pipe (through a symlink such as /dev/stderr): written as it is.
  private let isStream: Bool
  private let state = Mutex<(descriptor: Int32?, pending: String)>((nil, ""))

  /// Checks `path`, touching nothing; `todoFile` is never written, however the two paths name it.
  init(path: String, kind: Kind, sparing todoFile: String, force: Bool) throws {
    guard !TodoFile.isSameFile(path, todoFile) else { throw ValidationError("\(path) is the todo file: give --log and --record another file") }
    self.path = path
    var link = stat(), target = stat()
    let exists = lstat(path, &link) == 0
    let isStreamMode = { (mode: mode_t) in mode & S_IFMT == S_IFCHR || mode & S_IFMT == S_IFIFO }
    isStream = exists && stat(path, &target) == 0 && isStreamMode(target.st_mode)
    if exists, !isStream {
      guard link.st_mode & S_IFMT != S_IFLNK else { throw ValidationError("\(path) is a symbolic link: give the file itself") }
      guard link.st_mode & S_IFMT == S_IFREG else { throw ValidationError("\(path) is not a file") }
      guard force || link.st_size == 0 || Self.isEarlierRun(path) else {
        throw ValidationError("\(path) exists and is not a yaru log or recording: --force overwrites it")
      }
    }
    state.withLock { $0.pending = kind == .redactedTodos ? "" : kind.rawValue }
  }

  deinit { state.withLock { if let descriptor = $0.descriptor { close(descriptor) } } }

  /// Creates or empties the file (only its owner may read it: it holds the
  /// todos) and writes what waited.
  func open() throws {
    let flags = O_WRONLY | O_CLOEXEC | (isStream ? 0 : O_CREAT | O_TRUNC | O_NOFOLLOW)
    let descriptor = Glibc.open(path, flags, 0o600)
    guard descriptor >= 0 else { throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))") }
    if !isStream { fchmod(descriptor, 0o600) }  // an earlier run's file too
    state.withLock { state in
      StandardIO.write(state.pending, to: descriptor)
      (state.descriptor, state.pending) = (descriptor, "")
    }
  }

  func write(_ text: String) {
    state.withLock { state in
      if let descriptor = state.descriptor { StandardIO.write(text, to: descriptor) } else { state.pending += text }
    }
  }

  /// Whether the file at `path` starts as a log, recording or trace does.
  static func isEarlierRun(_ path: String) -> Bool {
    let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0 else { return false }
    let start = String(decoding: bytes[..<count], as: UTF8.self)
    return earlierRuns.contains { start.hasPrefix($0) }
  }
}
