/// Where a todo falls in the agenda (`s`, `yaru ls --agenda`), by its
/// `due:` day against today: overdue, today, tomorrow, each of the five
/// days after, later, or no date. The cases are in the agenda's order.
public enum AgendaGroup: Comparable, Hashable, Sendable {
  case overdue
  case today
  case tomorrow
  /// 2…6 days from today, each under its own heading.
  case inDays(Int)
  case later
  case noDate

  /// Every group in the agenda's order: 10 of them.
  public static let all: [AgendaGroup] = [.overdue, .today, .tomorrow] + (2...6).map { .inDays($0) } + [.later, .noDate]

  public init(due: Day?, today: Day) {
    guard let due else {
      self = .noDate
      return
    }
    let days = today.days(until: due)
    self = switch days {
    case ..<0: .overdue
    case 0: .today
    case 1: .tomorrow
    case 2...6: .inDays(days)
    default: .later
    }
  }

  /// Its place in `all`, 0…9: what the agenda's sort key is made of.
  public var rank: Int {
    switch self {
    case .overdue: 0
    case .today: 1
    case .tomorrow: 2
    case .inDays(let days): 1 + days
    case .later: 8
    case .noDate: 9
    }
  }

  /// The heading drawn above the group: `Overdue`, `Today`, `Tomorrow`, a
  /// day by name (`Thu 26 Nov`), `Later`, `No date`.
  public func heading(today: Day) -> String {
    switch self {
    case .overdue: "Overdue"
    case .today: "Today"
    case .tomorrow: "Tomorrow"
    case .inDays(let days): Self.name(of: today.adding(days: days))
    case .later: "Later"
    case .noDate: "No date"
    }
  }

  /// `Thu 26 Nov`: weekday, day of the month, month, in English as the
  /// rest of the screen is.
  public static func name(of day: Day) -> String {
    "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1])"
  }

  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
