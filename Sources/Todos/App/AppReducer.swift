import Architecture
import FoundationEssentials
import IdentifiedCollections
import Terminal
import TodoModel

/// The whole app, composed: the list (each todo run by `forEach` inside
/// it), the file and the search are features of their own, joined here by
/// `Scope`; the line editor runs while a mode has one. What is left here is
/// what spans them: the modes, adding and editing todos, archiving, the
/// clock, flash messages and quitting. Keys never reach it: the `Keymap`
/// turns them into these actions, and `InputGate` says which the state
/// accepts. What must follow any action (save, recount, keep the selection
/// in view) follows from versions, in one place (AppReducer+FollowUps.swift).
public struct AppReducer: Reducer {
  public struct State: Equatable {
    /// The list as stored: reached through `list`, which hands it what
    /// the other features decide about what it shows.
    private var storedList: ListFeature.State
    public var file = FileSync.State()
    public var search = Search.State()
    public var mode: Mode = .list
    /// The config file's choices and the clock format.
    public var settings = Settings()
    /// The time on the status-bar clock.
    public var now: Date
    /// The user's offset from UTC, for the clock and today's date; updated
    /// with the clock, so daylight saving changes show.
    public var utcOffset = UTCOffset.utc
    /// A short message in the footer (e.g. what `u` would undo), cleared after 3 s.
    public var flash: String?
    /// The terminal's size, as the view will draw on it.
    public var screenSize = Size(columns: 80, rows: 24)
    /// The user asked to quit, or a signal did; the program saves and exits.
    public var isQuitting = false
    /// The process's exit status once it may exit: 0, or 128 + the signal
    /// that ended it.
    public var exitStatus: Int32 = 0
    /// A signal's save took too long (a file that blocks): exit without it.
    public var isSaveAbandoned = false

    public init(todos: IdentifiedArrayOf<Todo.State> = [], now: Date) {
      self.storedList = ListFeature.State(todos: todos)
      self.now = now
    }

    /// The list, with what the rest of the app decides about what it shows
    /// (the search in force, the row being edited, today, the page) handed
    /// in each time it is reached, so it is never out of date. At rest the
    /// stored list holds none of it: state diffs show only the list's own.
    public var list: ListFeature.State {
      get {
        var list = storedList
        list.shown = shown
        return list
      }
      _modify {
        storedList.shown = shown
        yield &storedList
        storedList.shown = ListFeature.Shown()
      }
      set {
        storedList = newValue
        storedList.shown = ListFeature.Shown()
      }
    }

    private var shown: ListFeature.Shown {
      var shown = ListFeature.Shown()
      shown.query = query
      shown.editing = if case .editing(let editing) = mode { editing.id } else { nil }
      shown.today = today
      shown.pageSize = pageSize
      return shown
    }

    /// The search in force: the query being typed, else the one kept.
    public var query: String {
      if case .searching(let editor) = mode { editor.text } else { search.text }
    }

    /// Today on the user's clock.
    public var today: Day { Day(now, at: utcOffset) }

    /// How many todo rows fit on the screen: how far PageUp/PageDown move.
    public var pageSize: Int { AppView.listRows(in: screenSize) }

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

  /// Where a new todo goes; `end` (no key: the shell's `yaru add`) after the file's last line.
  public enum Placement: Equatable, Sendable { case top, below, above, end }
  public enum HelpScroll: Equatable, Sendable { case lineDown, lineUp, pageDown, pageUp, top, bottom }

  /// Nested by feature: a user's intent, an effect's result and a timer are
  /// told apart by the feature and case they come in.
  public enum Action: Equatable, Sendable {
    case started
    case list(ListFeature.Action)
    case file(FileSync.Action)
    case search(Search.Action)
    case editor(LineEditor.Action)
    // Adding and editing todos (the list and the line editor together).
    case addTodo(Placement)
    case editSelected
    case commitEdit, cancelEdit
    /// A paste in the list: each non-empty line a new todo below the selection.
    case pasteTodos(String)
    /// `A`: completed todos to the done file.
    case archiveCompleted
    // Modes.
    case startSearch, commitSearch, cancelSearch
    case toggleHelp
    case scrollHelp(HelpScroll)
    /// `P`: wait for a letter (or Space, or Esc).
    case choosePriority, cancelChoosingPriority
    case toggleClockFormat
    case screenResized(Size)
    case quit
    /// Ctrl-C: an unfinished edit is dropped, committed changes are kept.
    case interrupt
    /// SIGTERM, SIGHUP or SIGINT (closing the terminal, `kill`): committed
    /// changes are saved by the usual save, then the program exits.
    case terminated(signal: Int32)
    // Timers.
    /// A signal's save was still not done after `signalSaveTimeout`.
    case signalSaveTimedOut
    case clockTicked(Date)
    case flashExpired

    static let listPath = CasePath<Action, ListFeature.Action>(
      Action.list, extract: { if case let .list(action) = $0 { action } else { nil } }
    )
    static let filePath = CasePath<Action, FileSync.Action>(
      Action.file, extract: { if case let .file(action) = $0 { action } else { nil } }
    )
    static let searchPath = CasePath<Action, Search.Action>(
      Action.search, extract: { if case let .search(action) = $0 { action } else { nil } }
    )
    static let editorPath = CasePath<Action, LineEditor.Action>(
      Action.editor, extract: { if case let .editor(action) = $0 { action } else { nil } }
    )
  }

  enum CancelID: Hashable, Sendable { case clock, flash, matchCount }

  let environment: AppEnvironment

  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  var listFeature: ListFeature { ListFeature(environment: environment) }
  var fileSync: FileSync { FileSync(environment: environment) }

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      if let refusal = InputGate.verdict(on: action, in: state) {
        if case .refuse(let message) = refusal { return flash(&state, message) }
        return .none
      }
      let anchor = state.list.selectionAnchor
      let effect = features.reduce(into: &state, action: action)
      return .merge(effect, followUps(&state, selectionAnchor: anchor))
    }
  }

  /// The features, each on its part of the state; the app's own reducer
  /// runs last, so it sees what they made of an action.
  private var features: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.list, action: Action.listPath) { listFeature }
      Scope(state: \.file, action: Action.filePath) { fileSync }
      Scope(state: \.search, action: Action.searchPath) { Search() }
      Reduce(core)
    }
    .ifLet(\.editor, action: Action.editorPath) { LineEditor() }
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .started:
      state.now = environment.now()
      return .merge(
        fileSync.load(&state.file).map(Action.file),
        .timer(id: CancelID.clock, every: .seconds(1), on: environment.mainQueue) { .clockTicked($0) },
        // A message the program starts with (a state file passed over) goes too.
        state.flash.map { flash(&state, $0) } ?? .none
      )
    case .list(.todo):
      if state.mode == .choosingPriority { state.mode = .list }
    case .list, .search, .editor:
      break
    case .file(let action):
      return fileResult(&state, action)
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
    case .archiveCompleted:
      return archive(&state)
    case .startSearch:
      state.mode = .searching(LineEditor.State(text: state.search.text))
    case .commitSearch:
      state.search.text = state.query
      state.mode = .list
    case .cancelSearch:
      state.mode = .list
      state.search.text = ""
    case .choosePriority:
      guard state.list.selection != nil else { return .none }
      state.mode = .choosingPriority
    case .cancelChoosingPriority:
      state.mode = .list
    case .toggleHelp:
      if case .help = state.mode { state.mode = .list } else { state.mode = .help(top: 0) }
    case .scrollHelp(let scroll):
      guard case .help(let top) = state.mode else { return .none }
      let (textRows, last) = HelpOverlay.scrollLimits(in: state.screenSize, keys: state.settings.keyOverrides)
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
      state.settings.uses24HourClock.toggle()
    case .screenResized(let size):
      state.screenSize = size
      if case .help(let top) = state.mode {
        state.mode = .help(top: min(top, HelpOverlay.lastTop(in: size, keys: state.settings.keyOverrides)))
      }
    case .quit, .interrupt:
      if action == .interrupt, case .editing(var editing) = state.mode, editing.hasChanges, !editing.isConfirmingInterrupt {
        // Typed text is work: one stray Ctrl-C does not drop it.
        editing.isConfirmingInterrupt = true
        state.mode = .editing(editing)
        return flash(&state, "Ctrl-C again drops this edit and quits")
      }
      let dropEdit = action == .interrupt ? cancelEdit(&state) : .none
      if state.file.saveError != nil, state.hasUnsavedChanges, !state.file.isConfirmingQuit {
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
    case .clockTicked(let now):
      state.now = now
      state.utcOffset = environment.utcOffset(now)
    case .flashExpired:
      state.flash = nil
    }
    return .none
  }

  /// How long a signal waits for the last save before the program exits
  /// without it (a file that blocks, such as a FIFO, must not keep it alive).
  static let signalSaveTimeout: Duration = .seconds(3)

  private var stopTimers: Effect<Action> {
    .merge(
      .cancel(id: CancelID.clock), .cancel(id: CancelID.flash), .cancel(id: ListFeature.CancelID.sink),
      FileSync.stopWatching.map(Action.file)
    )
  }

  /// Shows `message` in the footer for three seconds.
  func flash(_ state: inout State, _ message: String) -> Effect<Action> {
    state.flash = message
    return .run(on: environment.mainQueue, after: .seconds(3)) { send in send(.flashExpired) }
      .cancellable(id: CancelID.flash, cancelInFlight: true)
  }

  /// The list's door, for the changes the app makes (adding, editing,
  /// loading, merging, archiving).
  func change(_ state: inout State, _ edit: ListEdit) -> Effect<Action> {
    listFeature.change(&state.list, edit).map(Action.list)
  }
}
