import TodoModel

/// The order the list is shown in (`s`): the file's own, by priority, by
/// due date, or the agenda (by day, under headings). Only a view: the
/// file's lines never move for it.
public enum ListOrder: String, CaseIterable, Equatable, Sendable {
  case manual
  case priority = "by priority"
  case dueDate = "by due date"
  case agenda

  /// How the config file and the state file name it: `manual`, `priority`, `due`, `agenda`.
  public var configName: String {
    switch self {
    case .manual: "manual"
    case .priority: "priority"
    case .dueDate: "due"
    case .agenda: "agenda"
    }
  }

  public init?(configName: String) {
    guard let order = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
    self = order
  }

  public var next: ListOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// Where a todo sorts in this order, ties kept in the file's order: one
  /// number, so a sort compares integers and a changed todo is placed by a
  /// binary search. Todos without a priority (a due date) come after those
  /// with one; blocked todos after the unblocked ones (in the agenda, within
  /// their day's group). Top bits: the agenda group's rank, then blocked.
  func sortKey(_ todo: borrowing Todo.State, isBlocked: Bool, today: Day) -> UInt32 {
    let blocked: UInt32 = isBlocked ? 1 << 26 : 0
    let priority = todo.priority?.asciiValue.map(UInt32.init) ?? 0xFF
    switch self {
    case .manual:
      return 0
    case .priority:
      return blocked | priority
    case .dueDate:
      // A day's bits take 23: year << 9 | month << 5 | day.
      return blocked | (todo.dueDate?.rawBits ?? 0x7F_FFFF)
    case .agenda:
      return UInt32(AgendaGroup(due: todo.dueDate, today: today).rank) << 27 | blocked | priority
    }
  }

  /// The agenda group a key of `sortKey` was made for.
  static func agendaRank(ofKey key: UInt32) -> Int { Int(key >> 27) }
}
