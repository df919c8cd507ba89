import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Several lists (`[lists]`): `L` shows the next one. The shown list is the
/// stored `list` and `file`; the others are parked (`Lists.parked`) as they
/// were left. A list is parked only when its file work is done — nothing
/// unsaved, no save, merge or move on its way — so no result of its can
/// arrive for another list: the switch waits for the I/O queue to pass
/// what the list started there (`listFileWorkPassed`), then for its saves.
/// A parked list is not watched; when it is shown again its file is read
/// (its bytes, whatever its times say) and another program's changes are
/// merged, as any outside change.
extension AppReducer {
  /// `L`.
  func nextList(_ state: inout State) -> Effect<Action> {
    guard state.lists.isSeveral else {
      return flash(&state, "One list: [lists] in the config file names several (L switches)")
    }
    // `L` again while waiting: the one after.
    let target = ((state.lists.switchingTo ?? state.lists.active) + 1) % state.lists.names.count
    state.lists.switchingTo = target == state.lists.active ? nil : target
    guard state.lists.switchingTo != nil, !state.lists.isWaitingForFileWork else { return .none }
    return passFileWork(&state)
  }

  /// An action sent from the I/O queue, so after every result of the work
  /// the shown list started there before it.
  private func passFileWork(_ state: inout State) -> Effect<Action> {
    state.lists.isWaitingForFileWork = true
    return .run(on: environment.ioQueue) { send in send(.listFileWorkPassed) }
  }

  /// The I/O queue passed the shown list's work: the list switches if
  /// nothing of it is pending; else the follow-ups try again once it is.
  func fileWorkPassed(_ state: inout State) -> Effect<Action> {
    state.lists.isWaitingForFileWork = false
    guard let target = state.lists.switchingTo, state.isFileWorkSettled else { return .none }
    return show(&state, list: target)
  }

  /// In the follow-ups: a switch waiting for a save tries again once the
  /// save is done, and gives up, saying why, when saves fail.
  func switchListIfSettled(_ state: inout State) -> Effect<Action> {
    guard let target = state.lists.switchingTo, !state.lists.isWaitingForFileWork else { return .none }
    if let error = state.file.saveError, state.hasUnsavedChanges {
      state.lists.switchingTo = nil
      return flash(&state, "Not switched to \(state.lists.names[target]): this list is not saved (\(error))")
    }
    guard state.isFileWorkSettled else { return .none }
    return passFileWork(&state)
  }

  /// Parks the shown list and shows list `index`: the two lists' states
  /// are swapped, not copied.
  func show(_ state: inout State, list index: Int) -> Effect<Action> {
    state.lists.switchingTo = nil
    guard index != state.lists.active, var incoming = state.lists.parked.remove(id: index) else { return .none }
    var effects: [Effect<Action>] = [stopFileWork]
    if !state.list.unsunk.isEmpty {
      // A waiting sink is settled now, as the door settles one: its timer stops with the list.
      effects.append(listFeature(state).reduce(into: &state.list, action: .sinkCompletedTodos).map(Action.list))
    }
    state.list.isAskingForLineGrams = false  // that work is cancelled (stopFileWork)
    swap(&state.list, &incoming.list)
    swap(&state.file, &incoming.file)
    let wasLoaded = incoming.isLoaded
    incoming.id = state.lists.active
    incoming.isLoaded = true
    state.lists.parked.append(incoming)
    state.lists.previous = state.lists.active
    state.lists.active = index
    // The count in the footer is this list's: counted again.
    state.search.matchCount = nil
    state.handShownToList()
    let file = fileSync(state)
    if wasLoaded {
      // What other programs did meanwhile is read now, and merged; from
      // now on its file's notices are listened to (or it is polled).
      effects.append(file.listenForNotices.map(Action.file))
      effects.append(file.look(state.file, rehash: true).map(Action.file))
      if listEnvironment(state).fileNotices == nil { effects.append(file.poll.map(Action.file)) }
    } else {
      // Shown for the first time: its lock taken (its answer comes before
      // the file, which the keys wait for), then read, with its history.
      if listEnvironment(state).history != nil {
        state.list.history.origin = String(environment.uuid().uuidString.prefix(8)).lowercased()
      }
      if environment.lists.indices.contains(index) {
        let takeLock = environment.lists[index].takeLock
        effects.append(.run(on: environment.ioQueue) { send in send(.listLockTried(list: index, isFree: takeLock())) })
      }
      effects.append(file.load(&state.file).map(Action.file))
    }
    return .merge(effects)
  }

  /// A list shown for the first time cannot be read (not UTF-8, a
  /// folder, no permission): the list shown before comes back, with why —
  /// where one list alone would end yaru with status 2. `L` tries it again.
  func listUnreadable(_ state: inout State, _ error: TodoFileError) -> Effect<Action> {
    let failed = state.lists.active, name = state.lists.names[failed]
    state.file = FileSync.State()
    guard let back = state.lists.previous else { return .none }
    let effect = show(&state, list: back)
    state.lists.parked[id: failed]?.isLoaded = false
    return .merge(effect, flash(&state, "Cannot open \(name): \(error.message)"))
  }

  /// What the shown list's file has running on timers: stopped as it is parked.
  private var stopFileWork: Effect<Action> {
    .merge(
      FileSync.stopWatching.map(Action.file), .cancel(id: FileSync.CancelID.look), .cancel(id: FileSync.CancelID.merge),
      .cancel(id: FileSync.CancelID.saveSlow), .cancel(id: FileSync.CancelID.retry), .cancel(id: ListFeature.CancelID.sink),
      .cancel(id: CancelID.matchCount), .cancel(id: CancelID.lineGrams)
    )
  }

  /// The list shown for the first time is read-only here while another
  /// yaru has it open.
  func lockTried(_ state: inout State, list index: Int, isFree: Bool) -> Effect<Action> {
    state.setReadOnly(!isFree, list: index)
    guard !isFree else { return .none }
    return flash(&state, "Another yaru has \(state.lists.names[index]) open: read-only here")
  }

  /// The yaru that had list `index` open let it go, and the session took
  /// its lock: that list may be written now.
  func writerLeft(_ state: inout State, list index: Int) -> Effect<Action> {
    if index == state.lists.active { return .send(.file(.writerLeft)) }
    state.lists.parked[id: index]?.file.isReadOnly = false
    return .none
  }
}

extension AppReducer.State {
  /// Nothing of the shown list's file work is pending: it may be parked.
  var isFileWorkSettled: Bool {
    file.phase == .ready && !file.isSaving && !hasUnsavedChanges && file.unmerged.isEmpty && !lists.isMoving
  }
}
