import Glibc
import TodoModel
import TodoStorage

/// `outside append|replace|delete`: another program changes the todo file
/// (as `echo >>` or an editor would: in place), for yaru to notice as it
/// would live.
public enum OutsideChange: Equatable, Sendable {
  case append(String)
  case replace(String, with: String)
  case delete(String)

  /// `append TEXT`, `replace OLD NEW` (OLD quoted when it has spaces), `delete TEXT`.
  static func parse(_ argument: Substring) throws(ReplayError) -> OutsideChange {
    let usage = "`outside` needs append TEXT, replace OLD NEW (OLD quoted if it has spaces) or delete TEXT"
    let space = argument.firstIndex(of: " ") ?? argument.endIndex
    let rest = space < argument.endIndex ? argument[argument.index(after: space)...] : ""
    guard !rest.isEmpty else { throw ReplayError(usage) }
    switch argument[..<space] {
    case "append": return .append(String(rest))
    case "delete": return .delete(String(rest))
    case "replace":
      if rest.hasPrefix("\"") {
        guard let close = rest.dropFirst().firstIndex(of: "\""), close < rest.index(before: rest.endIndex) else { throw ReplayError(usage) }
        let old = try ReplayScript.parseQuoted(rest[...close])
        return .replace(old[0], with: String(rest[rest.index(after: close)...].drop { $0 == " " }))
      }
      guard let gap = rest.firstIndex(of: " ") else { throw ReplayError(usage) }
      return .replace(String(rest[..<gap]), with: String(rest[rest.index(after: gap)...]))
    default: throw ReplayError(usage)
    }
  }

  /// The file's text after the change (nil: no line holds the text).
  public func applied(to text: String) -> String? {
    switch self {
    case .append(let line):
      return text + (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + line + "\n"
    case .replace(let old, let new):
      return changingFirstLine(containing: old, in: text) { new + "\n" }
    case .delete(let old):
      return changingFirstLine(containing: old, in: text) { "" }
    }
  }

  private func changingFirstLine(containing part: String, in text: String, _ replacement: () -> String) -> String? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
    if text.hasSuffix("\n") { lines.removeLast() }
    guard let index = lines.firstIndex(where: { $0.contains(part) }) else { return nil }
    lines[index] = replacement()[...]
    return lines.joined()
  }

  /// Writes the change into the file at `path`, in place.
  func write(to path: String) throws(ReplayError) {
    let text: String
    do throws(TodoFileError) { text = try TodoFile.read(path)?.text ?? "" } catch { throw ReplayError(error.message) }
    guard let changed = applied(to: text) else { throw ReplayError("no line of the todo file holds that text") }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw ReplayError("cannot write \(path)") }
    defer { close(descriptor) }
    let bytes = Array(changed.utf8)
    guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
      throw ReplayError("cannot write \(path)")
    }
  }
}
