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
    // The eight colours yaru uses, formatted once.
    var foreground: (@Sendable (Int) -> [UInt8])?
    if tigetnum("colors") >= 8, let setaf = Capability("setaf") {
      let colors = (0..<8).map { setaf.format($0) }
      foreground = { colors[$0] }
    }
    return TerminalControls(
      moveTo: { moveTo.format($0, $1) }, right: Capability("cuf")?.withOneNumber, left: Capability("cub")?.withOneNumber,
      leftOne: Capability("cub1")?.bytes, down: Capability("cud1")?.bytes, carriageReturn: Capability("cr")?.bytes,
      attributesOff: attributesOff, fullReset: reset,
      bold: Capability("bold")?.bytes, dim: Capability("dim")?.bytes, italic: Capability("sitm")?.bytes,
      reverse: Capability("rev")?.bytes, underline: Capability("smul")?.bytes,
      foreground: foreground, defaultColors: Capability("op")?.bytes,
      showCursor: Capability("cnorm")?.bytes, hideCursor: Capability("civis")?.bytes,
      scrollsAtBottomRight: tigetflag("am") > 0 && tigetflag("xenl") <= 0,
      movesInStandout: tigetflag("msgr") > 0
    )
  }
}

/// One string capability of the terminfo entry `setupterm` loaded, copied
/// out without its padding (`$<5>`: delays for hardware terminals, which
/// only tputs understands — written as they are they would show as text).
struct Capability: Sendable {
  /// The sequence as it is (a capability without parameters).
  let bytes: [UInt8]
  /// The sequence as literal bytes and numbers, when it has the usual shape.
  private let template: [Piece]?

  /// A part of a parametrized sequence of the usual shape: `%p1%d`, `%p2%d`
  /// and `%i` (numbers from 1) are all most entries use for moves.
  private enum Piece: Sendable {
    case literal([UInt8])
    /// The first or second number, plus 1 after `%i`.
    case number(second: Bool, plusOne: Bool)

    var isNumber: Bool {
      if case .number = self { true } else { false }
    }
  }

  init?(_ name: String) {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    bytes = Self.withoutPadding(Self.bytes(of: value))
    template = Self.template(of: bytes)
  }

  /// The sequence with its parameters filled in: by the template when it
  /// has one, else by terminfo's own rules (tiparm, which parses the
  /// string again on every call: ~10,000 instructions a cursor move).
  func format(_ first: Int, _ second: Int = 0) -> [UInt8] {
    if let template {
      // One array, its digits written in place: grown piece by piece with
      // each number made a String first, a move was four allocations.
      var formatted: [UInt8] = []
      formatted.reserveCapacity(bytes.count + 8)
      for piece in template {
        switch piece {
        case .literal(let text): formatted += text
        case .number(let isSecond, let plusOne): Self.appendDecimal((isSecond ? second : first) + (plusOne ? 1 : 0), to: &formatted)
        }
      }
      return formatted
    }
    return formattedByTerminfo(first, second)
  }

  /// `number` in decimal, as `%d` writes it.
  private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var divisor: UInt = 1
    while divisor <= magnitude / 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
      divisor /= 10
    }
  }

  /// `format` by tiparm, whatever the sequence's shape.
  func formattedByTerminfo(_ first: Int, _ second: Int = 0) -> [UInt8] {
    let text = bytes.map { CChar(bitPattern: $0) } + [0]
    let formatted = text.withUnsafeBufferPointer { yaru_tiparm2($0.baseAddress, Int32(first), Int32(second)) }
    return formatted.map { Self.bytes(of: $0) } ?? []
  }

  /// Whether `format` fills in the numbers itself.
  var hasTemplate: Bool { template != nil }

  /// `format` for a capability with one number.
  var withOneNumber: @Sendable (Int) -> [UInt8] {
    { [self] number in format(number) }
  }

  /// The pieces of `text` if its only `%` codes are `%i` (before any
  /// number), `%p1%d`, `%p2%d` and `%%`; nil for anything else
  /// (arithmetic, conditions), left to tiparm.
  private static func template(of text: [UInt8]) -> [Piece]? {
    let percent = UInt8(ascii: "%")
    var pieces: [Piece] = []
    var literal: [UInt8] = []
    var addsOne = false
    var index = 0
    while index < text.count {
      guard text[index] == percent, index + 1 < text.count else {
        literal.append(text[index])
        index += 1
        continue
      }
      let rest = text[(index + 1)...]
      if rest.starts(with: "%".utf8) {
        literal.append(percent)
        index += 2
      } else if rest.starts(with: "i".utf8), !pieces.contains(where: \.isNumber) {
        addsOne = true
        index += 2
      } else if rest.starts(with: "p1%d".utf8) || rest.starts(with: "p2%d".utf8) {
        pieces.append(.literal(literal))
        literal = []
        pieces.append(.number(second: rest.starts(with: "p2".utf8), plusOne: addsOne))
        index += 5
      } else {
        return nil
      }
    }
    pieces.append(.literal(literal))
    return pieces
  }

  /// `text` without `$<…>` padding.
  private static func withoutPadding(_ text: [UInt8]) -> [UInt8] {
    var kept: [UInt8] = []
    var index = 0
    while index < text.count {
      if text[index] == UInt8(ascii: "$"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "<"),
        let end = text[index...].firstIndex(of: UInt8(ascii: ">"))
      {
        index = end + 1
      } else {
        kept.append(text[index])
        index += 1
      }
    }
    return kept
  }

  /// A C string's bytes as they are (terminfo strings need not be UTF-8).
  private static func bytes(of text: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
  }
}
