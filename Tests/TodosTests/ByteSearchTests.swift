import Testing
import FoundationEssentials
@testable import TodoModel

/// The word-at-a-time byte search and the strings cut from a text's bytes,
/// checked against the plain walk and the substring on random inputs.
struct ByteSearchTests {
  /// Bytes chosen to trouble the carry trick: the byte itself, its
  /// neighbours, zero, 0x80 and 0xFF, in runs of every length around 8.
  @Test func theFirstIndexIsThePlainWalks() {
    var generator = SplitMix64(state: 20_261_129)
    let pieces: [UInt8] = [0x0A, 0x09, 0x0B, 0x00, 0x80, 0xFF, 0x8A, 0x0D, 0x61, 0x01]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      let byte = [UInt8(0x0A), 0x00, 0xFF, 0x80].randomElement(using: &generator)!
      let start = Int.random(in: 0...bytes.count + 2, using: &generator)
      let expected = start < bytes.count ? bytes[start...].firstIndex(of: byte) : nil
      #expect(ByteSearch.firstIndex(of: byte, in: bytes.span, from: start) == expected, "\(bytes) \(byte) from \(start)")
    }
  }

  @Test func aLineCutFromTheBytesIsTheSubstringsString() {
    let text = "(A) 2026-11-29 タスク 🎉 +home\nx done\n\nlast"
    let lines = TodoList.lines(of: text)
    #expect(lines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    #expect(TodoList(parsing: text) { UUID() }.todos.map(\.text) == ["タスク 🎉 +home", "done", "", "last"])
  }

  /// Bytes that are not UTF-8 (never from a string's own bytes, but the
  /// helper is total) read as `String(decoding:)` reads them.
  @Test func bytesThatAreNotUTF8AreRepairedNotTrapped() {
    let bytes: [UInt8] = [0x61, 0xFF, 0xE3, 0x81, 0x62]
    #expect(String(utf8Of: bytes.span) == String(decoding: bytes, as: UTF8.self))
  }
}
