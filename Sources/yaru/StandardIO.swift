import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The little I/O the executable does itself — messages on standard error, a
/// script from a file or standard input, the `--log` and `--record` files —
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

  /// Everything left to read on `descriptor`; nil if reading fails.
  static func readAll(_ descriptor: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// The whole file at `path`; nil if it cannot be read.
  static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return readAll(descriptor)
  }
}

/// The `--log` and `--record` files: created empty, then appended to from
/// the main queue as things happen.
final class LogFile: Sendable {
  private let descriptor: Int32

  init(path: String) throws {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ValidationError("cannot write the log file \(path)") }
  }

  deinit { close(descriptor) }

  func write(_ text: String) {
    StandardIO.write(text, to: descriptor)
  }
}
