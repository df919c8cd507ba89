extension String {
  /// The text with every control character but the tab shown in caret
  /// notation (`^[` for ESC, `^?` for DEL, a C1 control as `^[` and its
  /// letter): a line from another program or a sync may hold escape
  /// sequences that would act on a terminal (set its title, write the
  /// clipboard) or that a format cannot carry.
  public var caretNotation: String {
    guard unicodeScalars.contains(where: { $0.isControlButTab }) else { return self }
    var shown = ""
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x09: shown.unicodeScalars.append(scalar)
      case 0x00..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F: shown += "^?"
      case 0x80..<0xA0: shown += "^[" + String(UnicodeScalar(UInt8(scalar.value - 0x40)))
      default: shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }
}

extension Unicode.Scalar {
  fileprivate var isControlButTab: Bool {
    value != 0x09 && (value < 0x20 || (0x7F..<0xA0).contains(value))
  }
}
