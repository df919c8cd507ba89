import Terminal
import TodoModel
import Todos

/// A malformed script or argument: `file:line: what is wrong` (exit status 2).
public struct ReplayError: Error, Equatable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// A key script (the format of docs/KeyScripts.md), parsed: one command a line.
public struct ReplayScript: Equatable, Sendable {
  public enum Command: Equatable, Sendable {
    case type(String)
    case press([Key])
    /// One bracketed paste of the text.
    case paste(String)
    case wait(Duration)
    case resize(Size)
    case expect(String)
    case expectNot(String)
    case expectOrder([String])
    case expectSelected(String)
    /// The top rows of the screen, each exactly (trailing spaces aside; a
    /// row ending in `…` matches any rest).
    case expectScreen([String])
    /// Every cell of TEXT's first appearance has the style.
    case expectStyle(String, StyleExpectation)
    case screen
    /// The screen, and under each styled row its cells' styles.
    case screenStyled
    /// Another program changes the todo file.
    case outside(OutsideChange)
    /// Quit as `q` does and start again on the same files, history and clock.
    case restart
  }

  public struct Line: Equatable, Sendable {
    public let number: Int
    public let text: String
    public let command: Command
  }

  /// The script's name in messages: its path, or `-` for standard input.
  public let name: String
  public let lines: [Line]

  public init(parsing text: String, name: String) throws(ReplayError) {
    self.name = name
    var lines: [Line] = []
    var block: (number: Int, rows: [String])?
    for (index, line) in Self.rawLines(of: text).enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if let open = block {
        if trimmed == "end" {
          lines.append(Line(number: open.number, text: "expect-screen", command: .expectScreen(open.rows)))
          block = nil
        } else if trimmed.hasPrefix("|") {
          block?.rows.append(String(trimmed.dropFirst()))
        } else if !trimmed.isEmpty {
          throw ReplayError("\(name):\(index + 1): inside `expect-screen` each row starts with `|`, and `end` closes it")
        }
        continue
      }
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
      if trimmed == "expect-screen" {
        block = (index + 1, [])
        continue
      }
      do throws(ReplayError) {
        lines.append(Line(number: index + 1, text: String(trimmed), command: try Self.command(trimmed)))
      } catch {
        throw ReplayError("\(name):\(index + 1): \(error.description)")
      }
    }
    if let block { throw ReplayError("\(name):\(block.number): `expect-screen` is not closed by `end`") }
    self.lines = lines
  }

  /// The script's lines without their line breaks. Lines end at the scalar
  /// `\n`: `\r\n` is one Character, so a Character split would miss it.
  private static func rawLines(of text: String) -> [Substring] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
      scalars.last == "\r" ? Substring(scalars.dropLast()) : Substring(scalars)
    }
  }

  /// `text` with the rows of the `expect-screen` blocks starting at the given
  /// line numbers replaced, and every other byte as it was (`--update`).
  public static func updating(_ text: String, blocks: [Int: [String]]) -> String {
    var result = ""
    var skipping = false
    var lineNumber = 0
    var rest = text[...]
    while !rest.isEmpty {
      lineNumber += 1
      let end = rest.unicodeScalars.firstIndex(of: "\n").map { rest.unicodeScalars.index(after: $0) } ?? rest.endIndex
      let line = rest[..<end]
      rest = rest[end...]
      let content = line.drop { $0 == " " || $0 == "\t" }
      if skipping {
        guard (content.last?.isNewline == true ? content.dropLast() : content) == "end" else { continue }
        skipping = false
      }
      result += line
      if let rows = blocks[lineNumber] {
        let lineEnd = line.hasSuffix("\r\n") ? "\r\n" : "\n"
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        if !line.hasSuffix("\n") { result += lineEnd }
        for row in rows { result += indent + "|" + row + lineEnd }
        skipping = true
      }
    }
    return result
  }

  private static func command(_ line: Substring) throws(ReplayError) -> Command {
    // Split at the first space *scalar*: in `type ́` the accent fuses with the
    // space into one grapheme, which a Character split would not see.
    let scalars = line.unicodeScalars
    let space = scalars.firstIndex(of: " ") ?? scalars.endIndex
    let name = Substring(scalars[..<space])
    let argument = space < scalars.endIndex ? Substring(scalars[scalars.index(after: space)...]) : ""
    func needsArgument() throws(ReplayError) {
      if argument.isEmpty { throw ReplayError("`\(name)` needs something after it") }
    }
    switch name {
    case "type":
      try needsArgument()
      return .type(String(argument))
    case "paste":
      try needsArgument()
      return .paste(try unescapingPaste(argument))
    case "click":
      let numbers = argument.split(separator: " ").map { Int($0) }
      guard numbers.count == 2, let column = numbers[0], let row = numbers[1], column >= 1, row >= 1 else {
        throw ReplayError("`click` needs a column and a row, counted from 1, such as `click 5 2`, not `\(argument)`")
      }
      return .press([.click(column: column - 1, row: row - 1)])
    case "wheel":
      switch argument {
      case "up": return .press([.wheelUp])
      case "down": return .press([.wheelDown])
      default: throw ReplayError("`wheel` needs up or down, not `\(argument)`")
      }
    case "press":
      let names = argument.split(separator: " ")
      if names.isEmpty { throw ReplayError("`press` needs at least one key") }
      var keys: [Key] = []
      for name in names {
        guard let key = Key(name: String(name)), key != .resize else { throw ReplayError("unknown key `\(name)`") }
        keys.append(key)
      }
      return .press(keys)
    case "wait":
      guard let duration = parseDuration(argument) else {
        throw ReplayError("`wait` needs a duration such as 250ms, 1s, 1.5s or 2m, up to 60m, not `\(argument)`")
      }
      return .wait(duration)
    case "resize":
      guard let size = parseSize(argument) else { throw ReplayError("`resize` needs COLSxROWS such as 80x24, not `\(argument)`") }
      return .resize(size)
    case "expect":
      try needsArgument()
      return .expect(String(argument))
    case "expect-not":
      try needsArgument()
      return .expectNot(String(argument))
    case "expect-order":
      let texts = try parseQuoted(argument)
      if texts.count < 2 { throw ReplayError("`expect-order` needs at least two quoted texts") }
      return .expectOrder(texts)
    case "expect-selected":
      try needsArgument()
      return .expectSelected(String(argument))
    case "expect-style":
      let space = argument.lastIndex(of: " ")
      guard let space, argument[..<space].contains(where: { $0 != " " }),
            let style = StyleExpectation(argument[argument.index(after: space)...])
      else {
        throw ReplayError("`expect-style` needs a text and a style such as bold+red, reverse or plain, not `\(argument)`")
      }
      return .expectStyle(String(argument[..<space]), style)
    case "outside":
      return .outside(try OutsideChange.parse(argument))
    case "restart":
      if !String(argument).trimmingWhitespace().isEmpty { throw ReplayError("`restart` takes nothing after it") }
      return .restart
    case "screen":
      let rest = String(argument).trimmingWhitespace()
      if rest == "styled" { return .screenStyled }
      if !rest.isEmpty { throw ReplayError("`screen` takes nothing after it, or `styled`") }
      return .screen
    default:
      throw ReplayError(
        "unknown command `\(name)` (commands: type, press, paste, click, wheel, wait, resize, expect, expect-not, expect-order, expect-selected, expect-screen, expect-style, screen, outside, restart)"
      )
    }
  }

  /// The longest `wait`: the clock ticks every virtual second, so a longer
  /// one would take long to run (use `--now` to start later instead).
  public static let longestWait: Duration = .seconds(3_600)

  /// `250ms`, `1s`, `1.5s`, `2m`, at most `longestWait`.
  public static func parseDuration(_ text: Substring) -> Duration? {
    let units: [(String, Double)] = [("ms", 1e-3), ("s", 1), ("m", 60)]
    for (unit, seconds) in units where text.hasSuffix(unit) {
      let number = text.dropLast(unit.count)
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value >= 0, value * seconds <= Double(longestWait.components.seconds)
      else { return nil }
      return .nanoseconds(Int64((value * seconds * 1e9).rounded()))
    }
    return nil
  }

  /// `80x24`.
  public static func parseSize(_ text: Substring) -> Size? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
          (1...1_000).contains(columns), (1...1_000).contains(rows)
    else { return nil }
    return Size(columns: columns, rows: rows)
  }

  /// A paste's text as a script writes it: `\n` a line break, `\\` a backslash
  /// (as a macro's file writes it).
  public static func escapingPaste(_ text: String) -> String {
    MacroScript.escapingPaste(text)
  }

  static func unescapingPaste(_ text: Substring) throws(ReplayError) -> String {
    guard let text = MacroScript.unescapingPaste(text) else { throw ReplayError("in `paste` only \\n and \\\\ may follow a backslash") }
    return text
  }

  /// `"A" "B \"quoted\""` → ["A", "B \"quoted\""].
  static func parseQuoted(_ text: Substring) throws(ReplayError) -> [String] {
    var texts: [String] = []
    var rest = text[...]
    while true {
      rest = rest.drop { $0 == " " }
      guard let first = rest.first else { return texts }
      guard first == "\"" else { throw ReplayError("expected a quoted text at `\(rest)`") }
      rest = rest.dropFirst()
      var value = ""
      var closed = false
      while let character = rest.first {
        rest = rest.dropFirst()
        if character == "\\" {
          guard let escaped = rest.first, escaped == "\"" || escaped == "\\" else {
            throw ReplayError("only \\\" and \\\\ may follow a backslash")
          }
          value.append(escaped)
          rest = rest.dropFirst()
        } else if character == "\"" {
          closed = true
          break
        } else {
          value.append(character)
        }
      }
      if !closed { throw ReplayError("a quoted text is not closed") }
      texts.append(value)
    }
  }
}
