import FoundationEssentials

/// `rec:` — a todo that comes back when it is completed. `rec:1w` counts
/// from the day it was completed, the strict `rec:+1w` from its old due
/// date, so a weekly bill stays on its weekday however late it was paid.
public struct Recurrence: Equatable, Sendable {
  public let isStrict: Bool
  public let step: DateStep

  /// The value of a `rec:` tag (`1w`, `+2m`); nil when it is not one.
  public init?(_ value: Substring) {
    isStrict = value.utf8.first == UInt8(ascii: "+")
    guard let step = DateStep(isStrict ? value[value.utf8.index(after: value.startIndex)...] : value), step.count > 0 else { return nil }
    self.step = step
  }
}

extension Todo.State {
  public var recurrence: Recurrence? {
    TagScan.firstValue(of: "rec:", in: text).flatMap { Recurrence($0) }
  }

  /// The todo that completing this (active) one on `day` brings back: the
  /// same text, priority, projects and contexts, created `day`, with `due:`
  /// moved one step (from `day`, or from the old due date when strict) and
  /// `t:` moved to keep its distance before `due:`. Without either date,
  /// the new todo is due one step after `day`. Nil when it does not recur.
  public func nextOccurrence(completedOn day: Day, id: @autoclosure () -> UUID) -> Todo.State? {
    guard let recurrence, !isComplete else { return nil }
    var text = text
    let due = dueDate
    let threshold = hiding.threshold
    if let due {
      let newDue = recurrence.step.after(recurrence.isStrict ? due : day)
      text = text.replacingTag("due", with: "\(newDue)")
      if let threshold {
        text = text.replacingTag("t", with: "\(newDue.adding(days: -threshold.days(until: due)))")
      }
    } else if let threshold {
      text = text.replacingTag("t", with: "\(recurrence.step.after(recurrence.isStrict ? threshold : day))")
    } else {
      text += " due:\(recurrence.step.after(day))"
    }
    return Todo.State(id: id(), text: text, priority: priority, creationDate: day)
  }
}

extension String {
  /// The text with the first `key:` tag's value replaced: the value found
  /// in the bytes and spliced, every other byte as it was.
  func replacingTag(_ key: Substring, with value: String) -> String {
    guard let old = TagScan.firstValue(of: key + ":", in: self) else { return self }
    var replaced = String(self[..<old.startIndex])
    replaced += value
    replaced += self[old.endIndex...]
    return replaced
  }
}
