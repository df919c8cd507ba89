import Foundation
import Testing
import TodoStorage

/// `TodoFile.readAll`: every byte, whatever the size it was told to expect.
struct ReadAllTests {
  /// A pipe holding `bytes`, its writing end closed: what `readAll` reads.
  private func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
      try #require(count > 0)
      written += count
    }
    close(ends[1])
    return ends[0]
  }

  private func text(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
  }

  @Test(arguments: [0, 1, 4095, 4096, 4097, 20_000, 60_000])
  func readsAllWithoutASizeHint(count: Int) throws {
    let descriptor = try pipeHolding(text(count))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor) == text(count))
  }

  /// The file grew, or shrank, after its size was looked at.
  @Test(arguments: [(0, 10), (10, 10), (11, 10), (100, 10), (10, 100), (5_000, 1)])
  func readsAllWhateverTheHintSaid(count: Int, hint: Int) throws {
    let descriptor = try pipeHolding(text(count))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor, sizeHint: hint) == text(count))
  }

  @Test func moreThanTheLimitIsRefused() throws {
    let descriptor = try pipeHolding(text(5_000))
    defer { close(descriptor) }
    #expect(TodoFile.readAll(from: descriptor, limit: 4_999) == nil)
    #expect(errno == EFBIG)
    let exact = try pipeHolding(text(5_000))
    defer { close(exact) }
    #expect(TodoFile.readAll(from: exact, limit: 5_000) == text(5_000))
  }

  @Test func aFailedReadIsNil() {
    #expect(TodoFile.readAll(from: -1) == nil)
    #expect(errno == EBADF)
  }
}
