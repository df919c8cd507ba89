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
  /// Nested by feature: a user's intent, an effect's result and a timer are
  /// told apart by the feature and case they come in.
  public enum Action: Equatable, Sendable {
    case started
    case list(ListFeature.Action)
    case file(FileSync.Action)
    case search(Search.Action)
    case sync(SyncFeature.Action)
    case editor(LineEditor.Action)
    // Adding and editing todos (the list and the line editor together).
    case addTodo(Placement)
    /// `b`: a part of the selected todo, below it (AppReducer+Part.swift).
    case addPart
    case editSelected
    case commitEdit, cancelEdit
    /// A paste in the list: each non-empty line a new todo below the
    /// selection (at the end for `yaru add -`), all in one undoable step.
    case pasteTodos(String, at: Placement = .below)
    /// `A`: completed todos to the done file.
    case archiveCompleted
    // Modes.
    case startSearch, commitSearch, cancelSearch
    case toggleHelp
    case scrollHelp(HelpScroll)
    /// `U`: the history, newest first; a move in it; Enter reverts the
    /// selected change.
    case toggleHistory
    case moveInHistory(HelpScroll)
    case revertSelectedChange
    /// `P`: wait for a letter (or Space, or Esc).
    case choosePriority, cancelChoosingPriority
    /// `+` / `-`: the words prompt opened, Enter, Esc.
    case startWordsPrompt(WordsPrompt.Kind)
    case commitWordsPrompt, cancelWordsPrompt
    /// Tab in a line being typed: complete the word at the cursor, or go on
    /// to the next candidate (AppReducer+Completion.swift).
    case completeWord
    /// `Q`, `@`: macros (AppReducer+Macros.swift).
    case macro(MacroAction)
    case toggleClockFormat
    // Several lists (`[lists]`).
    /// `L`: show the next list.
    case nextList
    /// The I/O queue passed the shown list's file work: a switch may happen.
    case listFileWorkPassed
    /// The yaru that had this list (its place in `[lists]`) open let it go.
    case writerLeft(list: Int)
    /// A list shown for the first time: whether its lock was free.
    case listLockTried(list: Int, isFree: Bool)
    /// `T`: wait for a digit, the list to move the todos in hand to.
    case chooseList, cancelChoosingList
    /// `T` then N: the todos in hand to list number N (from 1).
    case moveToList(Int)
    /// The other list's file has the moved todos (or could not take them).
    case movedToList(ListMove)
    /// At start: a move the last run did not finish (the todos are in both lists).
    case moveCutShort(String)
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
    static let syncPath = CasePath<Action, SyncFeature.Action>(
      Action.sync, extract: { if case let .sync(action) = $0 { action } else { nil } }
    )
    static let searchPath = CasePath<Action, Search.Action>(
      Action.search, extract: { if case let .search(action) = $0 { action } else { nil } }
    )
    static let editorPath = CasePath<Action, LineEditor.Action>(
      Action.editor, extract: { if case let .editor(action) = $0 { action } else { nil } }
    )
  }

  enum CancelID: Hashable, Sendable { case clock, flash, matchCount, lineGrams }

  /// The first Ctrl-C on a changed line: true only while that line is open.
  static let interruptWarning = "Ctrl-C again drops this edit and quits"

  let environment: AppEnvironment
  /// The features, each on its part of the state, with the app's own
  /// reducer last (it sees what they made of an action): built once, since
  /// building the tree for every action cost a tenth of a key.
  private var features = Reduce<State, Action> { _, _ in .none }

  /// Each list's own list and file features, on its own file and history
  /// (one, without `[lists]`); the shown list's run (`listFeature(_:)`).
  let listFeatures: [ListFeature]
  let fileSyncs: [FileSync]
  let syncFeature: SyncFeature

  public init(environment: AppEnvironment) {
    self.environment = environment
    let lists = 0..<max(1, environment.lists.count)
    listFeatures = lists.map { ListFeature(environment: environment.forList($0)) }
    fileSyncs = lists.map { FileSync(environment: environment.forList($0)) }
    syncFeature = SyncFeature(environment: environment)
    let app = self
    // Each feature in a closure of its own: picked for an action, a closure
    // is one reference to retain; the feature itself, a copy of each of its
    // environment's references (`listFeature(state)`).
    let listReducers = listFeatures.map { Reduce($0) }
    let fileReducers = fileSyncs.map { Reduce($0) }
    features = Reduce(
      CombineReducers {
        // `Scope`s whose child is the shown list's own feature.
        Reduce { state, action in
          guard let listAction = Action.listPath.extract(action) else { return .none }
          return listReducers[state.lists.active].reduce(into: &state.list, action: listAction).map(Action.list)
        }
        Reduce { state, action in
          guard let fileAction = Action.filePath.extract(action) else { return .none }
          return fileReducers[state.lists.active].reduce(into: &state.file, action: fileAction).map(Action.file)
        }
        Scope(state: \.search, action: Action.searchPath) { Search() }
        Scope(state: \.sync, action: Action.syncPath) { app.syncFeature }
        Reduce(app.core)
      }
      .ifLet(\.editor, action: Action.editorPath) { LineEditor() }
    )
  }

  /// The input gate, then the features, then what follows from the action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let refusal = InputGate.verdict(on: action, in: state) {
      if case .refuse(let message) = refusal { return flash(&state, message) }
      return .none
    }
    state.handShownToList()
    // A switch of lists: the new list's selection is its own.
    let anchor = action == .listFileWorkPassed ? nil : state.list.selectionAnchor
    // The file read or merged is no later change of the user's: what the
    // footer says (a warning at start) stays.
    let listVersion = Action.filePath.extract(action) == nil ? state.list.listVersion : nil
    let effect = features.reduce(into: &state, action: action)
    // A macro asked for is played here, where the whole tree is at hand
    // (the features hold a copy of this reducer made before they were).
    let run = state.macros.queued.map { run in
      state.macros.queued = nil
      return play(&state, run)
    } ?? .none
    return effect.merged(with: run).merged(with: followUps(&state, selectionAnchor: anchor, listVersion: listVersion))
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .started:
      state.now = environment.now()
      // Records of this run are told apart from earlier runs' in a lasting history.
      if listEnvironment(state).history != nil { state.list.history.origin = String(environment.uuid().uuidString.prefix(8)).lowercased() }
      return .merge(
        // The macros first, on the same serial I/O queue as the file: `@a`
        // typed the moment the list shows finds them.
        readMacros(state),
        fileSync(state).load(&state.file).map(Action.file),
        checkForACutShortMove,
        nextClockTick(after: state.now, at: state.utcOffset),
        // A message the program starts with (a state file passed over) goes too.
        state.flash.map { flash(&state, $0) } ?? .none
      )
    case .list(.todo), .list(.act):
      if state.mode == .choosingPriority { state.mode = .list }
    case .sync(.finished(.synced, _)):
      // What it brought is read now, not at the next look.
      return fileSync(state).reduce(into: &state.file, action: .watchTicked).map(Action.file)
    case .search(let action):
      // The next keys' scans pass what this search kept out, while the list is this one.
      if case .matchesCounted(let key, _, let misses) = action, key == state.matchCountKey { state.list.knownMisses = misses }
    case .list, .editor, .sync:
      break
    case .file(let action):
      return fileResult(&state, action)
    case .addTodo(let placement):
      return addTodo(&state, placement)
    case .addPart:
      return addPart(&state)
    case .editSelected:
      return editSelected(&state)
    case .pasteTodos(let text, let placement):
      return pasteTodos(&state, text, at: placement)
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
      // Esc in the list clears the marks first: a second Esc the search.
      if state.mode == .list, !state.list.marks.isEmpty {
        return listFeature(state).reduce(into: &state.list, action: .clearMarks).map(Action.list)
      }
      state.mode = .list
      state.search.text = ""
    case .choosePriority:
      guard state.hasTodosInHand else { return .none }
      state.mode = .choosingPriority
    case .cancelChoosingPriority, .cancelWordsPrompt:
      state.mode = .list
    case .startWordsPrompt(let kind):
      return startWordsPrompt(&state, kind)
    case .commitWordsPrompt:
      return commitWordsPrompt(&state)
    case .completeWord:
      completeWord(&state)
    case .macro(let action):
      return macro(&state, action)
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
    case .toggleHistory:
      if case .history = state.mode { state.mode = .list } else { state.mode = .history(selected: 0) }
    case .moveInHistory(let move):
      guard case .history(let selected) = state.mode else { return .none }
      let page = max(1, HistoryOverlay.rows(in: state.screenSize) - 1)
      let last = max(0, state.list.history.log.count - 1)
      let moved = switch move {
      case .lineDown: selected + 1
      case .lineUp: selected - 1
      case .pageDown: selected + page
      case .pageUp: selected - page
      case .top: 0
      case .bottom: last
      }
      state.mode = .history(selected: min(max(0, moved), last))
    case .revertSelectedChange:
      guard case .history(let selected) = state.mode, let record = state.list.history.log.reversed().dropFirst(selected).first
      else { return .none }
      state.mode = .list
      return listFeature(state).reduce(into: &state.list, action: .revert(record)).map(Action.list)
    case .nextList:
      return nextList(&state)
    case .listFileWorkPassed:
      return fileWorkPassed(&state)
    case .writerLeft(let index):
      return writerLeft(&state, list: index)
    case .listLockTried(let index, let isFree):
      return lockTried(&state, list: index, isFree: isFree)
    case .chooseList:
      return chooseList(&state)
    case .cancelChoosingList:
      state.mode = .list
    case .moveToList(let number):
      return moveToList(&state, number: number)
    case .movedToList(let move):
      return movedToList(&state, move)
    case .moveCutShort(let message):
      return flash(&state, message)
    case .toggleClockFormat:
      // With no clock shown, t would change nothing anyone can see.
      guard state.settings.showsClock else { return flash(&state, "No clock to switch: clock = \"off\" in the config file") }
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
        return flash(&state, Self.interruptWarning)
      }
      let dropEdit = action == .interrupt ? cancelEdit(&state) : .none
      if state.file.saveError != nil, state.hasUnsavedChanges, !state.file.isConfirmingQuit {
        state.file.isConfirmingQuit = true
        let message = "Changes are not saved (\(state.file.saveError ?? "")). q again quits; they go to a rescue copy"
        return .merge(dropEdit, flash(&state, message))
      }
      state.isQuitting = true
      // Confirmed while saves fail: what is not saved goes to a rescue copy.
      // A save still running finishes first (and if it fails, the same).
      let rescue = state.file.saveError != nil ? rescueUnsaved(&state) : .none
      let waiting = state.hasUnsavedChanges && state.file.saveError == nil ? flash(&state, "Saving before quitting…") : .none
      return .merge(dropEdit, stopTimers, rescue, waiting)
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
      return rescueUnsaved(&state)
    case .clockTicked(let now):
      state.now = now
      state.utcOffset = environment.utcOffset(now)
      return .merge(nextClockTick(after: now, at: state.utcOffset), safetyNetLook(&state))
    case .flashExpired:
      state.flash = nil
    }
    return .none
  }

  /// The clock's next tick, at the next minute on the user's clock: the
  /// header shows minutes, and today (thresholds, `due:`) changes at one,
  /// so an idle yaru wakes once a minute. Worked out again at every tick,
  /// so the clock never drifts off the minute. (The sink of completed
  /// todos and the flash have timers of their own.)
  /// On the wall clock: after a suspended laptop wakes, the header shows
  /// the time at once, not up to a minute later.
  func nextClockTick(after now: Date, at offset: UTCOffset) -> Effect<Action> {
    let clock = environment.now
    let next = now.addingTimeInterval(ClockTick.delay(after: now, at: offset, unit: ClockTick.shown).timeInterval)
    return .run(on: environment.mainQueue, at: next) { send in send(.clockTicked(clock())) }
      .cancellable(id: CancelID.clock, cancelInFlight: true)
  }

  /// With the kernel's notices, the file is not polled; the clock's minute
  /// also looks at it (its bytes every fifth), in the same wake: for what
  /// the notices may not tell (a hard link written in another folder, a
  /// rewrite of the same size within the same tick of the file system's
  /// clock, sync tools' conflict copies beside it).
  private func safetyNetLook(_ state: inout State) -> Effect<Action> {
    let environment = listEnvironment(state)
    guard environment.fileNotices != nil, state.file.noticesUnavailable == nil, environment.file != nil else { return .none }
    return fileSync(state).reduce(into: &state.file, action: .watchTicked).map(Action.file)
  }

  /// How long a signal waits for the last save before the program exits
  /// without it (a file that blocks, such as a FIFO, must not keep it alive).
  static let signalSaveTimeout: Duration = .seconds(3)
  /// How many of quitting's saves another program's writes may refuse
  /// before the changes go to a rescue copy instead.
  static let conflictsBeforeRescue = 3

  private var stopTimers: Effect<Action> {
    .merge(
      .cancel(id: CancelID.clock), .cancel(id: CancelID.flash), .cancel(id: ListFeature.CancelID.sink),
      FileSync.stopWatching.map(Action.file)
    )
  }

  /// Committed changes the file does not have, written to a rescue copy
  /// before the program ends without them.
  func rescueUnsaved(_ state: inout State) -> Effect<Action> {
    guard state.hasUnsavedChanges, state.file.phase == .ready else { return .none }
    let list = TodoList(todos: state.list.todos, shape: state.file.shape)
    return fileSync(state).rescue(&state.file, list, leaving: state.unfinishedNewTodo).map(Action.file)
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
    state.handShownToList()
    return listFeature(state).change(&state.list, edit).map(Action.list)
  }

  /// The shown list's features and environment (its file and history).
  func listFeature(_ state: State) -> ListFeature { listFeatures[state.lists.active] }
  func fileSync(_ state: State) -> FileSync { fileSyncs[state.lists.active] }
  func listEnvironment(_ state: State) -> AppEnvironment { environment.forList(state.lists.active) }
}
