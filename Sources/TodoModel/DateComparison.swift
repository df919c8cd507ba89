/// A search word that compares a `due:` or `t:` date, as topydo and pter
/// write it: `due:<2026-12-01`, `due:<=1w` (due within a week, or late),
/// `t:>today`, `due:=fri`. The value is a date or what a date shortcut
/// allows, counted from today; a step needs no `+` here (`1w`, topydo's
/// way). A todo without a date in that tag never matches: there is
/// nothing to compare.
public struct DateComparison: Equatable, Sendable {
  public enum Relation: String, Sendable {
    case less = "<", lessOrEqual = "<=", equal = "=", greaterOrEqual = ">=", greater = ">"
  }

  /// What a search word `key:value` is, read as a comparison.
  public enum Reading: Equatable, Sendable {
    case comparison(DateComparison)
    /// A comparison (`due:<…`) whose value is no date: the search says so
    /// rather than silently matching nothing.
    case notADate
  }

  /// `due:` or `t:`, as the file writes it.
  let tag: String
  public let relation: Relation
  public let day: Day

  /// The comparison in `key:value` on `today`; nil when the word is none
  /// (another key, or no `<`, `>`, `=` before the value), so it means what
  /// it meant before: a tag.
  public static func reading(key: Substring, value: Substring, today: Day) -> Reading? {
    let key = key.lowercased()
    guard DateShortcut.dateKeys.contains(key[...]), let relation = relation(leading: value) else { return nil }
    let rest = value.dropFirst(relation.rawValue.count)
    guard let day = Day(rest) ?? DateShortcut.day(rest, today: today) ?? DateStep(rest)?.after(today) else {
      return .notADate
    }
    return .comparison(DateComparison(tag: key + ":", relation: relation, day: day))
  }

  /// The longest relation `value` starts with (`<=` before `<`).
  private static func relation(leading value: Substring) -> Relation? {
    for relation in [Relation.lessOrEqual, .greaterOrEqual, .less, .greater, .equal]
    where value.hasPrefix(relation.rawValue) {
      return relation
    }
    return nil
  }

  /// Whether `line`'s first date in the tag compares as asked.
  public func holds(in line: borrowing String) -> Bool {
    guard let date = TagScan.firstDay(of: tag, in: line) else { return false }
    return switch relation {
    case .less: date < day
    case .lessOrEqual: date <= day
    case .equal: date == day
    case .greaterOrEqual: date >= day
    case .greater: date > day
    }
  }
}
