/// `>` and `<`, topydo's `postpone`: a deadline moved by days, not retyped.
/// A threshold (`t:`) moves with the due date, so a todo still shows the
/// same number of days before it is due.
extension Todo.State {
  /// Moves `due:` by `days` (and every dated `t:` by as many); a todo with
  /// no `due:` date gets `due:` tomorrow when moved later, and is left as
  /// it is when moved earlier (there is nothing to bring forward). A
  /// completed todo keeps its dates: it has no deadline left. Returns
  /// whether the todo changed.
  @discardableResult
  public mutating func postpone(by days: Int, today: Day) -> Bool {
    guard !isComplete, days != 0 else { return false }
    guard dueDate != nil else {
      // A `due:` that is no date is the user's to fix, not to add a second to.
      // Read from the bytes: splitting the text into words cost ~17,000 instructions a todo.
      guard days > 0, TagScan.firstValue(of: "due:", in: text) == nil else { return false }
      let tag = "due:\(today.adding(days: 1))"
      text += text.isEmpty ? tag : " " + tag
      return true
    }
    guard let moved = text.rewritingTags({ key, value in
      guard key == "due" || key == "t", let day = Day(value) else { return nil }
      return "\(key):\(day.adding(days: days))"
    }) else { return false }
    text = moved
    return true
  }
}
