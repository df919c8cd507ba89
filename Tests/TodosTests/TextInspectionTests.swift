import Testing
@testable import TodoModel

/// What `yaru doctor` says of a todo file's bytes.
struct TextInspectionTests {
  @Test func anLFFileIsCountedByItsLines() {
    let text = TextInspection(Array("one\ntwo\n".utf8))
    #expect(text.lines == 2 && text.lineEndings == "LF" && text.endsWithNewline)
    #expect(TextInspection([]).lines == 0)
    #expect(TextInspection(Array("one\ntwo".utf8)).lines == 2)
    #expect(!TextInspection(Array("one\ntwo".utf8)).endsWithNewline)
  }

  @Test func lineEndingsAreNamed() {
    #expect(TextInspection(Array("a\r\nb\r\n".utf8)).lineEndings == "CRLF")
    #expect(TextInspection(Array("a\r\nb".utf8)).lineEndings == "CRLF")
    #expect(TextInspection(Array("a\r\nb\nc\n".utf8)).lineEndings == "mixed (1 of 3 lines CRLF)")
    #expect(TextInspection(Array("a\rb\n".utf8)).crLines == 1)
  }

  @Test func badBytesAreFoundByLine() {
    let text = TextInspection(Array("ok\n".utf8) + [0x61, 0xFF, 0x0A] + Array("fine 電話\n".utf8) + [0xE3, 0x81, 0x0A, 0x00, 0x0A])
    #expect(text.invalidUTF8Lines == [2, 4])
    #expect(text.nulLines == [5])
  }

  @Test func aByteOrderMarkAndConflictMarkersAreSeen() {
    let text = TextInspection([0xEF, 0xBB, 0xBF] + Array("<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> origin\n<<<<<<<<< not one\n".utf8))
    #expect(text.byteOrderMark)
    #expect(text.conflictMarkerLines == [1, 3, 5])
  }
}
