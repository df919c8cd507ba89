/// The part of TOML yaru's config file uses, read strictly: comments,
/// `[table]` headers, and `key = value` lines whose key is bare
/// (`A-Za-z0-9_-`) or a basic string, and whose value is a basic string
/// (`"…"` with `\\ \" \n \t \uXXXX` escapes) or `true`/`false`.
///
/// Written here rather than taken from a library: the TOML package the
/// local package mirror offers (LebJe/TOMLKit) wraps the C++ toml++ and
/// imports Foundation (its decoder uses `Data`), which the app binary keeps
/// out for start-up time and memory (docs/Performance.md); this subset is a
/// page. Anything outside it is an error naming the line, never a guess.
enum ConfigParser {
  struct Entry: Equatable {
    /// The table it is in ("" before the first header).
    let table: String
    let key: String
    let value: Value
    let line: Int
  }

  enum Value: Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)

    /// As the file writes it.
    var description: String {
      switch self {
      case .string(let text): "\"\(text)\""
      case .bool(let value): "\(value)"
      }
    }
  }

  struct Failure: Error, Equatable {
    let line: Int
    let message: String
  }

  /// The entries of `text`. A table header not in `tables` (when given) is an error.
  static func parse(_ text: String, tables known: [String]? = nil) throws(Failure) -> [Entry] {
    var entries: [Entry] = []
    var table = ""
    var tablesSeen: Set<String> = [""]
    var keysSeen: Set<[String]> = []
    // CRLF is one Character in Swift: split at any line break.
    for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let number = offset + 1
      var line = rawLine
      skipSpaces(&line)
      if line.isEmpty || line.first == "#" { continue }
      if line.first == "[" {
        line.removeFirst()
        skipSpaces(&line)
        let name = try key(&line, number)
        skipSpaces(&line)
        guard line.first == "]" else { throw Failure(line: number, message: "a table header ends with ]") }
        line.removeFirst()
        try endOfLine(line, number)
        guard tablesSeen.insert(name).inserted else { throw Failure(line: number, message: "the table [\(name)] is there twice") }
        if let known, !known.contains(name) {
          let tables = known.map { "[\($0)]" }.joined(separator: ", ")
          throw Failure(line: number, message: "[\(name)] is not understood by this version of yaru (tables: \(tables))")
        }
        table = name
        continue
      }
      let name = try key(&line, number)
      skipSpaces(&line)
      guard line.first == "=" else { throw Failure(line: number, message: "expected = after \(name)") }
      line.removeFirst()
      skipSpaces(&line)
      let value = try value(&line, number)
      try endOfLine(line, number)
      guard keysSeen.insert([table, name]).inserted else { throw Failure(line: number, message: "\(name) is set twice") }
      entries.append(Entry(table: table, key: name, value: value, line: number))
    }
    return entries
  }

  private static func skipSpaces(_ line: inout Substring) {
    while let first = line.first, first == " " || first == "\t" { line.removeFirst() }
  }

  /// After a value or header: spaces, then nothing or a comment.
  private static func endOfLine(_ rest: Substring, _ number: Int) throws(Failure) {
    var rest = rest
    skipSpaces(&rest)
    guard rest.isEmpty || rest.first == "#" else {
      throw Failure(line: number, message: "unexpected \(String(rest.prefix(12))) after the value")
    }
  }

  private static func key(_ line: inout Substring, _ number: Int) throws(Failure) -> String {
    if line.first == "\"" { return try string(&line, number) }
    let bare = line.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    guard !bare.isEmpty else { throw Failure(line: number, message: "expected a name (letters, digits, - and _, or a \"quoted\" one)") }
    line.removeFirst(bare.count)
    return String(bare)
  }

  private static func value(_ line: inout Substring, _ number: Int) throws(Failure) -> Value {
    if line.first == "\"" { return .string(try string(&line, number)) }
    for (word, value) in [("true", true), ("false", false)] where line.hasPrefix(word) {
      line.removeFirst(word.count)
      return .bool(value)
    }
    throw Failure(line: number, message: "a value is a \"string\", true or false")
  }

  /// A basic string, its quotes taken off `line`.
  private static func string(_ line: inout Substring, _ number: Int) throws(Failure) -> String {
    line.removeFirst()
    var result = ""
    while let character = line.first {
      line.removeFirst()
      switch character {
      case "\"":
        return result
      case "\\":
        guard let escaped = line.first else { break }
        line.removeFirst()
        switch escaped {
        case "\\": result.append("\\")
        case "\"": result.append("\"")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "u":
          let hex = line.prefix(4)
          guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw Failure(line: number, message: "\\u takes four hex digits of a character")
          }
          line.removeFirst(4)
          result.unicodeScalars.append(scalar)
        default:
          throw Failure(line: number, message: "unknown escape \\\(escaped) in a string")
        }
      default:
        guard !character.isNewline, character != "\u{7F}", !(character.asciiValue.map { $0 < 0x20 && $0 != 0x09 } ?? false) else {
          throw Failure(line: number, message: "a control character in a string")
        }
        result.append(character)
      }
    }
    throw Failure(line: number, message: "a string is not closed with \"")
  }
}
