/// The one place that decides which actions the state accepts, for keys
/// from a terminal, a key script or a test alike: until the file is loaded
/// there is no list to act on (only Ctrl-C works); on a terminal too small
/// to draw the list a key cannot be aimed at anything (only quitting
/// works); while another yaru has the file, nothing changes the list; nor
/// while `L` waits to show another list.
/// What effects, timers and signals send always passes.
enum InputGate {
  enum Verdict: Equatable {
    /// Dropped without a word.
    case ignore
    /// Dropped, saying why in the footer.
    case refuse(String)
  }

  /// Nil when `state` accepts `action`. (Inlined: called, it was handed
  /// a copy of the whole state for every action.)
  @inline(__always) static func verdict(on action: AppReducer.Action, in state: AppReducer.State) -> Verdict? {
    guard isIntent(action) else { return nil }
    if state.file.phase != .ready { return action == .interrupt ? nil : .ignore }
    if !AppView.fits(state.screenSize) { return action == .quit || action == .interrupt ? nil : .ignore }
    if state.file.isReadOnly, changesList(action) { return .refuse("Read-only: another yaru has this file open") }
    // `L` waits for the list's file work (a millisecond, unless a save is
    // slow): a change that ends in a result (an archive, a move, a redone
    // move) must not start meanwhile, or it would come back to the other list.
    if state.lists.switchingTo != nil, changesList(action) { return .refuse("Switching lists: a moment") }
    return nil
  }

  /// What a person asked for (a key, a click, a paste), as opposed to what
  /// effects, timers and signals report.
  private static func isIntent(_ action: AppReducer.Action) -> Bool {
    switch action {
    case .started, .file, .search(.matchesCounted), .list(.sinkCompletedTodos), .list(.movedAgain), .list(.redoneArchiveWritten), .list(.lineGramsWorkedOut),
         .sync(.started), .sync(.due), .sync(.fileChanged), .sync(.finished), .sync(.quitting), .sync(.finalWaitOver),
         .terminated, .signalSaveTimedOut, .clockTicked, .flashExpired, .screenResized, .macro(.read), .macro(.writeFailed),
         .listFileWorkPassed, .writerLeft, .listLockTried, .movedToList, .moveCutShort:
      false
    default:
      true
    }
  }

  private static func changesList(_ action: AppReducer.Action) -> Bool {
    switch action {
    case .list(.todo), .list(.act), .list(.repeatLastChange), .startWordsPrompt, .commitWordsPrompt, .list(.deleteSelected), .list(.moveSelected), .list(.clearCompleted), .list(.undo), .list(.redo),
         .list(.revert), .revertSelectedChange,
         .addTodo, .addPart, .editSelected, .pasteTodos, .archiveCompleted, .chooseList, .moveToList:
      true
    default:
      false
    }
  }
}
