import Terminal

/// A macro as its file holds it: a key script (docs/KeyScripts.md) of
/// `press`, `type` and `paste` lines only, so `yaru replay` runs it and a
/// person can read and change it. Written as `yaru --record` writes:
/// printable runs as `type` lines, pastes as `paste`, other keys as `press`.
public struct MacroScript: Equatable, Sendable {
  public var keys: [Key]

  public init(keys: [Key]) {
    self.keys = keys
  }

  /// A line that is not `press`, `type` or `paste` (or a comment): where and what.
  public struct Problem: Error, Equatable, Sendable {
    public let line: Int
    public let message: String
  }

  public init(parsing text: String) throws(Problem) {
    var keys: [Key] = []
    for (index, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = Substring(raw.last == "\r" ? raw.dropLast() : raw).drop { $0 == " " || $0 == "\t" }
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let scalars = line.unicodeScalars
      let space = scalars.firstIndex(of: " ") ?? scalars.endIndex
      let command = Substring(scalars[..<space])
      let argument = space < scalars.endIndex ? Substring(scalars[scalars.index(after: space)...]) : ""
      func problem(_ message: String) -> Problem { Problem(line: index + 1, message: message) }
      switch command {
      case "type" where !argument.isEmpty:
        keys += argument.map(Key.character)
      case "paste" where !argument.isEmpty:
        guard let text = Self.unescapingPaste(argument) else { throw problem("in `paste` only \\n and \\\\ may follow a backslash") }
        keys.append(.paste(text))
      case "press" where !argument.isEmpty:
        for name in argument.split(separator: " ") {
          guard let key = Key(name: String(name)), key != .resize else { throw problem("unknown key `\(name)`") }
          keys.append(key)
        }
      default:
        throw problem("a macro holds only press, type and paste lines, not `\(line)`")
      }
    }
    self.keys = keys
  }

  /// The file's text, with a first line that says what it is.
  public func text(register: Character) -> String {
    var text = "# yaru macro \(register): @\(register) plays it; a key script that `yaru replay` runs too\n"
    var typed = ""
    func flush() {
      if !typed.isEmpty { text += "type \(typed)\n" }
      typed = ""
    }
    for key in keys {
      switch key {
      case .character(let character) where !typed.isEmpty || character != " ":
        // A run that starts with a space is pressed, not typed: an editor would not keep it visible.
        typed.append(character)
      case .paste(let pasted):
        flush()
        text += "paste \(Self.escapingPaste(pasted))\n"
      default:
        flush()
        text += "press \(key.name)\n"
      }
    }
    flush()
    return text
  }

  /// A paste's text as a script writes it: `\n` a line break, `\\` a backslash.
  public static func escapingPaste(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case "\n", "\r\n", "\r": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The paste's text, or nil when a backslash is followed by something else than `n` or `\`.
  public static func unescapingPaste(_ text: Substring) -> String? {
    var result = ""
    var rest = text[...]
    while let character = rest.first {
      rest = rest.dropFirst()
      guard character == "\\" else {
        result.append(character)
        continue
      }
      switch rest.first {
      case "n": result += "\n"
      case "\\": result += "\\"
      default: return nil
      }
      rest = rest.dropFirst()
    }
    return result
  }
}
