/// Mouse reports. yaru asks for SGR reports (`ESC [ < b ; x ; y M`), but a
/// terminal that does not know SGR sends the legacy X10 form instead,
/// `ESC [ M` and three bytes (or, in UTF-8 mode 1005, three characters),
/// or urxvt's `ESC [ b ; x ; y M`. Each is decoded as the same click or
/// wheel turn, or dropped: its coordinate bytes are never typed keys (a
/// click in column 68 would otherwise be `d`, delete).
extension InputDecoder {
  static let x10Prefix: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "M")]

  /// After `ESC [ M`: button, column and row, each 32 + the value, as one
  /// byte or a two-byte UTF-8 character. Nil until all three came.
  static func x10Mouse(_ bytes: ArraySlice<UInt8>) -> (Token, Int)? {
    var values: [Int] = []
    var index = bytes.startIndex
    while values.count < 3 {
      guard index < bytes.endIndex else { return nil }
      let byte = bytes[index]
      if (0xC2...0xDF).contains(byte) {
        // A UTF-8 lead (mode 1005), or a raw byte for a column past 94.
        let next = index + 1
        guard next < bytes.endIndex else { return nil }
        if (0x80...0xBF).contains(bytes[next]) {
          values.append((Int(byte & 0x1F) << 6 | Int(bytes[next] & 0x3F)) - 32)
          index += 2
          continue
        }
      }
      values.append(Int(byte) - 32)
      index += 1
    }
    let key = mouse(button: values[0], column: values[1], row: values[2], isPress: values[0] & 3 != 3)
    return (Token(key), index - bytes.startIndex)
  }

  /// urxvt's mode 1015, `ESC [ b ; x ; y M`: the button as in X10 (32 + it).
  static func urxvtMouse(_ numbers: [Int?]) -> Key? {
    guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2] else { return nil }
    return mouse(button: button - 32, column: column, row: row, isPress: (button - 32) & 3 != 3)
  }

  /// An SGR report (`ESC [ < b ; x ; y M`, `m` on release).
  static func sgrMouse(_ parameters: Substring, isPress: Bool) -> Key? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3 else { return nil }
    return mouse(button: numbers[0], column: numbers[1], row: numbers[2], isPress: isPress)
  }

  /// A left press without modifiers is a click (1-based cell in, 0-based
  /// out), 64/65 the wheel; releases, drags and other buttons are no key.
  static func mouse(button: Int, column: Int, row: Int, isPress: Bool) -> Key? {
    guard isPress, column >= 1, row >= 1 else { return nil }
    switch button {
    case 0: return .click(column: column - 1, row: row - 1)
    case 64: return .wheelUp
    case 65: return .wheelDown
    default: return nil
    }
  }
}
