import ArgumentParser
import Glibc
import SystemPackage
import TodoModel
import Todos
import TodoStorage

/// The little I/O the executable does itself — messages on standard error, a
/// script from a file (standard input: `TodoFile.readAll`), the `--log` and `--record` files —
/// in plain POSIX calls, so that it links no Foundation.
enum StandardIO {
  /// Writes `message` and a newline to standard error.
  static func printError(_ message: String) {
    write(message + "\n", to: STDERR_FILENO)
  }

  static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  static func isSameFile(_ a: String, _ b: String) -> Bool { TodoFile.isSameFile(a, b) }

  /// The whole file at `path` (up to `limit` bytes); nil if it cannot be read.
  static func readFile(_ path: String, limit: Int = .max) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return TodoFile.readAll(from: descriptor, limit: limit)
  }
}

/// The `--log` and `--record` files: created empty, then appended to from
/// the main queue as things happen.
final class LogFile: Sendable {
  private let descriptor: Int32

  /// `todoFile`: never truncated, however the two paths name it.
  init(path: String, sparing todoFile: String) throws {
    guard !StandardIO.isSameFile(path, todoFile) else { throw ValidationError("\(path) is the todo file: give --log and --record another file") }
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ValidationError("cannot write the log file \(path)") }
  }

  deinit { close(descriptor) }

  func write(_ text: String) {
    StandardIO.write(text, to: descriptor)
  }
}
