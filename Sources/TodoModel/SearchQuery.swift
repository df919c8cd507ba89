/// The search language of `/` and `yaru ls`, one type for both: words
/// separated by spaces, every one must match, in any order.
/// - a plain word matches anywhere in the line as it shows, priority
///   included, whatever the case (`mum`, `(a)`);
/// - `-word` (any kind of word) keeps out the todos it matches;
/// - `pri:A`, `pri:A-C`: the priority (of a completed todo, its `pri:` tag);
/// - `due:overdue`, `due:today`, `due:week` (today and the 7 days after);
/// - any other `key:value` (`+work` and `@home` are plain words): that tag.
/// Prepared once, then tried on every todo of a scan.
public struct SearchQuery: Sendable {
  public let text: String
  private let terms: [Term]
  private let today: Day

  private struct Term: Sendable {
    let condition: Condition
    let isNegated: Bool
  }

  private enum Condition: Sendable {
    case text(CaseInsensitiveText)
    case priority(ClosedRange<Character>)
    case due(DueWhen)
    case tag(CaseInsensitiveText)
  }

  private enum DueWhen: Sendable { case overdue, today, week }

  /// `today` is the day `due:` words are counted from.
  public init(_ text: String, today: Day) {
    self.text = text
    self.today = today
    terms = text.split(separator: " ").map { word in
      let isNegated = word.count > 1 && word.first == "-"
      return Term(condition: Self.condition(isNegated ? word.dropFirst() : word), isNegated: isNegated)
    }
  }

  public var isEmpty: Bool { terms.isEmpty }

  private static func condition(_ word: Substring) -> Condition {
    guard let (key, value) = Todo.State.keyValue(word) else { return .text(CaseInsensitiveText(String(word))) }
    switch key.lowercased() {
    case "pri":
      let letters = value.uppercased()
      let ends = letters.split(separator: "-", omittingEmptySubsequences: false)
      if ends.count <= 2, ends.allSatisfy({ $0.count == 1 && $0.first!.isASCII && $0.first!.isUppercase }),
         let low = ends.first?.first, let high = ends.last?.first, low <= high {
        return .priority(low...high)
      }
    case "due":
      switch value.lowercased() {
      case "overdue": return .due(.overdue)
      case "today": return .due(.today)
      case "week": return .due(.week)
      default: break
      }
    default:
      break
    }
    return .tag(CaseInsensitiveText(String(word)))
  }

  public func matches(_ todo: Todo.State) -> Bool {
    matches(text: todo.text, priority: todo.priority, isComplete: todo.isComplete)
  }

  public func matches(text line: borrowing String, priority: Character?, isComplete: Bool) -> Bool {
    for term in terms where matches(term.condition, text: line, priority: priority, isComplete: isComplete) == term.isNegated {
      return false
    }
    return true
  }

  private func matches(_ condition: Condition, text line: borrowing String, priority: Character?, isComplete: Bool) -> Bool {
    switch condition {
    case .text(let text):
      return text.matches(text: line, priority: priority)
    case .tag(let tag):
      return tag.isWord(in: line)
    case .priority(let range):
      let shown = isComplete ? TagScan.priorityTag(in: line)?.letter : priority
      return shown.map(range.contains) ?? false
    case .due(let when):
      guard !isComplete, let due = TagScan.dueDate(in: line) else { return false }
      switch when {
      case .overdue: return due < today
      case .today: return due == today
      case .week: return today <= due && due <= today.adding(days: 7)
      }
    }
  }
}
