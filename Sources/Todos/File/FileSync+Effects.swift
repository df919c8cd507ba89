import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// The file's work, each on the I/O queue, each result sent back as an
/// action: the load, the watch's looks, the re-read after a refused save,
/// the save.
extension FileSync {
  /// Starts reading the file (unless there is none: the list is in memory).
  func load(_ state: inout State) -> Effect<Action> {
    let history = environment.history
    guard let file = environment.file else {
      state.isInMemory = true
      guard let history else { return .none }
      return .run(on: environment.ioQueue) { send in send(.historyRead(history.read())) }
    }
    state.phase = .loading
    // Listening starts before the read, on the same queue: a change made
    // after the read is noticed.
    let listen = listenForNotices
    let uuid = environment.uuid
    // Only the read before the first frame: what else a start looks at
    // follows once the list is shown (`lookAround`).
    let read = Effect<Action>.run(on: environment.ioQueue) { send in
      let loaded = Result { () throws(TodoFileError) in try Self.read(file, uuid) }
      send(.loaded(loaded))
    }
    let slow = Effect<Action>.run(on: environment.mainQueue, after: Self.loadingFrameDelay) { send in
      send(.loadingIsSlow)
    }
    return .merge(listen, read, slow.cancellable(id: CancelID.slowLoad))
  }

  /// What a start looks at once the list it loaded is shown, on the I/O
  /// queue: whether the file can be written, the conflict copies beside
  /// it (a save's displaced version merged), and the history (another
  /// program's change since the last run noticed in it, the records read);
  /// then `.lookedAround`, which the program waits for before it ends.
  /// Sent with the load, a new history's write and flush held up the first
  /// frame, on a processor the two threads shared (~270 µs a start).
  /// Only the file's text is kept: holding the loaded list would make the
  /// first change copy all of it.
  func lookAround(_ loaded: LoadedFile) -> Effect<Action> {
    guard let file = environment.file else { return .none }
    let history = environment.history, uuid = environment.uuid, now = environment.now
    let text = loaded.text, stamp = loaded.stamp
    return .run(on: environment.ioQueue) { send in
      if let why = file.writeRefusal() { send(.writeRefusalChanged(why)) }
      let copies = file.conflictCopies()
      if !copies.isEmpty { send(.conflictCopiesFound(copies)) }
      if let history {
        // Changed while no yaru had it open: another program's change.
        history.noticeChanges(in: text, id: "start." + uuid().uuidString.prefix(8).lowercased(), time: now())
        send(.historyRead(history.read()))
      }
      // Another program's version a save displaced and a kill kept from
      // being merged: merged now, every line of both kept.
      for name in copies where name.contains(SyncConflictCopy.displacedMarker) {
        guard let copy = file.readCopy(name) else { continue }
        let base = LineMerge.commonLines(TodoList.lines(of: text), TodoList.lines(of: copy))
        let version = LoadedFile(text: copy, stamp: stamp, makeID: uuid)
        send(.displacedFound(DisplacedVersion(loaded: version, path: name, base: base.map { $0 + "\n" }.joined())))
      }
      send(.lookedAround)
    }
  }

  /// The file parsed (an empty list when there is no file yet). I/O queue only.
  static func read(_ file: TodoFileClient, _ uuid: @Sendable () -> UUID) throws(TodoFileError) -> LoadedFile {
    let contents = try file.load()
    return LoadedFile(text: contents?.text ?? "", stamp: contents?.stamp, makeID: uuid)
  }

  /// Once a second, on its own timer: has another program changed the
  /// file? Only where the kernel's notices cannot be had.
  var poll: Effect<Action> {
    guard environment.file != nil else { return .none }
    return .timer(id: CancelID.watch, every: .seconds(1), on: environment.mainQueue) { _ in .watchTicked }
  }

  /// The kernel's notices of changes to the file, until cancelled.
  var listenForNotices: Effect<Action> {
    guard let notices = environment.fileNotices, environment.file != nil else { return .none }
    return .listen(id: CancelID.notices, on: environment.ioQueue) { send in
      let listening = notices.listen { send(.noticed($0)) }
      return ScheduledWork(cancel: listening.stop)
    }
  }

  /// How long the file is left alone after a notice, so that a burst of
  /// them (a sync tool's delete and write, an editor's rename and write)
  /// is one look at the file as it ends. Short: an outside change is on
  /// screen well within 50 ms.
  static let noticeQuietTime: Duration = .milliseconds(10)
  /// How long notices that keep coming put the look off, at most.
  static let noticeLongestWait: Duration = .milliseconds(100)

  /// A notice: the look waits until they stop for `noticeQuietTime`, or
  /// for `noticeLongestWait` since the first.
  func noticed(_ state: inout State) -> Effect<Action> {
    let quiet = Effect<Action>.run(on: environment.mainQueue, after: Self.noticeQuietTime) { send in send(.noticesSettled) }
      .cancellable(id: CancelID.quiet, cancelInFlight: true)
    guard !state.hasUnlookedNotice else { return quiet }
    state.hasUnlookedNotice = true
    let longest = Effect<Action>.run(on: environment.mainQueue, after: Self.noticeLongestWait) { send in send(.noticesSettled) }
    return .merge(quiet, longest.cancellable(id: CancelID.longestWait, cancelInFlight: true))
  }

  /// Looks at the file if a notice came since the last look, unless a load
  /// or a save runs: its end looks then.
  func lookAfterNotice(_ state: inout State) -> Effect<Action> {
    guard state.hasUnlookedNotice, state.phase == .ready, !state.isSaving else { return .none }
    state.hasUnlookedNotice = false
    // A notice may be about a conflict copy beside the file, or its mode:
    // those are looked at too (the bytes only if the stamp changed).
    return look(state, rehash: false, beside: true)
  }

  /// Stops listening, and the look a notice was waiting for.
  static var stopNotices: Effect<Action> {
    .merge(.cancel(id: CancelID.notices), .cancel(id: CancelID.quiet), .cancel(id: CancelID.longestWait), .cancel(id: CancelID.busy))
  }

  /// Stops watching (the session ends).
  static var stopWatching: Effect<Action> { .merge(.cancel(id: CancelID.watch), stopNotices) }

  /// Has another program changed the file? With `rehash`, its bytes are
  /// read whatever its times say, and: has a sync tool left a conflict
  /// copy, and would a save be refused (a read-only file)? A file that is
  /// gone is not a change: sync tools delete and write files again, and the
  /// next save writes the list back if it stays gone; but the footer says
  /// it is gone rather than "saved". A change is read once, here, and
  /// parsed here, off the main queue.
  /// `beside`: the conflict copies and the write refusal, without the
  /// bytes (with notices, which say something changed).
  func look(_ state: State, rehash: Bool, beside: Bool = false) -> Effect<Action> {
    guard let file = environment.file, state.phase == .ready, !state.isSaving else { return .none }
    let known = state.stamp
    let knownCopies = state.conflictCopies, knownUnreadable = state.unreadable
    let knownGone = state.isGone, knownRefusal = state.writeRefusal
    let uuid = environment.uuid
    return .run(on: environment.ioQueue) { send in
      if rehash || beside {
        let copies = file.conflictCopies()
        if copies != knownCopies { send(.conflictCopiesFound(copies)) }
        let refusal = file.writeRefusal()
        if refusal != knownRefusal { send(.writeRefusalChanged(refusal)) }
      }
      let look = file.look(rehash ? nil : known)
      // Gone only if yaru had read or written it (no file yet is a first run).
      let isGone = look == .gone && known != nil
      if isGone != knownGone { send(.goneChanged(isGone)) }
      switch look {
      case .read(let text, let stamp) where stamp != known:
        send(.changedOnDisk(LoadedFile(text: text, stamp: stamp, makeID: uuid), known: known))
      case .unreadable(let why) where why != knownUnreadable:
        send(.unreadable(why))
      case .busy:
        send(.folderBusy)
      case .read, .unreadable, .unchanged, .gone:
        break
      }
    }
    .cancellable(id: CancelID.look, cancelInFlight: true)
  }

  /// Reads the file now because a save found it changed.
  func readChangedFile(_ state: State) -> Effect<Action> {
    guard let file = environment.file else { return .none }
    let known = state.stamp
    let uuid = environment.uuid
    return .run(on: environment.ioQueue) { send in
      do throws(TodoFileError) {
        let loaded = try Self.read(file, uuid)
        if loaded.stamp != nil { send(.changedOnDisk(loaded, known: known)) }
      } catch {
        send(.unreadable(error.message))
      }
    }
  }

  /// Writes `list` (the list at `revision`, less `unfinished`, a todo being
  /// added: taken out here, off the main queue, since it copies the list)
  /// unless the file holds those bytes already; refuses to overwrite a
  /// version yaru has not seen. What another program wrote at the moment
  /// of the save comes back displaced, parsed here, with the text both
  /// started from, to be merged.
  /// `unwritten`: the history's records of the changes this save writes,
  /// appended to the history once the file has them.
  func save(
    _ state: inout State, _ list: TodoList, leaving unfinished: UUID?, revision: Int, unwritten: [UndoHistory.Unwritten] = []
  ) -> Effect<Action> {
    guard environment.file != nil else { return .none }
    state.isSaving = true
    let known = state.stamp
    let base = state.base
    // The clients are read through `self` (one reference) on the I/O
    // queue: copied out here, each of their closures was retained and
    // released in the key's time (~100 lines of memory a toggle).
    let save = Effect<Action>.run(on: environment.ioQueue) { [self] send in
      // (Checked above: `environment` never changes.)
      let file = environment.file!, history = environment.history, uuid = environment.uuid
      var list = list
      if let unfinished { list.todos.remove(id: unfinished) }
      let text = list.formatted()
      func record() {
        // Taken out of their wrappers here, on the I/O queue.
        if let warning = history?.append(unwritten.map(\.record)) { send(.historyFailed(warning)) }
        history?.keepBase(text)
      }
      if let known, known.matches(text) {
        record()
        send(.saveFinished(revision: revision, text: text, .success(known)))  // same bytes: leave the file alone
        return
      }
      let expecting: DiskExpectation = known.map { .unchanged($0) } ?? .noFile
      do throws(TodoFileError) {
        let saved = try file.save(text, file.path, expecting)
        let displaced = saved.displaced.map { displaced in
          DisplacedVersion(
            loaded: LoadedFile(text: displaced.text, stamp: saved.stamp, makeID: uuid), path: displaced.path, base: base
          )
        }
        let replaced = TodoList.lineFingerprints(of: base)
        record()
        send(.saveFinished(revision: revision, text: text, .success(saved.stamp), displaced: displaced, replacedBase: replaced))
      } catch {
        send(.saveFinished(revision: revision, text: text, .failure(error)))
      }
    }
    let slow = Effect<Action>.run(on: environment.mainQueue, after: .seconds(1)) { send in send(.saveIsSlow) }
    return .merge(save.cancellable(id: CancelID.save), slow.cancellable(id: CancelID.saveSlow, cancelInFlight: true))
  }

  /// Takes an undone archive's lines back out of the done file, now that
  /// the todo file has them again.
  func takeOutOfDoneFile(_ lines: [String]) -> Effect<Action> {
    guard let file = environment.file, !lines.isEmpty else { return .none }
    return .run(on: environment.ioQueue) { send in
      do throws(TodoFileError) {
        try file.unarchive(lines)
      } catch {
        send(.doneFileFailed(error.message))
      }
    }
  }

  /// Takes an undone move's lines back out of the lists they were moved
  /// to, now that this list's file has them again.
  func takeOutOfOtherLists(_ moves: [MovedLines]) -> Effect<Action> {
    guard !moves.isEmpty else { return .none }
    let lists = environment.lists, uuid = environment.uuid, now = environment.now
    let here = environment.file?.path
    let name = lists.first { $0.file?.path == here }?.name ?? "here"
    return .run(on: environment.ioQueue) { send in
      for move in moves {
        guard let list = lists.first(where: { $0.file?.path == move.path }) else {
          send(.otherListFailed("\(move.path) is no longer in [lists]"))
          continue
        }
        let summary = OtherList.summary("moved", move.lines.count, "back to \(name)")
        if let failure = OtherList.remove(move.lines, from: list, summary: summary, uuid: uuid, now: now) {
          send(.otherListFailed(failure))
        }
      }
    }
  }

  /// Removes displaced versions whose lines the file now has.
  func discard(_ paths: [String]) -> Effect<Action> {
    guard let file = environment.file, !paths.isEmpty else { return .none }
    return .run(on: environment.ioQueue) { _ in
      for path in paths { file.discard(path) }
    }
  }

  /// Writes `list`, which could not be saved, to a rescue copy. On the main
  /// queue: the I/O queue may be held by a save that blocks (a FIFO), and
  /// the program is ending.
  func rescue(_ state: inout State, _ list: TodoList, leaving unfinished: UUID?) -> Effect<Action> {
    guard let file = environment.file, state.rescue == nil else { return .none }
    state.rescue = .writing
    return .run(on: environment.mainQueue) { send in
      var list = list
      if let unfinished { list.todos.remove(id: unfinished) }
      send(.rescued(Result { () throws(TodoFileError) in try file.rescue(list.formatted()) }))
    }
  }
}
