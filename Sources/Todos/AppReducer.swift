import Architecture
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The whole app as one reducer: the list of todos (one `Todo` reducer per
/// element via `forEach`), the line editor for editing and searching (via
/// `Scope`), undo, the clock and flash messages. Keys never reach it: the
/// `Keymap` turns them into these actions.
public struct AppReducer: Reducer {
  public struct State: Equatable {
    public var todos: IdentifiedArrayOf<Todo.State>
    /// Always a visible todo, or nil when none is visible.
    public var selection: UUID?
    public var filter: Filter = .all
    /// The live search (case-insensitive, on the whole line); empty for none.
    public var search = ""
    public var mode: Mode = .list
    /// The line being edited or the search being typed.
    public var editor = LineEditor.State()
    /// A toggle happened and the sort of completed todos is waiting for its second.
    public var isSortPending = false
    public var history = UndoHistory()
    /// The time on the status-bar clock.
    public var now: Date
    public var uses24HourClock = true
    /// A short message in the footer (e.g. what `u` would undo), cleared after 3 s.
    public var flash: String?
    /// How many todo rows fit on the screen: how far PageUp/PageDown move.
    public var pageSize = 20
    /// Where the screen's list starts: an index into `todos`, the first
    /// visible todo at or after it being the top row (without a filter or
    /// search, simply the top row). An index rather than a row number, so
    /// that under a search neither scrolling nor drawing has to count the
    /// matches above the screen, and so that the screen stays put when rows
    /// above or at its top change.
    public var scrollTop = 0
    /// The user's offset from UTC, for the clock and today's date; updated
    /// with the clock, so daylight saving changes show.
    public var utcOffset = UTCOffset.utc
    /// The user asked to quit; the program saves and exits.
    public var isQuitting = false
    public var file = FileState()

    public init(todos: IdentifiedArrayOf<Todo.State> = [], now: Date) {
      self.todos = todos
      self.now = now
      self.selection = todos.first?.id
    }
  }

  public enum Mode: Equatable, Sendable {
    case list
    case editing(Editing)
    case searching
    case help
  }

  /// Which todo is being edited, and whether it is new (and so discarded on Esc).
  public struct Editing: Equatable, Sendable {
    public let id: UUID
    public let isNew: Bool
    /// Where the selection goes back to if a new todo is discarded.
    public let selectionBefore: UUID?
  }

  public enum Placement: Equatable, Sendable { case top, below, above }
  public enum Direction: Equatable, Sendable { case up, down }

  public enum Action: Equatable, Sendable {
    case started
    case todo(id: UUID, action: Todo.Action)
    case editor(LineEditor.Action)
    // Moving the selection.
    case selectNext, selectPrevious, selectFirst, selectLast, pageDown, pageUp
    // Changing the list.
    case addTodo(Placement)
    case editSelected
    case commitEdit, cancelEdit
    case deleteSelected
    case moveSelected(Direction)
    case clearCompleted
    case undo, redo
    // What the list shows.
    case cycleFilter
    case startSearch, commitSearch, cancelSearch
    case toggleHelp
    case toggleClockFormat
    case listHeightChanged(Int)
    /// A change was asked for while the file is read-only.
    case refusedWhileReadOnly
    case quit
    /// Ctrl-C: an unfinished edit is dropped, committed changes are kept.
    case interrupt
    // Sent by effects.
    case fileLoaded(Result<LoadedFile, TodoFileError>)
    case saveFinished(revision: Int, Result<DiskStamp, TodoFileError>)
    case retrySave
    case fileChangedOnDisk(LoadedFile)
    case sortCompletedTodos
    case clockTicked(Date)
    case flashExpired

    static let todoPath = CasePath<Action, (id: UUID, action: Todo.Action)>(
      { .todo(id: $0.id, action: $0.action) },
      extract: { if case let .todo(id, action) = $0 { (id, action) } else { nil } }
    )
    static let editorPath = CasePath<Action, LineEditor.Action>(
      Action.editor, extract: { if case let .editor(action) = $0 { action } else { nil } }
    )
  }

  enum CancelID: Hashable, Sendable { case clock, flash, sort }

  let environment: AppEnvironment

  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \.editor, action: Action.editorPath) { LineEditor() }
    Reduce(core)
      .forEach(\.todos, action: Action.todoPath) { Todo(today: { [environment] in environment.today }) }
      .recordingElementChanges()
      .keepingSelectionVisible()
      .savingChanges(environment)
  }

  /// The sort of completed todos, one second after the last toggle: a new
  /// toggle cancels the waiting one and starts the second again.
  private var delayedSort: Effect<Action> {
    .run(on: environment.mainQueue, after: .seconds(1)) { send in send(.sortCompletedTodos) }
      .cancellable(id: CancelID.sort, cancelInFlight: true)
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .started:
      state.now = environment.now()
      return .merge(
        load(&state),
        .timer(id: CancelID.clock, every: .seconds(1), on: environment.mainQueue) { .clockTicked($0) }
      )
    case .fileLoaded, .saveFinished, .retrySave, .fileChangedOnDisk:
      return reduceFile(&state, action)
    case .todo(_, .toggleCompleteTapped):
      state.isSortPending = true
      return delayedSort
    case .todo(_, .priorityCycled):
      return .none
    case .editor:
      if state.mode == .searching { state.search = state.editor.text }
      return .none
    case .selectNext: state.moveSelection(by: 1)
    case .selectPrevious: state.moveSelection(by: -1)
    case .pageDown: state.moveSelection(by: max(1, state.pageSize - 1))
    case .pageUp: state.moveSelection(by: -max(1, state.pageSize - 1))
    case .selectFirst: state.selection = state.firstVisible()?.id
    case .selectLast: state.selection = state.lastVisible()?.id
    case .addTodo(let placement):
      state.addTodo(placement, id: environment.uuid(), today: environment.today)
    case .editSelected:
      state.editSelected()
    case .commitEdit:
      return state.commitEdit().map(flash) ?? .none
    case .cancelEdit:
      state.cancelEdit()
    case .deleteSelected:
      return state.deleteSelected().map(flash) ?? .none
    case .moveSelected(let direction):
      state.moveSelected(direction)
    case .clearCompleted:
      return flash(state.clearCompleted())
    case .undo:
      let wasPending = state.isSortPending
      let message = state.undo()
      return .merge(wasPending ? .cancel(id: CancelID.sort) : .none, flash(message))
    case .redo:
      let message = state.redo()
      return .merge(state.isSortPending ? delayedSort : .none, flash(message))
    case .cycleFilter:
      state.filter = state.filter.next
    case .startSearch:
      state.mode = .searching
      state.editor = LineEditor.State(text: state.search)
    case .commitSearch:
      state.mode = .list
    case .cancelSearch:
      state.mode = .list
      state.search = ""
    case .toggleHelp:
      state.mode = state.mode == .help ? .list : .help
    case .toggleClockFormat:
      state.uses24HourClock.toggle()
    case .listHeightChanged(let rows):
      state.pageSize = max(1, rows)
    case .refusedWhileReadOnly:
      return flash("Read-only: another yaru has this file open")
    case .quit where state.file.saveError != nil && state.file.hasUnsavedChanges && !state.file.isConfirmingQuit:
      state.file.isConfirmingQuit = true
      return flash("Changes are not saved (\(state.file.saveError ?? "")). Press q again to quit and lose them")
    case .quit, .interrupt:
      if action == .interrupt, case .editing = state.mode { state.cancelEdit() }
      state.flushPendingSort()
      state.isQuitting = true
      return .merge(.cancel(id: CancelID.clock), .cancel(id: CancelID.flash), .cancel(id: CancelID.sort))
    case .sortCompletedTodos:
      state.flushPendingSort()
    case .clockTicked(let now):
      state.now = now
      state.file.isSaveSlow = state.file.hasUnsavedChanges || state.file.isSaving
      state.utcOffset = environment.utcOffset(now)
      return watchFile(state)
    case .flashExpired:
      state.flash = nil
    }
    return .none

    func flash(_ message: String) -> Effect<Action> {
      state.flash = message
      return .run(on: environment.mainQueue, after: .seconds(3)) { send in send(.flashExpired) }
        .cancellable(id: CancelID.flash, cancelInFlight: true)
    }
  }
}

extension AppReducer.Action {
  /// Whether the action changes the list (and so is refused while read-only).
  var changesList: Bool {
    switch self {
    case .todo, .addTodo, .editSelected, .deleteSelected, .moveSelected, .clearCompleted, .undo, .redo: true
    default: false
    }
  }
}
