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
    /// A whole number, as TOML writes one (`1000`, `1_000`, `-3`).
    case integer(Int)

    /// As the file writes it.
    var description: String {
      switch self {
      case .string(let text): "\"\(text)\""
      case .bool(let value): "\(value)"
      case .integer(let value): "\(value)"
      }
    }
  }

  struct Failure: Error, Equatable {
    let line: Int
    let message: String
  }

  /// The entries of `text`. A table header not in `tables` (when given) is an error.
  ///
  /// Read on UTF-8 bytes: every character with a meaning here is ASCII, and a
  /// config file is read at every start.
  static func parse(_ text: String, tables known: [String]? = nil) throws(Failure) -> [Entry] {
    var entries: [Entry] = []
    var table = ""
    // Arrays, not sets: a config has a few dozen lines, and a set of a new
    // element type costs the runtime more to set up than these searches.
    var tablesSeen = [""]
    var keysSeen: [(table: String, key: String)] = []
    var number = 0
    for rawLine in text.utf8.split(separator: newline, omittingEmptySubsequences: false) {
      number += 1
      var line = rawLine
      if line.last == carriageReturn { line.removeLast() }  // CRLF
      skipSpaces(&line)
      if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
      if line.first == UInt8(ascii: "[") {
        line.removeFirst()
        skipSpaces(&line)
        let name = try key(&line, number)
        skipSpaces(&line)
        guard line.first == UInt8(ascii: "]") else { throw Failure(line: number, message: "a table header ends with ]") }
        line.removeFirst()
        try endOfLine(line, number)
        guard !tablesSeen.contains(name) else { throw Failure(line: number, message: "the table [\(name)] is there twice") }
        tablesSeen.append(name)
        if let known, !known.contains(name) {
          let tables = known.map { "[\($0)]" }.joined(separator: ", ")
          throw Failure(line: number, message: "[\(name)] is not understood by this version of yaru (tables: \(tables))")
        }
        table = name
        continue
      }
      let name = try key(&line, number)
      skipSpaces(&line)
      guard line.first == UInt8(ascii: "=") else { throw Failure(line: number, message: "expected = after \(name)") }
      line.removeFirst()
      skipSpaces(&line)
      let value = try value(&line, number)
      try endOfLine(line, number)
      guard !keysSeen.contains(where: { $0 == (table, name) }) else { throw Failure(line: number, message: "\(name) is set twice") }
      keysSeen.append((table, name))
      entries.append(Entry(table: table, key: name, value: value, line: number))
    }
    return entries
  }

  private typealias Bytes = Substring.UTF8View
  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let quote = UInt8(ascii: "\"")

  private static func skipSpaces(_ line: inout Bytes) {
    while let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { line.removeFirst() }
  }

  /// After a value or header: spaces, then nothing or a comment.
  private static func endOfLine(_ rest: Bytes, _ number: Int) throws(Failure) {
    var rest = rest
    skipSpaces(&rest)
    guard rest.isEmpty || rest.first == UInt8(ascii: "#") else {
      throw Failure(line: number, message: "unexpected \(String(Substring(rest).prefix(12))) after the value")
    }
  }

  private static func key(_ line: inout Bytes, _ number: Int) throws(Failure) -> String {
    if line.first == quote { return try string(&line, number) }
    let bare = line.prefix { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"): true
      default: false
      }
    }
    guard !bare.isEmpty else { throw Failure(line: number, message: "expected a name (letters, digits, - and _, or a \"quoted\" one)") }
    line = line[bare.endIndex...]
    return String(Substring(bare))
  }

  private static func value(_ line: inout Bytes, _ number: Int) throws(Failure) -> Value {
    if line.first == quote { return .string(try string(&line, number)) }
    for (word, value) in [("true", true), ("false", false)] where line.starts(with: word.utf8) {
      line.removeFirst(word.utf8.count)
      return .bool(value)
    }
    let isNegative = line.first == UInt8(ascii: "-")
    let sign = isNegative || line.first == UInt8(ascii: "+") ? 1 : 0
    let digits = line.dropFirst(sign).prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
    if digits.first.map({ $0 != UInt8(ascii: "_") }) == true, digits.last != UInt8(ascii: "_"),
       let value = Int(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) {
      line = line[digits.endIndex...]
      return .integer(isNegative ? -value : value)
    }
    throw Failure(line: number, message: "a value is a \"string\", a number, true or false")
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// A basic string, its quotes taken off `line`.
  private static func string(_ line: inout Bytes, _ number: Int) throws(Failure) -> String {
    line.removeFirst()
    var result: [UInt8] = []
    while let byte = line.popFirst() {
      switch byte {
      case quote:
        return String(decoding: result, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = line.popFirst() else { break }
        switch escaped {
        case UInt8(ascii: "\\"), quote: result.append(escaped)
        case UInt8(ascii: "n"): result.append(newline)
        case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "u"):
          var code: UInt32 = 0
          var digits = 0
          for byte in line.prefix(4) {
            guard let value = hexValue(byte) else { break }
            code = code << 4 | value
            digits += 1
          }
          guard digits == 4, let scalar = Unicode.Scalar(code) else {
            throw Failure(line: number, message: "\\u takes four hex digits of a character")
          }
          line.removeFirst(4)
          result.append(contentsOf: String(Character(scalar)).utf8)
        default:
          let shown = escaped < 0x80 ? String(Character(Unicode.Scalar(escaped))) : "…"
          throw Failure(line: number, message: "unknown escape \\\(shown) in a string")
        }
      case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
        throw Failure(line: number, message: "a control character in a string")
      default:
        result.append(byte)
      }
    }
    throw Failure(line: number, message: "a string is not closed with \"")
  }
}
