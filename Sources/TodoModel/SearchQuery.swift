/// The search language of `/` and `yaru ls`, one type for both: words
/// separated by spaces, every one must match, in any order.
/// - a plain word matches anywhere in the line as it shows, priority
///   included, whatever the case (`mum`, `(a)`);
/// - `-word` (any kind of word) keeps out the todos it matches;
/// - `pri:A`, `pri:A-C`: the priority (of a completed todo, its `pri:` tag);
/// - `due:overdue`, `due:today`, `due:week` (today and the 7 days after);
/// - `due:<DATE`, `due:<=1w`, `t:>today`, `due:=fri`: a date compared
///   (`DateComparison`); one whose value is no date is not understood;
/// - `is:blocked`: an active todo that waits for a part (`id:`/`p:`);
///   `-is:blocked` the others;
/// - any other `key:value` (`+work` and `@home` are plain words): that tag.
/// A word not understood lets no todo through, and `problem` says which:
/// an empty list with no word of why would look like no todo matching.
/// Prepared once, then tried on every todo of a scan.
public struct SearchQuery: Sendable {
  public let text: String
  private let terms: [Term]
  /// The day `due:` words were read from.
  public let today: Day
  /// The runs of bytes every line it lets through has: its words' (those
  /// that must be there, plain words and tags); none when no such word.
  public let neededGrams: ByteGrams
  /// What the search cannot read (`due:<tomorow is not understood (not a
  /// date)`); nil when it reads every word.
  public let problem: String?

  private struct Term: Sendable {
    /// As typed, `-` included.
    let word: Substring
    let condition: Condition
    let isNegated: Bool

    /// Whether every todo this term lets through, `other` lets through:
    /// the same word, or a plain ASCII word that begins with `other`'s
    /// (the word being typed, a letter longer).
    func implies(_ other: Term) -> Bool {
      if word == other.word { return true }
      guard !isNegated, !other.isNegated, case .text(let text) = condition, case .text(let shorter) = other.condition else {
        return false
      }
      return text.begins(with: shorter)
    }
  }

  private enum Condition: Sendable {
    case text(CaseInsensitiveText)
    /// The letters' ASCII bytes.
    case priority(ClosedRange<UInt8>)
    case due(DueWhen)
    case tag(CaseInsensitiveText)
    case date(DateComparison)
    case blocked
    case notUnderstood

    var isNotUnderstood: Bool {
      if case .notUnderstood = self { true } else { false }
    }
  }

  private enum DueWhen: Sendable { case overdue, today, week }

  /// `today` is the day `due:` words are counted from.
  public init(_ text: String, today: Day) {
    self.text = text
    self.today = today
    let words = text.split(separator: " ")
    terms = words.map { word in
      let isNegated = word.count > 1 && word.first == "-"
      return Term(word: word, condition: Self.condition(isNegated ? word.dropFirst() : word, today: today), isNegated: isNegated)
    }
    neededGrams = terms.reduce(ByteGrams()) { grams, term in
      switch term.condition {
      case .text(let word) where !term.isNegated, .tag(let word) where !term.isNegated: grams.union(word.byteGrams)
      default: grams
      }
    }
    problem = zip(words, terms).first { $0.1.condition.isNotUnderstood }.map { "\($0.0) is not understood (not a date)" }
  }

  public var isEmpty: Bool { terms.isEmpty }

  /// Whether every todo this query lets through, `other` lets through too:
  /// each of its words is here (or one here begins with it, `Term.implies`),
  /// read on the same day. A todo `other` kept out then needs no test.
  public func refines(_ other: SearchQuery) -> Bool {
    guard today == other.today, problem == nil, other.problem == nil else { return false }
    return other.terms.allSatisfy { old in terms.contains { $0.implies(old) } }
  }

  private static func condition(_ word: Substring, today: Day) -> Condition {
    guard let (key, value) = Todo.State.keyValue(word) else { return .text(CaseInsensitiveText(String(word))) }
    switch key.lowercased() {
    case "pri":
      let letters = value.uppercased()
      let ends = letters.split(separator: "-", omittingEmptySubsequences: false)
      if ends.count <= 2, ends.allSatisfy({ $0.count == 1 && $0.first!.isASCII && $0.first!.isUppercase }),
         let low = ends.first?.first?.asciiValue, let high = ends.last?.first?.asciiValue, low <= high {
        return .priority(low...high)
      }
    case "is" where value.lowercased() == "blocked":
      return .blocked
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
    switch DateComparison.reading(key: key, value: value, today: today) {
    case .comparison(let comparison): return .date(comparison)
    case .notADate: return .notUnderstood
    case nil: break
    }
    return .tag(CaseInsensitiveText(String(word)))
  }

  /// `dependencies`: the list's, for `is:blocked`.
  public func matches(_ todo: Todo.State, _ dependencies: Dependencies = Dependencies()) -> Bool {
    matches(CollectionOfOne(todo).span, at: 0, dependencies)
  }

  /// The todo at `index` of `todos`. Every scan of the list calls this on
  /// each todo it passes, so it reads the todo and the terms in place:
  /// given the todo itself, a scan in another module handed each one over
  /// as a copy; a loop over `terms` copied each term (a retain and a
  /// release of its words a todo); the priority as a `Character` was
  /// compared as a string.
  public func matches(_ todos: Span<Todo.State>, at index: Int, _ dependencies: Dependencies) -> Bool {
    guard problem == nil else { return false }
    let terms = terms.span
    for term in terms.indices where matches(terms[term].condition, todos, at: index, dependencies) == terms[term].isNegated {
      return false
    }
    return true
  }

  private func matches(
    _ condition: borrowing Condition, _ todos: Span<Todo.State>, at index: Int, _ dependencies: Dependencies
  ) -> Bool {
    switch condition {
    case .blocked:
      return dependencies.isBlocked(todos[index])
    case .text(let text):
      return text.matches(line: todos[index].text, priorityLetter: todos[index].priorityLetter)
    case .tag(let tag):
      return tag.isWord(in: todos[index].text)
    case .priority(let range):
      guard let shown = todos[index].isComplete ? TagScan.priorityTag(in: todos[index].text)?.letter : todos[index].priorityLetter
      else { return false }
      return range.contains(shown)
    case .date(let comparison):
      return comparison.holds(in: todos[index].text)
    case .notUnderstood:
      return false
    case .due(let when):
      guard !todos[index].isComplete, let due = TagScan.dueDate(in: todos[index].text) else { return false }
      switch when {
      case .overdue: return due < today
      case .today: return due == today
      case .week: return today <= due && due <= today.adding(days: 7)
      }
    }
  }
}
