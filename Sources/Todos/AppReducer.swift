import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel
import Terminal

/// The whole app as one reducer: the list of todos, the line editor for
/// editing and searching (scoped to the mode that has one), undo, the clock
/// and flash messages. Keys never reach it: the `Keymap` turns them into
/// these actions. Every change to the list passes one door, `change`
/// (AppReducer+ListEdit.swift).
public struct AppReducer: Reducer {
  public struct State: Equatable {
    /// The list in the file's order, which only add, move and delete change.
    public var todos: IdentifiedArrayOf<Todo.State>
    /// Always a visible todo, or nil when none is visible.
    public var selection: UUID?
    public var filter: Filter = .all
    /// `s`: the order the list is shown in.
    public var order = ListOrder.manual {
      didSet { screenOrder = ScreenOrder(todos, by: order) }
    }
    /// Each todo's place in `order`, kept by the one door.
    var screenOrder = ScreenOrder()
    /// Counts the changes to the list (every one passes the door): what a
    /// cached result about the list is checked against.
    var listVersion = 0
    /// The search's count of matching todos, for the status line.
    var matchCount: MatchCount?
    /// `H`: todos hidden by `h:1` or a later `t:` show too.
    public var showsHidden = false
    /// The search kept after Enter (case-insensitive, on the whole line);
    /// empty for none. While one is typed, `query` is the editor's text.
    public var search = ""
    public var mode: Mode = .list
    /// Todos whose completion changed since completed todos last sank below
    /// active ones: until the sink, a second after the last toggle, they keep
    /// their place on screen.
    public var unsunk: Set<UUID> = []
    /// The todo each completed recurring todo brought (this session), so
    /// that re-opening it takes that one away.
    public var recurrences: [UUID: UUID] = [:]
    public var history = UndoHistory()
    /// The time on the status-bar clock.
    public var now: Date
    public var uses24HourClock = true
    /// The config file's `[keys]`, over the keymap.
    public var keyOverrides = KeyOverrides()
    /// The standard theme with the config file's `[colors]` over it.
    public var theme = Theme.standard
    /// The config file's `[views]`: named searches that `v` goes through.
    public var views: [Config.NamedView] = []
    /// `clock = "off"` in the config file: no clock in the header.
    public var showsClock = true
    /// A short message in the footer (e.g. what `u` would undo), cleared after 3 s.
    public var flash: String?
    /// The terminal's size, as the view will draw on it.
    public var screenSize = Size(columns: 80, rows: 24)
    /// How many todo rows fit on the screen: how far PageUp/PageDown move.
    public var pageSize: Int { AppView.listRows(in: screenSize) }
    /// Where the screen's list starts: the first visible todo at or after
    /// this place in the screen's order is the top row. A place in the list
    /// rather than a row number, so that under a search neither scrolling
    /// nor drawing has to count the matches above the screen, and so that
    /// the screen stays put when rows above or at its top change.
    public var scrollTop = ListPosition.start
    /// The user's offset from UTC, for the clock and today's date; updated
    /// with the clock, so daylight saving changes show.
    public var utcOffset = UTCOffset.utc
    /// The user asked to quit, or a signal did; the program saves and exits.
    public var isQuitting = false
    /// The process's exit status once it may exit: 0, or 128 + the signal
    /// that ended it.
    public var exitStatus: Int32 = 0
    /// A signal's save took too long (a file that blocks): exit without it.
    public var isSaveAbandoned = false
    public var file = FileState()

    public init(todos: IdentifiedArrayOf<Todo.State> = [], now: Date) {
      self.todos = todos
      self.now = now
      self.selection = todos.first?.id
    }

    /// The view whose search is in force, if the search is one.
    public var currentView: Int? {
      guard !search.isEmpty else { return nil }
      return views.firstIndex { $0.query == search }
    }

    /// The line being typed: the todo's text while editing, the query while
    /// searching; nil in the other modes.
    public var editor: LineEditor.State? {
      get {
        switch mode {
        case .editing(let editing): editing.editor
        case .searching(let editor): editor
        case .list, .help, .choosingPriority: nil
        }
      }
      set {
        guard let newValue else { return }
        switch mode {
        case .editing(var editing):
          editing.editor = newValue
          mode = .editing(editing)
        case .searching:
          mode = .searching(newValue)
        case .list, .help, .choosingPriority:
          break
        }
      }
    }
  }

  public enum Mode: Equatable, Sendable {
    case list
    case editing(Editing)
    /// Typing a search: the query in its line editor.
    case searching(LineEditor.State)
    /// The help overlay, scrolled to its line `top`.
    case help(top: Int)
    /// `P` was pressed: the next letter is the selected todo's priority.
    case choosingPriority
  }

  /// Which todo is being edited, whether it is new (and so discarded on
  /// Esc), and the line being typed for it.
  public struct Editing: Equatable, Sendable {
    public let id: UUID
    public let isNew: Bool
    /// Where the selection goes back to if a new todo is discarded.
    public let selectionBefore: UUID?
    public var editor: LineEditor.State
    /// The line as it was when editing began: if another program changes it
    /// meanwhile, committing keeps both versions.
    public let original: String?
    /// Ctrl-C was pressed once with changed text: the next one drops it.
    public var isConfirmingInterrupt = false

    /// Whether the line differs from what editing began with.
    var hasChanges: Bool { editor.text != (original ?? "") }

    public init(
      id: UUID, isNew: Bool, selectionBefore: UUID?, editor: LineEditor.State = LineEditor.State(), original: String? = nil
    ) {
      self.id = id
      self.isNew = isNew
      self.selectionBefore = selectionBefore
      self.editor = editor
      self.original = original
    }
  }

  public enum Placement: Equatable, Sendable { case top, below, above }
  public enum HelpScroll: Equatable, Sendable { case lineDown, lineUp, pageDown, pageUp, top, bottom }
  public enum Direction: Equatable, Sendable { case up, down }

  public enum Action: Equatable, Sendable {
    case started
    case todo(id: UUID, action: Todo.Action)
    case editor(LineEditor.Action)
    // Moving the selection.
    case selectNext, selectPrevious, selectFirst, selectLast, pageDown, pageUp
    /// A click on a todo's row.
    case select(UUID)
    // Changing the list.
    case addTodo(Placement)
    case editSelected
    case commitEdit, cancelEdit
    /// A paste in the list: each non-empty line a new todo below the selection.
    case pasteTodos(String)
    case deleteSelected
    case moveSelected(Direction)
    case clearCompleted
    /// `A`: completed todos to the done file.
    case archiveCompleted
    case undo, redo
    // What the list shows.
    case cycleFilter
    case toggleHidden
    case cycleOrder
    /// `v`: the next of the config's views, then no search.
    case nextView
    case startSearch, commitSearch, cancelSearch
    /// A click on a filter's name.
    case showFilter(Filter)
    case toggleHelp
    /// `P`: wait for a letter (or Space, or Esc).
    case choosePriority, cancelChoosingPriority
    case scrollHelp(HelpScroll)
    case toggleClockFormat
    case screenResized(Size)
    case quit
    /// Ctrl-C: an unfinished edit is dropped, committed changes are kept.
    case interrupt
    /// SIGTERM, SIGHUP or SIGINT (closing the terminal, `kill`): committed
    /// changes are saved by the usual save, then the program exits.
    case terminated(signal: Int32)
    /// A signal's save was still not done after `signalSaveTimeout`.
    case signalSaveTimedOut
    // Sent by effects.
    case loadingIsSlow
    case fileLoaded(Result<LoadedFile, TodoFileError>)
    case saveFinished(revision: Int, text: String, Result<DiskStamp, TodoFileError>)
    case retrySave
    /// The file as read now, and the stamp yaru knew when it looked: a
    /// reading that is out of date by the time it arrives is dropped.
    case fileChangedOnDisk(LoadedFile, known: DiskStamp?)
    case conflictCopiesFound([String])
    case sinkCompletedTodos
    /// The done file has the archived lines (or could not take them).
    case archiveWritten([Todo.State], lines: [String], failure: TodoFileError?)
    /// Undoing or redoing an archive could not change the done file.
    case doneFileFailed(String)
    /// How many todos a search let through (`MatchCount`).
    case matchesCounted(MatchCount.Key, Int)
    case clockTicked(Date)
    case flashExpired

    static let editorPath = CasePath<Action, LineEditor.Action>(
      Action.editor, extract: { if case let .editor(action) = $0 { action } else { nil } }
    )
  }

  enum CancelID: Hashable, Sendable { case clock, flash, sink, matchCount }

  let environment: AppEnvironment

  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  public var body: some Reducer<State, Action> {
    Reduce(core)
      .ifLet(\.editor, action: Action.editorPath) { LineEditor() }
      .keepingSelectionVisible()
      .countingMatches(environment)
      .savingChanges(environment)
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .started:
      state.now = environment.now()
      return .merge(
        load(&state),
        .timer(id: CancelID.clock, every: .seconds(1), on: environment.mainQueue) { .clockTicked($0) },
        // A message the program starts with (a state file passed over) goes too.
        state.flash.map { flash(&state, $0) } ?? .none
      )
    case .loadingIsSlow, .fileLoaded, .saveFinished, .retrySave, .fileChangedOnDisk, .conflictCopiesFound:
      return reduceFile(&state, action)
    case .todo(let id, let action):
      if state.mode == .choosingPriority { state.mode = .list }
      let today = environment.today
      guard let edit = state.updatingTodo(id, { todo in
        _ = Todo(today: { today }).reduce(into: &todo, action: action)
      }) else { return .none }
      return change(&state, state.recurring(edit, today: today, newID: environment.uuid))
    case .editor:
      return .none
    case .selectNext: state.moveSelection(by: 1)
    case .selectPrevious: state.moveSelection(by: -1)
    case .pageDown: state.moveSelection(by: max(1, state.pageSize - 1))
    case .pageUp: state.moveSelection(by: -max(1, state.pageSize - 1))
    case .selectFirst: state.selection = state.firstVisible()?.id
    case .selectLast: state.selection = state.lastVisible()?.id
    case .addTodo(let placement):
      return addTodo(&state, placement)
    case .editSelected:
      return editSelected(&state)
    case .pasteTodos(let text):
      return pasteTodos(&state, text)
    case .commitEdit:
      return commitEdit(&state)
    case .cancelEdit:
      return cancelEdit(&state)
    case .deleteSelected:
      return change(&state, state.deletingSelected())
    case .moveSelected(let direction):
      guard state.order == .manual else {
        return flash(&state, "J/K move lines in the file's order: s back to manual")
      }
      return change(&state, state.movingSelected(direction))
    case .clearCompleted:
      guard state.todos.contains(where: \.isComplete) else { return flash(&state, "No completed todos to clear") }
      return change(&state, state.clearingCompleted())
    case .archiveCompleted:
      return archive(&state)
    case .archiveWritten(let archived, let lines, let failure):
      return archiveWritten(&state, archived, lines: lines, failure: failure)
    case .matchesCounted(let key, let count):
      if state.matchCount?.key == key { state.matchCount?.count = count }
    case .doneFileFailed(let message):
      return flash(&state, "Done file: \(message)")
    case .undo:
      return undo(&state)
    case .redo:
      return redo(&state)
    case .cycleFilter:
      state.filter = state.filter.next
    case .toggleHidden:
      state.showsHidden.toggle()
    case .cycleOrder:
      state.order = state.order.next
    case .nextView:
      guard !state.views.isEmpty else { return flash(&state, "No views: name searches under [views] in the config file") }
      let next = state.currentView.map { $0 + 1 } ?? 0
      state.search = next < state.views.count ? state.views[next].query : ""
    case .showFilter(let filter):
      state.filter = filter
    case .select(let id):
      state.selection = id
    case .startSearch:
      state.mode = .searching(LineEditor.State(text: state.search))
    case .commitSearch:
      state.search = state.query
      state.mode = .list
    case .cancelSearch:
      state.mode = .list
      state.search = ""
    case .choosePriority:
      guard state.selection != nil else { return .none }
      state.mode = .choosingPriority
    case .cancelChoosingPriority:
      state.mode = .list
    case .toggleHelp:
      if case .help = state.mode { state.mode = .list } else { state.mode = .help(top: 0) }
    case .scrollHelp(let scroll):
      guard case .help(let top) = state.mode else { return .none }
      let (textRows, last) = HelpOverlay.scrollLimits(in: state.screenSize, keys: state.keyOverrides)
      let page = max(1, textRows - 1)
      let moved = switch scroll {
      case .lineDown: top + 1
      case .lineUp: top - 1
      case .pageDown: top + page
      case .pageUp: top - page
      case .top: 0
      case .bottom: last
      }
      state.mode = .help(top: min(max(0, moved), last))
    case .toggleClockFormat:
      state.uses24HourClock.toggle()
    case .screenResized(let size):
      state.screenSize = size
      if case .help(let top) = state.mode { state.mode = .help(top: min(top, HelpOverlay.lastTop(in: size, keys: state.keyOverrides))) }
    case .quit, .interrupt:
      if action == .interrupt, case .editing(var editing) = state.mode, editing.hasChanges, !editing.isConfirmingInterrupt {
        // Typed text is work: one stray Ctrl-C does not drop it.
        editing.isConfirmingInterrupt = true
        state.mode = .editing(editing)
        return flash(&state, "Ctrl-C again drops this edit and quits")
      }
      let dropEdit = action == .interrupt ? cancelEdit(&state) : .none
      if state.file.saveError != nil, state.file.hasUnsavedChanges, !state.file.isConfirmingQuit {
        state.file.isConfirmingQuit = true
        let message = "Changes are not saved (\(state.file.saveError ?? "")). Press q again to quit and lose them"
        return .merge(dropEdit, flash(&state, message))
      }
      state.isQuitting = true
      return .merge(dropEdit, stopTimers)
    case .terminated(let signal):
      // Nobody is there to confirm anything: the unfinished edit is dropped,
      // and the committed list is saved by the one save path, with the file
      // stamp it has now, unless that takes too long.
      let dropEdit = cancelEdit(&state)
      state.isQuitting = true
      state.exitStatus = 128 + signal
      let deadline = Effect<Action>.run(on: environment.mainQueue, after: Self.signalSaveTimeout) { send in
        send(.signalSaveTimedOut)
      }
      return .merge(dropEdit, stopTimers, deadline)
    case .signalSaveTimedOut:
      state.isSaveAbandoned = true
    case .sinkCompletedTodos:
      state.sinkCompletedTodos()
    case .clockTicked(let now):
      state.now = now
      state.file.isSaveSlow = state.file.hasUnsavedChanges || state.file.isSaving
      state.utcOffset = environment.utcOffset(now)
      return watchFile(state)
    case .flashExpired:
      state.flash = nil
    }
    return .none
  }

  /// How long a signal waits for the last save before the program exits
  /// without it (a file that blocks, such as a FIFO, must not keep it alive).
  static let signalSaveTimeout: Duration = .seconds(3)

  private var stopTimers: Effect<Action> {
    .merge(.cancel(id: CancelID.clock), .cancel(id: CancelID.flash), .cancel(id: CancelID.sink))
  }

  /// Shows `message` in the footer for three seconds.
  func flash(_ state: inout State, _ message: String) -> Effect<Action> {
    state.flash = message
    return .run(on: environment.mainQueue, after: .seconds(3)) { send in send(.flashExpired) }
      .cancellable(id: CancelID.flash, cancelInFlight: true)
  }

  /// The door for a change that may not apply (nothing selected, nothing changed).
  func change(_ state: inout State, _ edit: ListEdit?) -> Effect<Action> {
    edit.map { change(&state, $0) } ?? .none
  }
}
