import Testing
@testable import TodoModel

/// The two hashes of bytes: the line fingerprint, whose values are kept on
/// disk and must never change, and the file's stamp hash, only compared
/// within a run, which must tell apart the texts a save could confuse.
struct HashTests {
  /// FNV-1a's published values: the history's kept fingerprints and the
  /// iCalendar UIDs already written stay valid.
  @Test func aLineFingerprintIsFNV1a() {
    #expect(LineFingerprint.of("".utf8) == 0xcbf2_9ce4_8422_2325)
    #expect(LineFingerprint.of("a".utf8) == 0xaf63_dc4c_8601_ec8c)
    #expect(LineFingerprint.of("foobar".utf8) == 0x8594_4171_f739_67e8)
    // Through the sequence, not its storage: the same value.
    #expect(LineFingerprint.of("foobar".utf8.lazy.map { $0 }) == 0x8594_4171_f739_67e8)
  }

  @Test func theStampHashTellsApartTextsThatDifferAtTheirEnd() {
    let texts = ["", "a", "a\0", "a\0\0\0\0\0\0\0", "a\0\0\0\0\0\0\0\0", "12345678", "123456780", "1234567\n", "\0"]
    #expect(Set(texts.map { DiskStamp.hash($0.utf8) }).count == texts.count)
  }

  /// Any one byte changed, anywhere in a file (the first word, a middle
  /// one, the tail), gives another hash.
  @Test func oneChangedByteAlwaysChangesTheStampHash() {
    let text = Array("(A) 2026-11-29 call mom +family @phone due:2026-12-01\nx 2026-11-28 buy milk\n".utf8)
    let original = DiskStamp.hash(text)
    for index in text.indices {
      for delta: UInt8 in [1, 0x20, 0x80] {
        var changed = text
        changed[index] ^= delta
        #expect(DiskStamp.hash(changed) != original, "byte \(index) ^ \(delta)")
      }
    }
  }

  /// Two lines swapped (a sort by another program) keep the size: the
  /// hash must still see it.
  @Test func swappedLinesChangeTheStampHash() {
    #expect(DiskStamp.hash("buy milk\ncall mom\n".utf8) != DiskStamp.hash("call mom\nbuy milk\n".utf8))
    #expect(DiskStamp.hash("abcdefgh12345678".utf8) != DiskStamp.hash("12345678abcdefgh".utf8))
  }

  /// The string's contiguous bytes and the same bytes in an array (a
  /// file's read, a string's write) hash alike.
  @Test func theStampHashIsTheSameForAStringAndItsBytes() {
    let text = "Task 1 buy milk +home @shop\nタスク 🎉\n"
    #expect(DiskStamp.hash(text.utf8) == DiskStamp.hash(Array(text.utf8)))
    #expect(DiskStamp.hash(text.utf8) == DiskStamp.hash(text.utf8.lazy.map { $0 }))
  }
}
