/// What a history's summary reads of a hunk: its removed and added lines,
/// as lines or as todos not yet formatted (`TodoHunk`), so that a batch's
/// summary formats the one or two lines it names, not every line.
public protocol SummarizedHunk {
  associatedtype Line
  var removed: [Line] { get }
  var added: [Line] { get }
  /// The line as the file has it.
  static func text(of line: Line) -> String
  /// Whether the file's line starts with `x `, as a completed todo's does.
  static func isCompleted(_ line: Line) -> Bool
}

extension LineHunk: SummarizedHunk {
  public static func text(of line: String) -> String { line }
  public static func isCompleted(_ line: String) -> Bool { line.hasPrefix("x ") }
}

extension TodoHunk: SummarizedHunk {
  public static func text(of todo: Todo.State) -> String { TodoTxt.format(todo) }

  /// Without formatting when the line's start is plain: a date or a
  /// priority after `x `, or an active todo's own text.
  public static func isCompleted(_ todo: Todo.State) -> Bool {
    if todo.isComplete {
      return todo.completionDate != nil || todo.creationDate != nil || TodoTxt.format(todo).hasPrefix("x ")
    }
    return todo.priority == nil && todo.creationDate == nil && todo.text.hasPrefix("x ")
  }
}

extension Array where Element: SummarizedHunk {
  /// What the hunks did, in a few words: `completed "Pay rent"`,
  /// `added 3 todos`, `deleted "Call mum"`.
  public var summary: String {
    var removedCount = 0, addedCount = 0
    for hunk in self {
      removedCount += hunk.removed.count
      addedCount += hunk.added.count
    }
    // The one line removed or added, when there is one.
    func onlyRemoved() -> String { Element.text(of: first { !$0.removed.isEmpty }!.removed[0]) }
    func onlyAdded() -> String { Element.text(of: first { !$0.added.isEmpty }!.added[0]) }
    if removedCount == 1, addedCount == 1, count == 2, onlyAdded() == onlyRemoved() {
      return "moved \(LineHunk.quoted(onlyRemoved()))"
    }
    // A completion (with what recurrence added or took away) is named by it.
    if let flip = first(where: { $0.removed.count == 1 && $0.added.count == 1 }),
       Element.isCompleted(flip.removed[0]) != Element.isCompleted(flip.added[0]) {
      return "\(Element.isCompleted(flip.added[0]) ? "completed" : "reopened") \(LineHunk.quoted(Element.text(of: flip.added[0])))"
    }
    if removedCount == 1, addedCount == 1 { return "edited \(LineHunk.quoted(onlyAdded()))" }
    if removedCount == 0 { return addedCount == 1 ? "added \(LineHunk.quoted(onlyAdded()))" : "added \(addedCount) lines" }
    if addedCount == 0 { return removedCount == 1 ? "deleted \(LineHunk.quoted(onlyRemoved()))" : "deleted \(removedCount) lines" }
    return "changed \(Swift.max(removedCount, addedCount)) lines"
  }
}
