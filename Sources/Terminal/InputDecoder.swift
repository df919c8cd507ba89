/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys,
/// cursor and function keys in both the normal (`ESC [ C`) and the
/// application (`ESC O C`) mode, with modifiers (`ESC [ 1 ; 5 C` is
/// Ctrl-Right), Alt with a key (`ESC x` arriving together), and bracketed
/// pastes (`ESC [ 200 ~` … `ESC [ 201 ~`), which are text and never keys,
/// and mouse reports (left clicks and the wheel; see InputDecoder+Mouse.swift).
/// Pure: fed the bytes of each read, it keeps what is incomplete for the
/// next one. A lone ESC waits: `flush` after the escape delay makes it Esc.
/// Sequences it does not know (other mouse reports, replies) are dropped whole,
/// so they never turn into keys; the one reply it asks for (whether the
/// terminal knows synchronized output) it remembers.
public struct InputDecoder: Sendable {
  var held: [UInt8] = []
  /// Inside a bracketed paste: the text so far (see InputDecoder+Paste.swift).
  var paste: [UInt8]?
  /// Whether the terminal replied that it knows DEC mode 2026.
  public private(set) var supportsSynchronizedOutput = false

  public init() {}

  /// Whether bytes are held for more to come (call `flush` if none does).
  public var isHolding: Bool { !held.isEmpty && paste == nil }

  /// The keys these bytes complete, with what earlier reads left.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    feed(ArraySlice(bytes))
  }

  /// `feed` for what a read left in a buffer: concrete, so that the
  /// backend's call needs no generic lookups at run time.
  public mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Key] {
    held.append(contentsOf: bytes)
    var keys: [Key] = []
    var start = 0
    while start < held.count {
      if paste != nil {
        start = takePaste(from: start, into: &keys)
        if paste != nil { break }
        continue
      }
      guard let (token, length) = Self.decode(held[start...]) else { break }  // incomplete
      start += length
      switch token {
      case .key(let key): keys.append(key)
      case .pasteStart: paste = []
      case .synchronizedOutput(let isKnown): supportsSynchronizedOutput = isKnown
      case .nothing: break
      }
    }
    held.removeFirst(start)
    return keys
  }

  /// Nothing more came after the escape delay: a held ESC is the Esc key
  /// (and what follows it is read as it stands); a cut UTF-8 sequence is dropped.
  public mutating func flush() -> [Key] {
    guard isHolding else { return [] }
    var keys: [Key] = []
    if held.starts(with: Self.x10Prefix) {
      held.removeAll()  // a mouse report cut short: never its bytes as keys
    } else if held.first == 0x1B {
      held.removeFirst()
      keys.append(.escape)
      keys += feed([])
    }
    if isHolding { held.removeAll() }
    return keys
  }

  // MARK: One key

  /// What a sequence of bytes means.
  enum Token: Equatable {
    case key(Key)
    case pasteStart
    /// The reply to DECRQM for mode 2026: whether the terminal knows it.
    case synchronizedOutput(Bool)
    /// Bytes that mean no key (unknown sequences, stray bytes).
    case nothing

    init(_ key: Key?) { self = key.map { .key($0) } ?? .nothing }
  }

  /// The token at the start of `bytes` and how many bytes it took; nil
  /// when the bytes end before it does.
  static func decode(_ bytes: ArraySlice<UInt8>) -> (Token, Int)? {
    guard let first = bytes.first else { return nil }
    guard first == 0x1B else { return plain(bytes).map { (Token($0.0), $0.1) } }
    let rest = bytes.dropFirst()
    guard let second = rest.first else { return nil }  // a lone ESC so far
    switch second {
    case UInt8(ascii: "["):
      if rest.dropFirst().first == UInt8(ascii: "M") { return x10Mouse(rest.dropFirst(2)).map { ($0.0, $0.1 + 3) } }
      return controlSequence(rest.dropFirst()).map { ($0.0, $0.1 + 2) }
    case UInt8(ascii: "O"):
      guard let third = rest.dropFirst().first else { return nil }
      return (Token(ss3[third]), 3)
    case 0x1B:
      return (.key(.escape), 1)
    default:
      // Alt with a key: ESC and the key, arrived together.
      guard let (key, length) = plain(rest) else { return nil }
      return (Token(key.map { .alt($0) }), length + 1)
    }
  }

  /// A byte or UTF-8 sequence that does not start with ESC.
  private static func plain(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes.first!
    switch first {
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first - 1 + 0x61))), 1)
    case 0x00...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    default:
      let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
      guard length > 1 else { return (nil, 1) }  // a stray continuation byte
      guard bytes.count >= length else { return nil }
      let sequence = bytes.prefix(length)
      guard let text = String(validating: sequence, as: UTF8.self), let character = text.first else { return (nil, 1) }
      return (.character(character), length)
    }
  }

  /// After `ESC [`: parameters, then one final byte. Nil until the final byte came.
  private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (Token, Int)? {
    guard let final = bytes.firstIndex(where: { (0x40...0x7E).contains($0) }) else {
      // Too long to be a key: drop what came (never read it as keys).
      return bytes.count > 32 ? (.nothing, bytes.count) : nil
    }
    let length = final - bytes.startIndex + 1
    let parameters = String(decoding: bytes[bytes.startIndex..<final], as: UTF8.self)
    if parameters.hasPrefix("<") { return (Token(sgrMouse(parameters.dropFirst(), isPress: bytes[final] == UInt8(ascii: "M"))), length) }
    if parameters.hasPrefix("?2026;"), parameters.hasSuffix("$"), bytes[final] == UInt8(ascii: "y") {
      // DECRPM: 1 or 2 (set or reset) or 3 (always set) mean it is known.
      let state = parameters.dropFirst(6).dropLast()
      return (.synchronizedOutput(["1", "2", "3"].contains(state)), length)
    }
    guard !parameters.hasPrefix("?") else { return (.nothing, length) }  // other replies
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    if bytes[final] == UInt8(ascii: "M") { return (Token(urxvtMouse(numbers)), length) }
    let modifier = numbers.count > 1 ? numbers[1] ?? 1 : 1
    let isControl = modifier >= 1 && (modifier - 1) & 4 != 0
    switch bytes[final] {
    case UInt8(ascii: "C"): return (.key(isControl ? .controlRight : .right), length)
    case UInt8(ascii: "D"): return (.key(isControl ? .controlLeft : .left), length)
    case UInt8(ascii: "~"):
      guard let number = numbers.first ?? nil else { return (.nothing, length) }
      return number == 200 ? (.pasteStart, length) : (Token(tilde[number]), length)
    case let other: return (Token(ss3[other]), length)
    }
  }

  /// Final bytes shared by `ESC O x` and `ESC [ x`.
  private static let ss3: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
    UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "Z"): .backTab, UInt8(ascii: "M"): .enter,
    UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3),
    UInt8(ascii: "S"): .function(4),
  ]

  /// `ESC [ n ~` keys (VT220 numbering, as xterm and tmux send them).
  private static let tilde: [Int: Key] = [
    1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12),
  ]
}
