import Foundation
import Testing
import TodoStorage

/// `TodoFile.readAll`: every byte, whatever size it was told to expect,
/// and never much more memory than `limit` allows.
struct ReadAllTests {
  /// A file holding `bytes`, opened for reading (and already unlinked).
  private func fileHolding(_ bytes: [UInt8]) throws -> Int32 {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-read-all-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    unlink(path)
    try #require(descriptor >= 0)
    return descriptor
  }

  /// A pipe holding `bytes` (a few, below any pipe's capacity), its writing end closed.
  private func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    try #require(written == bytes.count)
    close(ends[1])
    return ends[0]
  }

  private func text(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
  }

  @Test(arguments: [0, 1, 4095, 4096, 4097, 20_000, 60_000])
  func readsAllWithoutASizeHint(count: Int) throws {
    let descriptor = try fileHolding(text(count))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor) == text(count))
  }

  /// The file grew, or shrank, after its size was looked at.
  @Test(arguments: [(0, 10), (10, 10), (11, 10), (100, 10), (10, 100), (50_000, 1)])
  func readsAllWhateverTheHintSaid(count: Int, hint: Int) throws {
    let descriptor = try fileHolding(text(count))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor, sizeHint: hint) == text(count))
  }

  @Test func aPipeIsReadToItsEnd() throws {
    let descriptor = try pipeHolding(text(3_000))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor) == text(3_000))
  }

  @Test(arguments: [0, 4_096, 1_000_000])
  func moreThanTheLimitIsRefused(hint: Int) throws {
    let descriptor = try fileHolding(text(5_000))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor, sizeHint: hint, limit: 4_999) == nil)
    #expect(errno == EFBIG)
    let exact = try fileHolding(text(5_000))
    defer { close(exact) }
    #expect(TodoFile.readAll(from: exact, sizeHint: hint, limit: 5_000) == text(5_000))
  }

  /// An endless input (`yaru replay /dev/zero`) is refused once past the limit.
  @Test func anEndlessInputIsRefusedAtTheLimit() throws {
    let descriptor = open("/dev/zero", O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor, limit: 100_000) == nil)
    #expect(errno == EFBIG)
  }

  @Test func aFailedReadIsNil() {
    errno = 0
    #expect(TodoFile.readAll(from: -1) == nil)
    #expect(errno == EBADF)
  }
}
