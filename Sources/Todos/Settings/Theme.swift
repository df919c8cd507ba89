import Terminal
import TodoModel

/// The style of each element of the screen: the standard theme, with the
/// config file's `[colors]` over it. `yaru colors` lists the elements.
///
/// The standard theme gives each colour one meaning: red is only ever
/// "overdue"; due today is bold yellow, due within three days plain yellow,
/// later dates the text's own colour, a `due:` that is no date underlined
/// red; priorities A, B and C are bold
/// magenta, green and blue (never red or yellow, so a high priority is never
/// mistaken for a late one); +projects cyan, @contexts blue and underlined
/// (the eight colours are all taken: the line tells a context from `(C)`);
/// hidden todos, shown with `H`, dim and italic; blocked todos dim; the
/// agenda's headings bold and underlined. It uses the terminal's
/// eight named colours and no background, never white or black, so the
/// user's own palette (dark or light) decides the shades.
public struct Theme: Equatable, Sendable {
  public enum Element: Int, CaseIterable, Sendable {
    case title, filter, priorityA, priorityB, priorityC, priority, project, context
    case overdue, dueToday, due, dueHint, completed, hidden, selection, flash, error, badDate, heading, blocked

    /// The name the config file and `yaru colors` use.
    public var name: String {
      switch self {
      case .title: "title"
      case .filter: "filter"
      case .priorityA: "priority-a"
      case .priorityB: "priority-b"
      case .priorityC: "priority-c"
      case .priority: "priority"
      case .project: "project"
      case .context: "context"
      case .overdue: "overdue"
      case .dueToday: "due-today"
      case .due: "due"
      case .dueHint: "due-hint"
      case .completed: "completed"
      case .hidden: "hidden"
      case .selection: "selection"
      case .flash: "flash"
      case .error: "error"
      case .badDate: "bad-date"
      case .heading: "heading"
      case .blocked: "blocked"
      }
    }

    /// What the element is, for `yaru colors`.
    public var meaning: String {
      switch self {
      case .title: "the name yaru in the header"
      case .filter: "the filter shown, in the header"
      case .priorityA: "priority (A)"
      case .priorityB: "priority (B)"
      case .priorityC: "priority (C)"
      case .priority: "priorities (D) to (Z)"
      case .project: "+project"
      case .context: "@context"
      case .overdue: "a due: date that has passed"
      case .dueToday: "a due: date that is today"
      case .due: "a due: date in the next three days"
      case .dueHint: "the words after a near or past due date: (tomorrow), (3w late)"
      case .completed: "a completed todo's row"
      case .hidden: "a hidden todo's row, while H shows them: h:1, a later t:"
      case .selection: "the selected row (laid over its colours)"
      case .flash: "a message in the footer"
      case .error: "a file that cannot be read or saved, a line or search not understood"
      case .badDate: "a due: or t: value that is not a date: due:tomorow"
      case .heading: "a day's heading in the agenda (s): Today, Thu 26 Nov"
      case .blocked: "a blocked todo's row: one that waits for its parts (id:, p:)"
      }
    }

    fileprivate var standard: Style {
      switch self {
      case .title, .filter: Style(bold: true)
      case .priorityA: Style(bold: true, foreground: .magenta)
      case .priorityB: Style(bold: true, foreground: .green)
      case .priorityC: Style(bold: true, foreground: .blue)
      case .priority: Style(bold: true)
      case .project: Style(foreground: .cyan)
      case .context: Style(underline: true, foreground: .blue)
      case .overdue, .error: Style(bold: true, foreground: .red)
      case .dueToday: Style(bold: true, foreground: .yellow)
      case .due: Style(foreground: .yellow)
      case .dueHint, .completed: Style(dim: true)
      case .hidden: Style(dim: true, italic: true)
      case .selection: Style(reverse: true)
      case .flash: Style(foreground: .yellow)
      // Red, as an error is, and underlined as a misspelling is: never
      // taken for an overdue date (bold red).
      case .badDate: Style(underline: true, foreground: .red)
      case .heading: Style(bold: true, underline: true)
      case .blocked: Style(dim: true)
      }
    }

    public init?(name: String) {
      guard let element = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = element
    }
  }

  private var styles = Element.allCases.map(\.standard)

  public init() {}

  public static let standard = Theme()

  public subscript(_ element: Element) -> Style {
    get { styles[element.rawValue] }
    set { styles[element.rawValue] = newValue }
  }

  /// The element for a priority letter.
  static func priority(_ letter: Character) -> Element {
    switch letter {
    case "A": .priorityA
    case "B": .priorityB
    case "C": .priorityC
    default: .priority
    }
  }

  /// The element for an active todo's `due:` date on `today`; nil for a
  /// date far enough away to need none.
  static func due(_ day: Day, today: Day) -> Element? {
    switch today.days(until: day) {
    case ..<0: .overdue
    case 0: .dueToday
    case 1...3: .due
    default: nil
    }
  }
}
