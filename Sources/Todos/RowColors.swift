import Terminal
import TodoModel

/// What each colour on a row means, one meaning per colour: red is only
/// ever "overdue"; due today is bold yellow, due within three days plain
/// yellow, later dates the text's own colour; priorities A, B and C are
/// bold magenta, green and blue (never red or yellow, so a high priority is
/// never mistaken for a late one); +projects cyan, @contexts blue.
enum RowColors {
  static let project = Style(foreground: .cyan)
  static let context = Style(foreground: .blue)

  static func priority(_ letter: Character) -> Style {
    switch letter {
    case "A": Style(bold: true, foreground: .magenta)
    case "B": Style(bold: true, foreground: .green)
    case "C": Style(bold: true, foreground: .blue)
    default: Style(bold: true)
    }
  }

  /// The style of an active todo's `due:` date on `today`; nil for a date
  /// far enough away to need none.
  static func due(_ day: Day, today: Day) -> Style? {
    switch today.days(until: day) {
    case ..<0: Style(bold: true, foreground: .red)
    case 0: Style(bold: true, foreground: .yellow)
    case 1...soonDays: Style(foreground: .yellow)
    default: nil
    }
  }

  /// How many days ahead a due date is "soon".
  static let soonDays = 3

  /// The words after a near due date: `today`, `tomorrow`, `in 3 days`,
  /// `yesterday`, `2 days late`; nil beyond a week either way.
  static func hint(for day: Day, today: Day) -> String? {
    switch today.days(until: day) {
    case 0: "today"
    case 1: "tomorrow"
    case -1: "yesterday"
    case 2...6: "in \(today.days(until: day)) days"
    case -6 ... -2: "\(-today.days(until: day)) days late"
    default: nil
    }
  }
}
