/// One key as the user pressed it, decoded from whatever the terminal sent.
/// Terminal-specific key codes never get past the backend: everything after it
/// (keymap, replay scripts, recording) speaks only `Key`.
public enum Key: Hashable, Sendable {
  /// A printable grapheme: a letter, a space, a Japanese character, an emoji.
  case character(Character)
  case enter, escape, tab, backTab, backspace, delete
  case up, down, left, right, home, end, pageUp, pageDown
  /// Ctrl plus a lower-case letter `a`…`z`.
  case control(Character)
  /// F1…F12.
  case function(Int)
  /// Ctrl with Left / Right: a word left / right in the editor.
  case controlLeft, controlRight
  /// Alt (Meta) with a key: `Alt-b`, `Alt-Backspace`.
  indirect case alt(Key)
  /// Text the terminal delivered as one bracketed paste: text, never keys.
  case paste(String)
  /// A left mouse click on a cell (0-based); the wheel, one step.
  case click(column: Int, row: Int)
  case wheelUp, wheelDown
  /// The terminal changed size.
  case resize

  /// The name used in key scripts (`press Enter`, `press Ctrl-R`, `press j`)
  /// and in the help overlay.
  public var name: String {
    switch self {
    case .character(" "): "Space"
    case .character(let c): String(c)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "BackTab"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .control(let c): "Ctrl-\(c.uppercased())"
    case .function(let n): "F\(n)"
    case .controlLeft: "Ctrl-Left"
    case .controlRight: "Ctrl-Right"
    case .alt(let key): "Alt-" + key.name
    case .paste: "Paste"
    case .click(let column, let row): "Click-\(column + 1)-\(row + 1)"
    case .wheelUp: "WheelUp"
    case .wheelDown: "WheelDown"
    case .resize: "Resize"
    }
  }

  /// The key a script names, or nil for a name no key has.
  public init?(name: String) {
    if let key = Key.named[name] {
      self = key
    } else if name.hasPrefix("Alt-"), let key = Key(name: String(name.dropFirst(4))), key == .backspace || key.isPrintable {
      self = .alt(key)
    } else if name.hasPrefix("Ctrl-"), name.count == 6, let letter = name.last, letter.isASCII, letter.isLetter {
      self = .control(Character(letter.lowercased()))
    } else if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...12).contains(n) {
      self = .function(n)
    } else if name.count == 1, let c = name.first, !c.isWhitespace {
      self = .character(c)
    } else {
      return nil
    }
  }

  /// The keys with a name of their own (not a character): Enter, Esc, Up….
  public static var allNamed: [Key] { Array(named.values) }

  private static let named: [String: Key] = [
    "Enter": .enter, "Esc": .escape, "Tab": .tab, "BackTab": .backTab,
    "Backspace": .backspace, "Delete": .delete, "Up": .up, "Down": .down,
    "Left": .left, "Right": .right, "Home": .home, "End": .end,
    "PageUp": .pageUp, "PageDown": .pageDown, "Space": .character(" "),
    "Ctrl-Left": .controlLeft, "Ctrl-Right": .controlRight,
  ]

  /// A key that types a grapheme.
  var isPrintable: Bool { if case .character = self { true } else { false } }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
  /// `"j"` in a key table means the key that types j.
  public init(extendedGraphemeClusterLiteral character: Character) {
    self = .character(character)
  }
}
