/// Dates typed the short way in `due:` and `t:` — `today`, `tomorrow`,
/// `mon`…`sun` (the next such day, never today), `+3d`, `+2w`, `+1m`, `+1y`,
/// `+2b` — written as `YYYY-MM-DD` when a line is committed, so the file
/// only ever holds real dates that every todo.txt tool understands.
public enum DateShortcut {
  /// The day `text` names when typed on `today`; nil when it is no shortcut.
  public static func day(_ text: Substring, today: Day) -> Day? {
    switch text.lowercased() {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default: break
    }
    if let weekday = weekdays.firstIndex(of: text.lowercased()) {
      let ahead = (weekday + 1 - today.weekday + 7) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    }
    guard text.first == "+", let step = DateStep(text.dropFirst()) else { return nil }
    return step.after(today)
  }

  private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// Keys whose values may be shortcuts.
  static let dateKeys: Set<Substring> = ["due", "t"]

  /// `text` with each `due:` and `t:` shortcut written as a date; every
  /// other byte as it was.
  public static func resolving(_ text: String, today: Day) -> String {
    guard text.contains(":") else { return text }
    return text.rewritingTags { key, value in
      guard dateKeys.contains(key), Day(value) == nil, let day = day(value, today: today) else { return nil }
      return "\(key):\(day)"
    } ?? text
  }
}

extension DateShortcut {
  /// The first `due:` or `t:` word of a typed line whose value is neither
  /// a date nor a shortcut (`due:tomorow`, `due:2026-02-30`, `due:+1`):
  /// saved as typed, the todo would have no date and nothing would say so,
  /// so a line holding one is refused.
  public static func firstNonDate(in text: String, today: Day) -> Substring? {
    guard text.contains(":") else { return nil }
    return text.split(separator: " ").first { isNonDate($0, today: today) }
  }

  /// Whether one typed word is such a `due:` or `t:` word.
  public static func isNonDate(_ word: Substring, today: Day) -> Bool {
    guard let (key, value) = Todo.State.keyValue(word), dateKeys.contains(key) else { return false }
    return Day(value) == nil && day(value, today: today) == nil
  }

  /// Why `word` (from `firstNonDate`) is refused, and what would do.
  public static func refusal(of word: Substring) -> String {
    "\(word) is not a date — use 2026-12-01, tomorrow, fri, +3d"
  }
}
