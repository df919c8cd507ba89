import Terminal
import TodoModel

/// What `yaru --record --redact` writes instead of the user's words: every
/// letter and digit replaced by a placeholder of the same display width
/// (`a`, `0`, `あ` for a wide character, emoji included), while what makes
/// the app behave as it did stays: spaces and punctuation, the completion
/// mark and priority, dates, the signs of `+projects` and `@contexts`, tag
/// keys, and the values of the tags yaru reads (`due:fri`, `rec:1w`, `t:`,
/// `h:`, `id:`, `p:`, `pri:`).
public enum Redaction {
  static let keptValues: Set<Substring> = ["due", "t", "rec", "h", "id", "p", "pri"]

  /// A todo line, or a run of typed text, word by word.
  public static func line(_ text: String) -> String {
    var first = true
    return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
      defer { if !word.isEmpty { first = false } }
      return redacted(word, isFirst: first)
    }.joined(separator: " ")
  }

  private static func redacted(_ word: Substring, isFirst: Bool) -> String {
    if word.isEmpty || Day(word) != nil { return String(word) }
    if isFirst, word == "x" { return "x" }
    if word.count == 3, word.first == "(", word.last == ")", let letter = word.dropFirst().first, letter.isUppercase, letter.isASCII {
      return String(word)
    }
    if let sign = word.first, sign == "+" || sign == "@", word.count > 1 { return String(sign) + placeholders(word.dropFirst()) }
    if let (key, value) = Todo.State.keyValue(word) {
      return String(key) + ":" + (keptValues.contains(key) ? String(value) : placeholders(value))
    }
    return placeholders(word)
  }

  /// Each character by its width: letters `a`, digits `0`, wide ones `あ`,
  /// anything else (punctuation, symbols) as it is.
  static func placeholders(_ text: Substring) -> String {
    var out = ""
    for character in text {
      switch DisplayWidth.of(character) {
      case 2: out += "あ"
      case 0: continue
      default:
        if character.isNumber { out += "0" } else if character.isLetter { out += "a" } else { out.append(character) }
      }
    }
    return out
  }
}
