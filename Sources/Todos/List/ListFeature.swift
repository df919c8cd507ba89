import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// The list: the todos in the file's order, what is selected and shown, the
/// order and the sink of completed todos, undo, and the one door every
/// change to the list passes (ListFeature+Door.swift). Each todo's own
/// changes run in the `Todo` reducer, through `forEach`; the door then
/// records what it changed.
public struct ListFeature: Reducer {
  public struct State: Equatable, Sendable {
    /// The list in the file's order, which only add, move and delete change.
    public var todos: IdentifiedArrayOf<Todo.State>
    /// Always a visible todo, or nil when none is visible.
    public var selection: UUID?
    public var filter: Filter = .all
    /// `H`: todos hidden by `h:1` or a later `t:` show too.
    public var showsHidden = false
    /// `s`: the order the list is shown in.
    public var order = ListOrder.manual {
      didSet { showOrder() }
    }
    /// Each todo's place in the sorted orders shown so far, kept by the door.
    var orders = SortedOrders()
    /// Each todo's place in `order`.
    var screenOrder: ScreenOrder { orders[order] }
    /// Which todos wait for their parts (`id:`/`p:`), kept by the door.
    public internal(set) var dependencies: Dependencies
    /// The footer's count of active todos, kept by the door (ActiveCount.swift).
    var activeTodos: ActiveCount
    /// Where the screen's list starts: the first visible todo at or after
    /// this place in the screen's order is the top row. A place in the list
    /// rather than a row number, so that under a search neither scrolling
    /// nor drawing has to count the matches above the screen, and so that
    /// the screen stays put when rows above or at its top change.
    public var scrollTop = ListPosition.start
    /// In the agenda: the todo at `scrollTop` opens its day, and its
    /// heading is scrolled off above it (so the screen stays full).
    public var scrollTopBelowHeading = false
    /// Todos whose completion changed since completed todos last sank below
    /// active ones: until the sink, a second after the last toggle, they keep
    /// their place on screen.
    public var unsunk: IDSet = []
    /// The todo each completed recurring todo brought (this session), so
    /// that re-opening it takes that one away.
    public var recurrences: [UUID: UUID] = [:]
    public var history = UndoHistory()
    /// Counts every change to the list: what a result worked out about the
    /// list (a match count, a merge) is checked against.
    public internal(set) var listVersion = 0
    /// Counts committed changes: the file is saved when it has fewer.
    public var revision = 0
    /// What the last action has to say (a door's message, "Nothing to
    /// undo"): the app shows it in the footer and clears it.
    public var message: String?
    /// Lines an undone archive takes back out of the done file, once the
    /// todo file has them again: the side that gains lines is written first.
    public var unarchiveWhenSaved: [String] = []
    /// Lines an undone move (`T`) takes back out of the other list's file,
    /// once this list's file has them again.
    public var unmoveWhenSaved: [MovedLines] = []
    /// A redone archive waiting for the done file to take its lines (the
    /// step's record id): Ctrl-R again meanwhile appends nothing twice.
    var archiveRedoing: String?
    /// What else decides which rows show, owned by other features: a copy
    /// the app hands in (`AppReducer.State.handShownToList`).
    public var shown = Shown() {
      // The agenda's groups are days from today: a new day sorts again.
      didSet { if shown.today != oldValue.today { newDay() } }
    }
    /// `m`, `M`: the todos a change acts on instead of the selection, by
    /// their places in the file, which follow every change the door makes
    /// (ListFeature+Marks.swift), so they survive a filter, a search, an
    /// order and a merge.
    public var marks = Marks()
    /// What `.` does again: the last change made by a key (ListFeature+Batch.swift).
    public var lastChange: Command?
    /// The todos the last search counted kept out, for the scans of a
    /// search that refines it (`Visibility`); not part of the list's
    /// equality: a note of what is known, not a state of the list.
    public var knownMisses: QueryMisses?
    /// Each todo's runs of bytes, worked out on the I/O queue when the
    /// list is searched and kept by the door through changes in place
    /// (LineGrams.swift); not part of the list's equality: worked out
    /// from `todos`.
    var lineGrams: LineGrams?
    /// The runs of bytes are being worked out: one such work at a time.
    var isAskingForLineGrams = false

    public init(todos: IdentifiedArrayOf<Todo.State> = []) {
      self.todos = todos
      self.dependencies = Dependencies(todos)
      self.activeTodos = ActiveCount(todos)
      self.selection = todos.first(where: { !$0.isBlankLine })?.id
    }

    /// `order` sorted, unless it is kept already.
    mutating func showOrder() {
      let dependencies = dependencies
      orders.build(order, todos, today: shown.today, isBlocked: { dependencies.isBlocked($0) })
    }

    /// The kept orders sorted whole again: after a change too big to follow.
    mutating func sortAgain() {
      let dependencies = dependencies
      orders.rebuild(todos, isBlocked: { dependencies.isBlocked($0) })
    }

    /// The agenda's groups are days from today: on a new day it is grouped
    /// again if it shows, else when it next shows.
    mutating func newDay() {
      guard orders.isBuilt(.agenda) else { return }
      orders.forget(.agenda)
      if order == .agenda { showOrder() }
    }

    /// Equal lists, whatever was last handed in: `shown` is the app's copy
    /// of what other features decide, not the list's own state.
    public static func == (a: Self, b: Self) -> Bool {
      a.todos == b.todos && a.selection == b.selection && a.filter == b.filter && a.showsHidden == b.showsHidden
        && a.order == b.order && a.scrollTop == b.scrollTop && a.scrollTopBelowHeading == b.scrollTopBelowHeading && a.unsunk == b.unsunk && a.recurrences == b.recurrences
        && a.history == b.history && a.listVersion == b.listVersion && a.revision == b.revision && a.message == b.message
        && a.unarchiveWhenSaved == b.unarchiveWhenSaved && a.unmoveWhenSaved == b.unmoveWhenSaved && a.archiveRedoing == b.archiveRedoing
        && a.marks == b.marks && a.lastChange == b.lastChange
    }
  }

  /// The app's part of what the list shows: the search in force, the row
  /// being edited (always shown), today (for thresholds and `due:` words)
  /// and how many rows fit on a page.
  public struct Shown: Equatable, Sendable {
    public var query = ""
    public var editing: UUID?
    public var today = Day(year: 1970, month: 1, day: 1)!
    public var pageSize = 1
    public init() {}
  }

  public enum Direction: Equatable, Sendable { case up, down }

  public enum Action: Equatable, Sendable {
    /// What happens to one todo: run by `Todo` through `forEach`.
    case todo(id: UUID, action: Todo.Action)
    // Moving the selection.
    case selectNext, selectPrevious, selectFirst, selectLast, pageDown, pageUp
    /// A click on a todo's row.
    case select(UUID)
    // Changing the list.
    case deleteSelected
    case moveSelected(Direction)
    /// A key's change, on the marked todos if any, else on the selected one;
    /// remembered for `.` (ListFeature+Batch.swift).
    case act(Command)
    /// `.`: the last change again, on the marks or the selection.
    case repeatLastChange
    /// `m`: marks or unmarks the selected todo, then selects the next one.
    case toggleMark
    /// `M`: marks every visible todo (all marked already: unmarks them).
    case markVisible
    /// Esc with marks.
    case clearMarks
    case clearCompleted
    case undo, redo
    /// `U`, Enter: takes back what this change in the history did.
    case revert(HistoryRecord)
    // What the list shows.
    case cycleFilter
    /// A click on a filter's name.
    case showFilter(Filter)
    case toggleHidden
    case cycleOrder
    /// Sent by the sink's timer, a second after the last toggle.
    case sinkCompletedTodos
    /// Redoing a move (`T`): the other list has its todos again, or why not.
    case movedAgain(redoing: String, failure: String?)
    /// A redone archive's lines are in the done file (or could not be put
    /// there: why): the redo (the step's record id) is made now.
    case redoneArchiveWritten(String, failure: String?)
    /// Every todo's runs of bytes, worked out on the I/O queue for the
    /// list at `listVersion` (`AppReducer.workOutLineGrams`).
    case lineGramsWorkedOut(LineGrams, listVersion: Int)

    static let todoPath = CasePath<Action, (id: UUID, action: Todo.Action)>(
      Action.todo, extract: { if case let .todo(id, action) = $0 { (id, action) } else { nil } }
    )
  }

  enum CancelID: Hashable, Sendable { case sink }

  let environment: AppEnvironment
  /// The list's own reducer with `Todo` run on each element by `forEach`:
  /// built once, not for every action.
  private(set) var elements: ForEachReducer<State, Action, UUID, Todo.State, Todo.Action>

  public init(environment: AppEnvironment) {
    self.environment = environment
    // `core` needs `self`, which needs every property set: a stand-in first.
    elements = Self.elements(Reduce { _, _ in .none }, today: { environment.today })
    elements = Self.elements(Reduce(self.core), today: { environment.today })
  }

  private static func elements(
    _ core: Reduce<State, Action>, today: @escaping @Sendable () -> Day
  ) -> ForEachReducer<State, Action, UUID, Todo.State, Todo.Action> {
    core.forEach(\.todos, action: Action.todoPath) { Todo(today: today) }
  }

  /// `elements` for one batch: today read once for all its todos, not once
  /// a todo (the clock and the time zone asked 16,666 times).
  func elements(today: Day) -> ForEachReducer<State, Action, UUID, Todo.State, Todo.Action> {
    Self.elements(Reduce(core), today: { today })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .act(let command):
      return act(&state, command)
    case .repeatLastChange:
      guard let last = state.lastChange else {
        state.message = "Nothing to repeat yet: . repeats x, p, P, d, >, <, + and -"
        return .none
      }
      return act(&state, last)
    default:
      break
    }
    // A todo's own change is made by `Todo` in `forEach`; what it changed
    // then passes the door, to be recorded and followed up like any change.
    let before = Action.todoPath.extract(action).flatMap { state.todos[id: $0.id] }
    let effect = elements.reduce(into: &state, action: action)
    guard let before, let after = state.todos[id: before.id], after != before else { return effect }
    return .merge(effect, change(&state, state.recurring(
      ListEdit(changes: [.update(before: before, after: after)], applied: 1), today: environment.today, newID: environment.uuid
    )))
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .todo:
      break
    case .selectNext: state.moveSelection(by: 1)
    case .selectPrevious: state.moveSelection(by: -1)
    case .pageDown: state.moveSelection(byRows: max(1, state.shown.pageSize - 1))
    case .pageUp: state.moveSelection(byRows: -max(1, state.shown.pageSize - 1))
    case .selectFirst: state.selection = state.firstVisible()?.id
    case .selectLast: state.selection = state.lastVisible()?.id
    case .select(let id):
      state.selection = id
    case .deleteSelected:
      return change(&state, state.deletingSelected())
    case .act, .repeatLastChange:
      break  // in `reduce`: they run `Todo` through `forEach`, which `core` is inside of
    case .toggleMark:
      state.toggleMark()
    case .markVisible:
      state.markVisible()
    case .clearMarks:
      state.marks = Marks()
    case .moveSelected(let direction):
      guard state.order == .manual else {
        state.message = "J/K move lines in the file's order: s back to manual"
        return .none
      }
      return change(&state, state.movingSelected(direction))
    case .clearCompleted:
      guard state.todos.contains(where: \.isComplete) else {
        state.message = "No completed todos to clear"
        return .none
      }
      return change(&state, state.clearingCompleted())
    case .undo:
      return undo(&state)
    case .redo:
      return redo(&state)
    case .revert(let record):
      return revert(&state, record)
    case .cycleFilter:
      state.filter = state.filter.next
    case .showFilter(let filter):
      state.filter = filter
    case .toggleHidden:
      state.showsHidden.toggle()
    case .cycleOrder:
      // A new order is read from its top (the (A) todos, the soonest due):
      // the selection starts there, the screen scrolled to it.
      state.order = state.order.next
      state.scrollTop = .start
      state.scrollTopBelowHeading = false
      state.selection = state.firstVisible()?.id
    case .sinkCompletedTodos:
      state.sinkCompletedTodos()
    case .movedAgain(let id, let failure):
      return movedAgain(&state, redoing: id, failure: failure)
    case .redoneArchiveWritten(let id, let failure):
      return redoneArchiveWritten(&state, id, failure: failure)
    case .lineGramsWorkedOut(let grams, let version):
      // For a list changed meanwhile, they are asked for again.
      state.isAskingForLineGrams = false
      if version == state.listVersion, grams.membership === state.todos.membership { state.lineGrams = grams }
    }
    return .none
  }
}
