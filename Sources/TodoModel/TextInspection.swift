/// What `yaru doctor` says of the todo file's bytes: the things that make
/// other tools (or yaru) read it otherwise than its writer meant — line
/// endings, a byte order mark, bytes that are not UTF-8, conflict markers.
public struct TextInspection: Equatable, Sendable {
  public var lines = 0
  public var crlfLines = 0
  /// Lines ending in a lone CR (old Mac files) — one line to most tools.
  public var crLines = 0
  public var byteOrderMark = false
  public var endsWithNewline = true
  /// Line numbers (from 1) holding bytes that are not UTF-8.
  public var invalidUTF8Lines: [Int] = []
  /// Line numbers holding a NUL byte.
  public var nulLines: [Int] = []
  /// Line numbers of `<<<<<<<`, `=======`, `>>>>>>>` lines a merge left.
  public var conflictMarkerLines: [Int] = []

  public init(_ bytes: [UInt8]) {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) {
      byteOrderMark = true
      body = body.dropFirst(3)
    }
    endsWithNewline = body.isEmpty || body.last == UInt8(ascii: "\n")
    var number = 0
    for var line in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      if line.last == UInt8(ascii: "\r") {
        crlfLines += 1
        line = line.dropLast()
      }
      if line.contains(UInt8(ascii: "\r")) { crLines += 1 }
      if line.contains(0) { nulLines.append(number) }
      if String(validating: line, as: UTF8.self) == nil { invalidUTF8Lines.append(number) }
      if line.count >= 7, let first = line.first, [UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(first),
         line.prefix(7).allSatisfy({ $0 == first }), line.count == 7 || line[line.startIndex + 7] == UInt8(ascii: " ") {
        conflictMarkerLines.append(number)
      }
    }
    // The empty piece after the last newline is no line.
    lines = endsWithNewline && !body.isEmpty ? number - 1 : (body.isEmpty ? 0 : number)
  }

  /// `LF`, `CRLF`, or `mixed (N of M CRLF)`.
  public var lineEndings: String {
    if crlfLines == 0 { return "LF" }
    if crlfLines == lines || (crlfLines == lines - 1 && !endsWithNewline) { return "CRLF" }
    return "mixed (\(crlfLines) of \(lines) lines CRLF)"
  }
}
