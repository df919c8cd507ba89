import TodoModel

/// Tab in a line being typed: the word at the cursor becomes the name the
/// list uses most that it begins (`+wo` → `+work`), and each Tab after it
/// the next such name. Kept in the editor only while Tab is pressed again;
/// its candidates are what the hint row shows.
public struct WordCompletion: Equatable, Sendable {
  /// The names the word can become, most used first.
  public let candidates: [String]
  /// The candidate in the line now.
  public internal(set) var shown: Int
  /// Graphemes before the word being completed.
  public let wordStart: Int
}

extension LineEditor.State {
  /// Tab: completes the word at the cursor from `names`, or goes on to the
  /// next candidate. False, and nothing changed, when there is nothing to
  /// complete (no candidate, or the word is already the only one): Tab
  /// never types a tab.
  public mutating func complete(from names: TagNames) -> Bool {
    if var cycle = completion {
      cycle.shown = (cycle.shown + 1) % cycle.candidates.count
      replaceWord(from: cycle.wordStart, with: cycle.candidates[cycle.shown])
      completion = cycle
      return true
    }
    let cursorIndex = text.index(text.startIndex, offsetBy: cursor)
    var start = cursorIndex
    while start > text.startIndex, text[text.index(before: start)] != " " { start = text.index(before: start) }
    let wordStart = text.distance(from: text.startIndex, to: start)
    let word = text[start..<wordEnd(from: cursorIndex)]
    let candidates = names.candidates(completing: text[start..<cursorIndex])
    guard let first = candidates.first, candidates.count > 1 || first != word else { return false }
    // A word that is a name already and begins others goes on to the next.
    let shown = first == word ? 1 : 0
    replaceWord(from: wordStart, with: candidates[shown])
    if candidates.count > 1 { completion = WordCompletion(candidates: candidates, shown: shown, wordStart: wordStart) }
    return true
  }

  /// The word from `start` (graphemes) to the next space replaced by
  /// `name`, the cursor after it.
  private mutating func replaceWord(from wordStart: Int, with name: String) {
    let start = text.index(text.startIndex, offsetBy: wordStart)
    text.replaceSubrange(start..<wordEnd(from: start), with: name)
    cursor = wordStart + name.count
  }

  private func wordEnd(from index: String.Index) -> String.Index {
    text[index...].firstIndex(of: " ") ?? text.endIndex
  }
}
