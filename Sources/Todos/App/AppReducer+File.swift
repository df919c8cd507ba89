import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// What the file's results do to the list: a load replaces it, an outside
/// change is merged into it (worked out on the I/O queue, applied to the
/// list it was worked out for), an archive takes the archived todos out.
/// Each passes the list's door.
extension AppReducer {
  func fileResult(_ state: inout State, _ action: FileSync.Action) -> Effect<Action> {
    switch action {
    case .loaded(.success(let loaded)):
      // Healed conflict markers are saved away at once: the file has them, the list not.
      let isHealed = loaded.healedBlocks > 0, before = state.list.revision
      let effect = change(&state, ListEdit(
        changes: [.replaceAll(loaded.list.todos)], kind: .fromDisk(isSaved: !isHealed), message: loaded.healedMessage
      ))
      state.file.savedRevision = isHealed ? before : state.list.revision
      state.list.selection = state.list.firstVisible()?.id
      // The sync starts with the list yaru opens on (a list shown later is loaded with it parked).
      guard !state.lists.parked.contains(where: \.isLoaded) else { return effect }
      return .merge(effect, syncFeature.reduce(into: &state.sync, action: .started).map(Action.sync))
    case .loaded(.failure(let error)) where state.lists.parked.contains(where: \.isLoaded):
      // Not the list yaru opened on: the others are all saved; back to the one shown before.
      return listUnreadable(&state, error)
    case .historyRead(let reading):
      state.list.history.restore(reading.records)
      return .none
    case .saveFinished(let revision, _, .success, _, _):
      // The file has these changes now: their records went with the save.
      _ = state.list.history.takeWritable(upTo: revision)
      return syncFeature.reduce(into: &state.sync, action: .fileChanged).map(Action.sync)
    case .writerLeft:
      // Read-only, the list only took the file's changes: it is saved as it is.
      state.file.savedRevision = state.list.revision
      return .none
    case .changedOnDisk(let loaded, let known):
      return merge(&state, loaded, known: known)
    case .merged(let merge):
      return applyMerge(&state, merge)
    case .archiveWritten(let archived, let lines, let failure):
      return archiveWritten(&state, archived, lines: lines, failure: failure)
    case .saveFinished(_, _, .failure(let error), _, _) where state.isQuitting && state.exitStatus == 0:
      // Quitting by q (a signal keeps retrying until its deadline), and the
      // save failed (a writer stuck on the folder's lock, a full disk): no
      // retry loop keeps the program; a rescue copy does. Another program's
      // write is merged and the save made again, three times at most (one
      // that keeps rewriting the file would keep yaru, and keys are not read
      // while it quits).
      if error.isConflict {
        state.file.conflictsWhileQuitting += 1
        guard state.file.conflictsWhileQuitting >= Self.conflictsBeforeRescue else { return .none }
        state.file.saveError = error.message
      }
      return rescueUnsaved(&state)
    case .loadingIsSlow, .loaded(.failure), .saveFinished, .saveIsSlow, .retrySave, .watchTicked, .noticed, .noticesSettled, .folderBusy, .conflictCopiesFound, .goneChanged, .writeRefusalChanged, .unreadable, .rescued, .doneFileFailed, .displacedFound, .historyFailed, .otherListFailed, .lookedAround:
      return .none
    }
  }

  /// Another program changed the file: merge it with the list, off the
  /// main queue, over a snapshot of the list as it is now.
  private func merge(_ state: inout State, _ loaded: LoadedFile, known: DiskStamp?) -> Effect<Action> {
    // Read against a stamp yaru no longer has (a save finished meanwhile):
    // the next look compares with the right one. Polled, that look comes
    // within the second; with notices it is asked for here, now or once
    // the save ends (no notice may come again).
    guard !state.file.isSaving, known == state.file.stamp else {
      guard listEnvironment(state).fileNotices != nil else { return .none }
      state.file.hasUnlookedNotice = true
      return fileSync(state).lookAfterNotice(&state.file).map(Action.file)
    }
    guard loaded.stamp?.hash != state.file.stamp?.hash else {
      state.file.stamp = loaded.stamp  // touched, same bytes
      return .none
    }
    // A todo being added is not in the file: it goes back in when applied.
    var ours = state.list.todos
    if let draft = state.unfinishedNewTodo { ours.remove(id: draft) }
    let base = state.file.base, older = state.file.olderBases, version = state.list.listVersion
    let tag = conflictTag, snapshot = ours, orders = state.list.orders, grams = state.list.lineGrams != nil
    let history = listEnvironment(state).history, seen = state.list.history
    // The crossing: a snapshot goes to the I/O queue; the merged list comes
    // back with its blocked map, count and orders worked out there.
    return .run(on: environment.ioQueue) { send in
      let newer = history.map { $0.read().records.filter { !seen.knows($0.id) } } ?? []
      send(.file(.merged(OutsideMerge(
        loaded: loaded, known: known, into: snapshot, listVersion: version, base: base, older: older, newer: newer, tag: tag
      ).preparing(ordersLike: orders, lineGrams: grams))))
    }
    .cancellable(id: FileSync.CancelID.merge, cancelInFlight: true)
  }

  /// Another program's version that a save displaced (it wrote at the
  /// moment yaru saved): merged with the list, off the main queue, against
  /// the text both started from. One at a time, whatever else runs: the
  /// file holds the user's list, so nothing on disk waits for it.
  func mergeDisplaced(_ state: inout State) -> Effect<Action> {
    guard let next = state.file.unmerged.first, !state.file.isMergingDisplaced else { return .none }
    state.file.isMergingDisplaced = true
    var ours = state.list.todos
    if let draft = state.unfinishedNewTodo { ours.remove(id: draft) }
    let version = state.list.listVersion, older = state.file.olderBases
    let tag = conflictTag, snapshot = ours, uuid = environment.uuid, orders = state.list.orders
    let grams = state.list.lineGrams != nil
    return .run(on: environment.ioQueue) { send in
      send(.file(.merged(OutsideMerge(
        loaded: next.loaded, known: nil, into: snapshot, listVersion: version, base: next.base, older: older,
        displaced: next.path, makeID: uuid, tag: tag
      ).preparing(ordersLike: orders, lineGrams: grams))))
    }
  }

  /// A merge worked out for the list as it still is replaces it, in one
  /// step; one worked out for a list that has changed since is worked out
  /// again from the same reading.
  private func applyMerge(_ state: inout State, _ merge: OutsideMerge) -> Effect<Action> {
    if merge.displaced != nil {
      guard merge.listVersion == state.list.listVersion else {
        state.file.isMergingDisplaced = false
        return mergeDisplaced(&state)
      }
    } else {
      guard !state.file.isSaving, merge.known == state.file.stamp else { return .none }
      guard merge.listVersion == state.list.listVersion else { return self.merge(&state, merge.loaded, known: merge.known) }
    }
    var merged = merge.todos
    // What was worked out beside the merged list holds while nothing is put back in it.
    var keptBeside = merge.keptBeside
    if case .editing(let editing) = state.mode, !editing.isNew, merged.index(id: editing.id) == nil,
       let index = state.list.todos.index(id: editing.id) {
      // They removed the line being edited: it stays, and Enter commits the edit.
      merged.insert(state.list.todos[index], at: min(index, merged.count))
      keptBeside = nil
    }
    if let draft = state.unfinishedNewTodo, let index = state.list.todos.index(id: draft) {
      merged.insert(state.list.todos[index], at: min(index, merged.count))
      keptBeside = nil
    }
    // A displaced version changes the list, not what the file is now (the user's list).
    if merge.displaced == nil {
      fileSync(state).keep(merge.baseFingerprints, in: &state.file)
      fileSync(state).took(&state.file, merge.loaded)
    }
    let message = merge.message(fileName: listEnvironment(state).file?.fileName ?? "the todo file")
    state.list.history.ingest(merge.newer)
    let effect = change(&state, ListEdit(
      changes: [.replaceAll(merged)], kind: .fromDisk(isSaved: merge.isSaved, seen: merge.seen), message: message, keptBeside: keptBeside
    ))
    if merge.isSaved { state.file.savedRevision = state.list.revision }
    if let path = merge.displaced {
      state.file.unmerged.removeFirst()
      state.file.isMergingDisplaced = false
      state.file.mergedDisplaced[path] = state.list.revision
      return effect
    }
    return .merge(.cancel(id: FileSync.CancelID.retry), effect)
  }

  /// Tags the user's version of a line both sides changed with the day, so
  /// that searching `conflict:` finds it.
  var conflictTag: @Sendable (Todo.State) -> Todo.State {
    let environment = environment
    return { todo in
      var tagged = todo
      let tag = "conflict:\(environment.today)"
      tagged.text += tagged.text.isEmpty ? tag : " " + tag
      return tagged
    }
  }

  /// `A`: the completed todos' lines go to the done file first (flushed);
  /// only when that worked (`archiveWritten`) do they leave the list, in one
  /// undoable step, and the todo file is saved as after any change.
  func archive(_ state: inout State) -> Effect<Action> {
    let completed = state.list.todos.filter(\.isComplete)
    guard !completed.isEmpty else { return flash(&state, "No completed todos to archive") }
    guard let file = listEnvironment(state).file else { return flash(&state, "Not archived: this list is in memory, with no done file") }
    let lines = completed.map(TodoTxt.format)
    return .run(on: environment.ioQueue) { send in
      let failure: TodoFileError?
      do throws(TodoFileError) {
        try file.archive(lines)
        failure = nil
      } catch {
        failure = error
      }
      send(.file(.archiveWritten(completed, lines: lines, failure: failure)))
    }
  }

  /// The done file has the lines: the todos leave the list (those still
  /// there as they were; one changed meanwhile stays, so it is in both
  /// files rather than lost).
  private func archiveWritten(
    _ state: inout State, _ archived: [Todo.State], lines: [String], failure: TodoFileError?
  ) -> Effect<Action> {
    if let failure { return flash(&state, "Not archived: \(failure.message)") }
    let removed = archived.compactMap { todo in
      state.list.todos.index(id: todo.id).flatMap { index in
        state.list.todos[index] == todo ? ListChange.IndexedTodo(index: index, todo: todo) : nil
      }
    }.sorted { $0.index < $1.index }
    guard !removed.isEmpty else { return flash(&state, "Archived, but each todo changed meanwhile: kept in the list too") }
    let noun = removed.count == 1 ? "todo" : "todos"
    let doneName = listEnvironment(state).file?.doneFileName ?? "the done file"
    return change(&state, ListEdit(
      changes: [.removeMany(removed)], message: "Archived \(removed.count) \(noun) to \(doneName) — u brings them back",
      archived: lines, summary: "archived \(removed.count) \(noun)"
    ))
  }
}
