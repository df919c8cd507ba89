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

  /// Whatever the case bit: the first byte equal to the one sought once
  /// 0x20 is set in both (a letter in either case; a few other bytes
  /// with it, which the callers compare again).
  @Test func theCaselessFirstIndexIsThePlainWalks() {
    var generator = SplitMix64(state: 20_261_131)
    let pieces: [UInt8] = [0x61, 0x41, 0x40, 0x60, 0x20, 0x00, 0xE1, 0xC1, 0xFF, 0x62, 0x21]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      let byte = [UInt8(0x61), 0x40, 0x20, 0xE1].randomElement(using: &generator)!
      let start = Int.random(in: 0...bytes.count + 2, using: &generator)
      let expected = start < bytes.count ? bytes[start...].firstIndex { $0 | 0x20 == byte | 0x20 } : nil
      #expect(ByteSearch.firstIndex(caseless: byte, in: bytes.span, from: start) == expected, "\(bytes) \(byte) from \(start)")
    }
  }

  /// A word of the search, found in a line and as a whole word, as the
  /// lower-cased strings say (ASCII lines and words; the word's first
  /// byte among those the case-bit search finds in other bytes too).
  @Test func aSearchWordIsFoundWhereTheLowercasedLineHasIt() {
    var generator = SplitMix64(state: 20_261_132)
    let letters = Array("aAbB@` :x")
    for _ in 0..<20_000 {
      let line = String((0..<Int.random(in: 0...30, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
      let word = String((0..<Int.random(in: 1...3, using: &generator)).map { _ in letters.filter { $0 != " " }.randomElement(using: &generator)! })
      let text = CaseInsensitiveText(word)
      #expect(text.matches(text: line, priority: nil) == line.lowercased().contains(word.lowercased()), "\(word) in \(line)")
      let words = line.lowercased().split(separator: " ", omittingEmptySubsequences: false)
      #expect(text.isWord(in: line) == words.contains { $0 == word.lowercased() }, "\(word) a word of \(line)")
    }
  }

  /// Equal or not as arrays are, at every length around a word's and
  /// with the difference anywhere; another normalization is other bytes.
  @Test func bytesAreEqualAsArraysAre() {
    var generator = SplitMix64(state: 20_261_130)
    for _ in 0..<5_000 {
      let first = (0..<Int.random(in: 0...20, using: &generator)).map { _ in UInt8.random(in: 0...2, using: &generator) }
      var second = first
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where !second.isEmpty: second[Int.random(in: second.indices, using: &generator)] ^= 1
      case 1: second.append(0)
      default: break
      }
      #expect(ByteSearch.equal(first.span, second.span) == (first == second), "\(first) \(second)")
    }
    #expect("caf\u{E9}" == "cafe\u{301}")
    #expect(!"caf\u{E9}".hasSameBytes(as: "cafe\u{301}"))
    #expect("タスク 🎉".hasSameBytes(as: String(decoding: Array("タスク 🎉".utf8), as: UTF8.self)))
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
