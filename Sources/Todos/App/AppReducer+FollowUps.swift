import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// What must follow an action, whichever feature it went to, worked out in
/// one place from versions rather than from wrappers whose order matters:
/// what the features said is shown; the selection stays on a visible todo,
/// in view; another program's version a save displaced is merged; the file
/// is saved when the list's revision is ahead of the file's; the search is
/// counted again when what it counts changed.
extension AppReducer {
  func followUps(
    _ state: inout State, selectionAnchor anchor: (id: UUID, position: ListPosition)?, listVersion: Int?
  ) -> Effect<Action> {
    state.handShownToList()
    // Merged as they come: most keys have one effect or none, and then no
    // array is made (one was, for every key).
    var effects = Effect<Action>.none
    // A message speaks of the last change, or of the line being typed: a
    // later change of the list, or the line closed, makes it stale.
    if listVersion.map({ $0 != state.list.listVersion }) == true || (state.flash == Self.interruptWarning && !state.isConfirmingInterrupt) {
      state.flash = nil
      effects = effects.merged(with: .cancel(id: CancelID.flash))
    }
    // What each feature said, in its outbox: shown, and the outbox emptied.
    // (Read one by one: a loop over their key paths cost ~3,000
    // instructions a key, most of them with no message.)
    if let message = state.list.message.take() { effects = effects.merged(with: flash(&state, message)) }
    if let message = state.file.message.take() { effects = effects.merged(with: flash(&state, message)) }
    if let message = state.search.message.take() { effects = effects.merged(with: flash(&state, message)) }
    if let message = state.sync.message.take() { effects = effects.merged(with: flash(&state, message)) }
    if !state.list.unarchiveWhenSaved.isEmpty {
      // Kept for the save that writes this revision (none in memory).
      if !state.file.isInMemory { state.file.unarchiveAfter[state.list.revision, default: []] += state.list.unarchiveWhenSaved }
      state.list.unarchiveWhenSaved = []
    }
    if !state.list.unmoveWhenSaved.isEmpty {
      if !state.file.isInMemory { state.file.unmoveAfter[state.list.revision, default: []] += state.list.unmoveWhenSaved }
      state.list.unmoveWhenSaved = []
    }
    state.list.repairSelection(anchor: anchor)
    state.list.scrollSelectionIntoView()
    if state.file.phase == .ready { effects = effects.merged(with: mergeDisplaced(&state)) }
    effects = effects.merged(with: saveIfBehind(&state))
    effects = effects.merged(with: writeHistoryIfSaved(&state))
    if state.isQuitting, !state.hasUnsavedChanges, !state.file.isSaving, state.exitStatus == 0 {
      // Every change is in the file: one last sync, waited for a little.
      effects = effects.merged(with: syncFeature.reduce(into: &state.sync, action: .quitting).map(Action.sync))
    }
    effects = effects.merged(with: countMatchesIfStale(&state))
    // After the count, which comes back sooner; asked here, not in a call
    // that returns `.none`: it costs a move nothing.
    if state.list.lineGrams == nil, !state.list.isAskingForLineGrams, !state.list.shown.query.isEmpty {
      effects = effects.merged(with: workOutLineGrams(&state))
    }
    effects = effects.merged(with: switchListIfSettled(&state))
    return effects
  }

  /// If the list has committed changes the file lacks and no save is
  /// running, save them now. A burst of changes while one save runs becomes
  /// one more save when it finishes.
  private func saveIfBehind(_ state: inout State) -> Effect<Action> {
    // A macro's run is saved when it ends, as one step.
    guard state.file.phase == .ready, state.hasUnsavedChanges, !state.file.isSaving, state.file.saveError == nil,
          !state.file.isAwaitingMerge, !state.macros.isPlaying
    else { return .none }
    let list = TodoList(todos: state.list.todos, shape: state.file.shape)
    return fileSync(state).save(
      &state.file, list, leaving: state.unfinishedNewTodo, revision: state.list.revision, unwritten: state.list.history.unwritten
    )
      .map(Action.file)
  }

  /// History records whose changes are all on the disk with no save to
  /// carry them (another program's change, a list kept in memory) are
  /// appended to the history now, on the I/O queue.
  private func writeHistoryIfSaved(_ state: inout State) -> Effect<Action> {
    // The environment last: it is built, the rest is read.
    guard !state.list.history.unwritten.isEmpty, !state.hasUnsavedChanges, !state.macros.isPlaying,
          !state.file.isSaving, state.file.phase == .ready || state.file.isInMemory, let history = listEnvironment(state).history
    else { return .none }
    let records = state.list.history.takeWritable(upTo: .max)
    return .run(on: environment.ioQueue) { send in
      if let warning = history.append(records) { send(.file(.historyFailed(warning))) }
    }
  }

  /// The list searched and its runs of bytes (`LineGrams`) not known:
  /// worked out on the I/O queue, one work at a time, and taken for the
  /// list they were made for. Meanwhile a search reads every todo it passes.
  private func workOutLineGrams(_ state: inout State) -> Effect<Action> {
    let todos = state.list.todos, version = state.list.listVersion
    state.list.isAskingForLineGrams = true
    return .run(on: environment.ioQueue) { send in
      send(.list(.lineGramsWorkedOut(LineGrams(todos), listVersion: version)))
    }
    .cancellable(id: CancelID.lineGrams)
  }

  /// A search in force whose count is out of date is counted again, on
  /// the I/O queue over a snapshot (the count in flight, if any, is dropped).
  private func countMatchesIfStale(_ state: inout State) -> Effect<Action> {
    guard !state.query.isEmpty else {
      if state.list.knownMisses != nil { state.list.knownMisses = nil }  // of use to the same search typed again only
      guard state.search.matchCount != nil else { return .none }
      state.search.matchCount = nil
      return .cancel(id: CancelID.matchCount)
    }
    let key = state.matchCountKey
    guard state.search.matchCount?.key != key else { return .none }
    state.search.matchCount = MatchCount(key: key, count: nil)
    let list = state.list
    return Effect<Action>.run(on: environment.ioQueue) { send in
      let (count, misses) = list.countVisible()
      send(.search(.matchesCounted(key, count, misses)))
    }
    .cancellable(id: CancelID.matchCount, cancelInFlight: true)
  }
}

extension AppReducer.State {
  /// The first Ctrl-C was pressed on the line being edited.
  var isConfirmingInterrupt: Bool {
    if case .editing(let editing) = mode { editing.isConfirmingInterrupt } else { false }
  }

  /// Committed changes the file does not have yet (never, without a file).
  public var hasUnsavedChanges: Bool {
    !file.isInMemory && !file.isReadOnly && list.revision != file.savedRevision
  }

  /// Whether the status bar says "saving…".
  /// (Also while a save waits for another program's change to be merged:
  /// not "saved" until it is.)
  public var showsSaving: Bool { (file.isSaveSlow || file.isAwaitingMerge) && (hasUnsavedChanges || file.isSaving) }

  /// Whether there is a frame to show: not while the file loads, unless it
  /// loads slowly.
  public var hasFrame: Bool { file.phase != .loading || file.isLoadingSlow }

  /// The program may exit: quitting, the start's look around the file done
  /// (`FileSync.State.isLookingAround`), and every committed change is in
  /// the file, or in a rescue copy, or could not be put in either (said at exit).
  public var canExit: Bool {
    guard isQuitting, sync.isDoneForQuit || exitStatus != 0, !file.isLookingAround else { return false }
    if !hasUnsavedChanges || file.phase != .ready { return true }
    if case .ended = file.rescue { return true }
    return false
  }

  /// What the program says on standard error as it exits, and its status:
  /// changes that did not reach the file say where they are instead (the
  /// status is then 1, unless a signal ended it).
  public var exit: (status: Int32, message: String?) {
    if sync.didGiveUp, !hasUnsavedChanges {
      return (exitStatus, "yaru: the sync did not finish in \(SyncFeature.quitWait.components.seconds) s; your changes are saved and go with the next sync")
    }
    guard hasUnsavedChanges, file.phase == .ready, case .ended(let message) = file.rescue else { return (exitStatus, nil) }
    return (exitStatus == 0 ? 1 : exitStatus, "yaru: " + message)
  }

  var matchCountKey: MatchCount.Key {
    MatchCount.Key(query: query, filter: list.filter, hidingOn: list.showsHidden ? nil : today, listVersion: list.listVersion)
  }
}
