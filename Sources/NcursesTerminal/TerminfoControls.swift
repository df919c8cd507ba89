import CNcursesw
import Glibc
import Terminal

extension TerminalControls {
  /// The sequences of the terminal set up by `setupterm`, from its
  /// terminfo entry; nil when it cannot place the cursor (`TERM=dumb`).
  static func terminfo() -> TerminalControls? {
    guard let moveTo = Capability("cup") else { return nil }
    let reset = Capability("sgr0")?.bytes ?? Array("\u{1B}[m".utf8)
    // `ESC ( B` picks the default character set: needed once, not per reset.
    let charset: [UInt8] = [0x1B, 0x28, 0x42]
    let attributesOff = reset.starts(with: charset) ? Array(reset.dropFirst(charset.count)) : reset
    let setForeground = tigetnum("colors") >= 8 ? Capability("setaf") : nil
    return TerminalControls(
      moveTo: { moveTo.format($0, $1) }, right: Capability("cuf")?.withOneNumber, left: Capability("cub")?.withOneNumber,
      leftOne: Capability("cub1")?.bytes, down: Capability("cud1")?.bytes, carriageReturn: Capability("cr")?.bytes,
      attributesOff: attributesOff, fullReset: reset,
      bold: Capability("bold")?.bytes, dim: Capability("dim")?.bytes, italic: Capability("sitm")?.bytes,
      reverse: Capability("rev")?.bytes, underline: Capability("smul")?.bytes,
      foreground: setForeground?.withOneNumber, defaultColors: Capability("op")?.bytes,
      showCursor: Capability("cnorm")?.bytes, hideCursor: Capability("civis")?.bytes,
      scrollsAtBottomRight: tigetflag("am") > 0 && tigetflag("xenl") <= 0,
      movesInStandout: tigetflag("msgr") > 0
    )
  }
}

/// One string capability of the terminfo entry `setupterm` loaded, copied out.
struct Capability: Sendable {
  /// The sequence as it is (a capability without parameters).
  let bytes: [UInt8]

  init?(_ name: String) {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    bytes = Self.bytes(of: value)
  }

  /// The sequence with its parameters filled in by terminfo's own rules.
  func format(_ first: Int, _ second: Int? = nil) -> [UInt8] {
    let text = bytes.map { CChar(bitPattern: $0) } + [0]
    let formatted = text.withUnsafeBufferPointer { text in
      if let second {
        yaru_tiparm2(text.baseAddress, Int32(first), Int32(second))
      } else {
        yaru_tiparm1(text.baseAddress, Int32(first))
      }
    }
    return formatted.map { Self.bytes(of: $0) } ?? []
  }

  /// `format` for a capability with one number.
  var withOneNumber: @Sendable (Int) -> [UInt8] {
    { [self] number in format(number, nil) }
  }

  /// A C string's bytes as they are (terminfo strings need not be UTF-8).
  private static func bytes(of text: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
  }
}
