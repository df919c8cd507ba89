import CNcursesw
import Terminal

/// Turns what `wget_wch` returns into a `Key`: ncurses key codes stop here.
enum KeyDecoder {
  /// `isKeyCode`: wget_wch returned KEY_CODE_YES (a function key), else a character.
  static func key(_ value: UInt32, isKeyCode: Bool) -> Key? {
    if isKeyCode { return keyCodes[Int32(bitPattern: value)] }
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x1B: return .escape
    case 0x7F, 0x08: return .backspace
    case 0x09: return .tab
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(value - 1 + 0x61)!))
    case 0x00...0x1F: return nil
    default: return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }

  private static let keyCodes: [Int32: Key] = {
    var codes: [Int32: Key] = [
      KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
      KEY_HOME: .home, KEY_END: .end, KEY_NPAGE: .pageDown, KEY_PPAGE: .pageUp,
      KEY_DC: .delete, KEY_BACKSPACE: .backspace, KEY_ENTER: .enter, KEY_BTAB: .backTab,
      KEY_RESIZE: .resize,
    ]
    for n in 1...12 { codes[yaru_key_f(Int32(n))] = .function(n) }
    return codes
  }()
}
