/// `+` and `-`: words added to or taken from todos without retyping them —
/// tag a handful with `@phone`, give them `due:fri`, drop `+errands`.
extension Todo.State {
  /// Adds the words of `typed`. Date shortcuts become dates, as in a typed
  /// line; `(A)` sets the priority (of an active todo); a `key:value` takes
  /// the place of that key's value (a todo has one due date, not two); any
  /// other word goes at the end unless the todo has it already. Returns
  /// whether the todo changed.
  @discardableResult
  public mutating func addWords(_ typed: String, today: Day) -> Bool {
    let before = self
    for word in DateShortcut.resolving(typed, today: today).split(separator: " ") {
      if let letter = Self.priorityWord(word) {
        if !isComplete { priority = letter }
        continue
      }
      if let (key, _) = Self.keyValue(word) {
        var placed = false
        let replaced = text.split(separator: " ", omittingEmptySubsequences: false).compactMap { old -> Substring? in
          guard Self.keyValue(old)?.key == key else { return old }
          defer { placed = true }
          return placed ? nil : word
        }
        if placed {
          text = replaced.joined(separator: " ")
          continue
        }
      } else if TagScan.hasWord(String(word), in: text) {  // from the bytes: no words split out
        continue
      }
      text += text.isEmpty ? String(word) : " " + word
    }
    return self != before
  }

  /// Takes out the words of `typed` wherever the todo has them. A bare key
  /// (`due:`) takes out that tag whatever its value; `(A)` takes away
  /// priority A; shortcuts are read as dates (`due:tomorrow` takes out
  /// tomorrow's date). A word is kept if the todo would have no text left
  /// without it: it would become a blank line. Returns whether the todo changed.
  @discardableResult
  public mutating func removeWords(_ typed: String, today: Day) -> Bool {
    let before = self
    for word in DateShortcut.resolving(typed, today: today).split(separator: " ") {
      if let letter = Self.priorityWord(word) {
        if priority == letter { priority = nil }
        continue
      }
      let bareKey: Substring? = word.count > 1 && word.last == ":" && !word.dropLast().contains(":") ? word.dropLast() : nil
      let kept = text.split(separator: " ", omittingEmptySubsequences: false).filter { old in
        if let bareKey { return Self.keyValue(old)?.key != bareKey }
        return old != word
      }
      let left = kept.joined(separator: " ")
      if !left.allSatisfy(\.isWhitespace) { text = left }
    }
    return self != before
  }

  /// The letter of a `(A)` word.
  static func priorityWord(_ word: Substring) -> Character? {
    guard word.count == 3, word.first == "(", word.last == ")" else { return nil }
    let letter = word[word.index(after: word.startIndex)]
    return letter.isASCII && letter.isUppercase ? letter : nil
  }
}
