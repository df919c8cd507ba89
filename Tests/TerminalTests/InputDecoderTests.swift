import Terminal
import Testing

/// The terminal's bytes as keys: decoded from byte strings, as they arrive.
struct InputDecoderTests {
  private func keys(_ text: String) -> [Key] {
    var decoder = InputDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test(arguments: [
    // Normal and application cursor keys are the same keys.
    ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [Key.up, .down, .right, .left]),
    ("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD", [.up, .down, .right, .left]),
    ("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~", [.home, .end, .home, .end, .home, .end]),
    ("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z", [.pageUp, .pageDown, .delete, .backTab]),
    ("\u{1B}OP\u{1B}[15~\u{1B}[24~", [.function(1), .function(5), .function(12)]),
    // Modifiers: Ctrl-Right/Left are word moves; Shift-Up is Up.
    ("\u{1B}[1;5C\u{1B}[1;5D\u{1B}[1;2A", [.controlRight, .controlLeft, .up]),
    // Alt with a key arrives as ESC and the key together.
    ("\u{1B}d\u{1B}b\u{1B}\u{7F}\u{1B}牛", [.alt("d"), .alt("b"), .alt(.backspace), .alt("牛")]),
    ("a\r\t\u{7F}\u{12}", ["a", .enter, .tab, .backspace, .control("r")]),
    ("牛乳🥛", ["牛", "乳", "🥛"]),
    // A left press is a click (0-based cell), 64/65 the wheel; releases,
    // other buttons, drags and terminal replies are no keys.
    ("\u{1B}[<0;10;5M\u{1B}[<0;10;5mj\u{1B}[?62;c", [.click(column: 9, row: 4), "j"]),
    ("\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;3;3M\u{1B}[<32;3;3M\u{1B}[<4;3;3M", [.wheelUp, .wheelDown]),
    // ESC ESC: the first is Esc.
    ("\u{1B}\u{1B}[C", [.escape, .right]),
  ])
  func sequencesAreKeys(_ bytes: String, _ expected: [Key]) {
    #expect(keys(bytes) == expected)
  }

  /// A paste is text, whatever it holds: lines, and what would be keys.
  @Test func aBracketedPasteIsText() {
    #expect(keys("\u{1B}[200~Eggs\rjdjxC\u{1B}[A\u{1B}[201~k") == [.paste("Eggs\rjdjxC\u{1B}[A"), "k"])
  }

  /// Reads split anywhere: a sequence, a UTF-8 character, the paste's end
  /// marker. Each byte alone gives the same keys as all at once.
  @Test func bytesSplitAcrossReadsGiveTheSameKeys() {
    let text = "a\u{1B}[1;5C牛\u{1B}OD\u{1B}[200~x\u{1B}[2y\u{1B}[201~\u{1B}f🥛"
    var decoder = InputDecoder()
    var keys: [Key] = []
    for byte in Array(text.utf8) { keys += decoder.feed([byte]) }
    #expect(keys == ["a", .controlRight, "牛", .left, .paste("x\u{1B}[2y"), .alt("f"), "🥛"])
    #expect(!decoder.isHolding)
  }

  /// The terminal's reply to "do you know synchronized output?" (DECRPM for
  /// mode 2026) is remembered, never a key; 0 and 4 mean it is not known.
  @Test(arguments: [("1", true), ("2", true), ("3", true), ("0", false), ("4", false)])
  func theSynchronizedOutputReplyIsRemembered(_ state: String, _ isKnown: Bool) {
    var decoder = InputDecoder()
    #expect(!decoder.supportsSynchronizedOutput)
    #expect(decoder.feed(Array("\u{1B}[?2026;\(state)$yj".utf8)) == ["j"])
    #expect(decoder.supportsSynchronizedOutput == isKnown)
  }

  /// A lone ESC waits for what may follow; after the escape delay it is Esc.
  @Test func aLoneEscapeIsEscOnlyAfterTheDelay() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isHolding)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed(Array("x".utf8)) == ["x"], "x after the delay is x, not Alt-x")
  }

  /// A terminal without SGR sends X10 reports, `ESC [ M` and three bytes
  /// (32 + button, column, row): clicks and the wheel, never typed keys. A
  /// click at column 68 (byte `d`) must not delete; a release is no key.
  @Test(arguments: [
    ("\u{1B}[M d%", [Key.click(column: 67, row: 4)]),
    ("\u{1B}[M`!!\u{1B}[Ma!!j", [.wheelUp, .wheelDown, "j"]),
    ("\u{1B}[M#d%\u{1B}[M\"xx\u{1B}[M@dd", []),
    // UTF-8 mode 1005: a column past 95 is a two-byte character (200 + 32 = U+00E8).
    ("\u{1B}[M \u{E8}%k", [.click(column: 199, row: 4), "k"]),
    // urxvt's mode 1015: the same numbers, in decimal.
    ("\u{1B}[32;68;5M\u{1B}[35;68;5M", [.click(column: 67, row: 4)]),
  ])
  func legacyMouseReportsAreClicksNotKeys(_ bytes: String, _ expected: [Key]) {
    #expect(keys(bytes) == expected)
  }

  /// Raw X10 bytes past 127 (columns 96–223 without mode 1005) are not
  /// UTF-8, and a report split across reads waits for its last byte.
  @Test func rawAndSplitX10ReportsAreClicks() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B, 0x5B, 0x4D, 0x20, 0xF0]) == [])
    #expect(decoder.isHolding)
    #expect(decoder.feed([0x25, UInt8(ascii: "j")]) == [.click(column: 207, row: 4), "j"])
    // Cut short and never finished: dropped, not Esc and `[M d` as keys.
    #expect(decoder.feed(Array("\u{1B}[M d".utf8)) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.feed(Array("q".utf8)) == ["q"])
  }

  /// A paste whose end never comes: ended by the session after a quiet
  /// time, its text a paste; the keys after it are keys again.
  @Test func anUnendedPasteEndsWhenTold() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~hello\u{1B}[2".utf8)) == [])
    #expect(decoder.isPasting)
    #expect(decoder.endPaste() == [.paste("hello\u{1B}[2")])
    #expect(!decoder.isPasting)
    #expect(decoder.feed(Array("q".utf8)) == ["q"])
  }

  /// Ctrl-C inside a paste is Ctrl-C: the way out of a paste that never ends.
  @Test func controlCEndsAPaste() {
    #expect(keys("\u{1B}[200~dddd\u{3}j") == [.control("c"), "j"])
  }

  /// An overlong paste keeps the limit's worth of text and drops the rest.
  @Test func aPasteIsBounded() {
    var decoder = InputDecoder()
    _ = decoder.feed(Array("\u{1B}[200~".utf8))
    let chunk = [UInt8](repeating: UInt8(ascii: "d"), count: 1 << 16)
    for _ in 0..<(InputDecoder.pasteLimit / chunk.count + 4) { #expect(decoder.feed(chunk) == []) }
    let keys = decoder.feed(Array("\u{1B}[201~j".utf8))
    #expect(keys.count == 2)
    if case .paste(let text) = keys.first { #expect(text.utf8.count == InputDecoder.pasteLimit) } else { Issue.record("no paste") }
    #expect(keys.last == "j")
  }
}
