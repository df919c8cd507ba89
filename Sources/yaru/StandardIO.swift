import ArgumentParser
import Glibc
import SystemPackage
import TodoModel
import Todos
import TodoStorage

/// The little I/O the executable does itself — messages on standard error, a
/// script from a file (standard input: `TodoFile.readAll`), the `--log` and `--record` files (LogFile.swift) —
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

  /// The whole file at `path` (up to `limit` bytes); nil if it cannot be read.
  static func readFile(_ path: String, limit: Int = .max) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return TodoFile.readAll(from: descriptor, limit: limit)
  }
}
