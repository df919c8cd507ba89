import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// The todo file: loaded at start, saved after every committed change, and
/// watched for changes made by other programs. Every read and write runs on
/// the environment's I/O queue; the reducer only decides.
extension AppReducer {
  enum FileID: Hashable, Sendable { case save, retry, watch, slowLoad }

  /// How long loading may take before the screen says "Loading…".
  public static let loadingFrameDelay: Duration = .milliseconds(100)

  func load(_ state: inout State) -> Effect<Action> {
    guard let file = environment.file else {
      state.file.isInMemory = true
      return .none
    }
    state.file.phase = .loading
    let uuid = environment.uuid
    let read = Effect<Action>.run(on: environment.ioQueue) { send in
      send(.fileLoaded(Result { () throws(TodoFileError) in try Self.read(file, uuid) }))
      let copies = file.conflictCopies()
      if !copies.isEmpty { send(.conflictCopiesFound(copies)) }
    }
    let slow = Effect<Action>.run(on: environment.mainQueue, after: Self.loadingFrameDelay) { send in
      send(.loadingIsSlow)
    }
    return .merge(read, slow.cancellable(id: FileID.slowLoad))
  }

  /// The file parsed (an empty list when there is no file yet). I/O queue only.
  private static func read(_ file: TodoFileClient, _ uuid: @Sendable () -> UUID) throws(TodoFileError) -> LoadedFile {
    let contents = try file.load()
    let text = contents?.text ?? ""
    return LoadedFile(text: text, list: TodoList(parsing: text, makeID: uuid), stamp: contents?.stamp)
  }

  func reduceFile(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .loadingIsSlow:
      state.file.isLoadingSlow = true
    case .fileLoaded(.success(let loaded)):
      state.file.phase = .ready
      let effect = replaceList(&state, with: loaded)
      state.selection = state.firstVisible()?.id
      return .merge(.cancel(id: FileID.slowLoad), effect)
    case .fileLoaded(.failure(let error)):
      state.file.phase = .failed(error.message)
      return .cancel(id: FileID.slowLoad)
    case .saveFinished(let revision, let text, .success(let stamp)):
      state.file.isSaving = false
      state.file.saveError = nil
      state.file.savedRevision = revision
      state.file.stamp = stamp
      state.file.base = text
    case .saveFinished(_, _, .failure(let error)):
      state.file.isSaving = false
      // No new save starts while this is set: a retry, or the reload, clears it.
      state.file.saveError = error.message
      let retry = Effect<Action>.run(on: environment.mainQueue, after: .seconds(2)) { send in send(.retrySave) }
        .cancellable(id: FileID.retry, cancelInFlight: true)
      if error.isConflict {
        // Someone else wrote the file first: read theirs and merge.
        return .merge(readChangedFile(state), retry)
      }
      state.flash = "Not saved: \(error.message) — retrying"
      return retry
    case .retrySave:
      state.file.saveError = nil
    case .fileChangedOnDisk(let loaded, let known):
      return mergeChangedFile(&state, loaded, known: known)
    case .conflictCopiesFound(let copies):
      state.file.conflictCopies = copies
    default:
      break
    }
    return .none
  }

  /// How often the file's bytes are hashed even when its size, times and
  /// inode say it is unchanged (a copy that keeps them all, `cp -p`).
  static let rehashEvery = 5

  /// Once a second (with the clock): has another program changed the file?
  /// Every `rehashEvery` seconds, also: has a sync tool left a conflict copy?
  /// A file that is gone is not a change: sync tools delete and write files
  /// again, and the next save writes the list back if it stays gone.
  func watchFile(_ state: State) -> Effect<Action> {
    guard let file = environment.file, state.file.phase == .ready, !state.file.isSaving else { return .none }
    let known = state.file.stamp
    let knownCopies = state.file.conflictCopies
    let rehash = Int(state.now.timeIntervalSince1970) % Self.rehashEvery == 0
    let uuid = environment.uuid
    return .run(on: environment.ioQueue) { send in
      if rehash {
        let copies = file.conflictCopies()
        if copies != knownCopies { send(.conflictCopiesFound(copies)) }
      }
      guard let now = file.stamp(rehash ? nil : known), now != known,
            let loaded = try? Self.read(file, uuid), loaded.stamp != nil
      else { return }
      send(.fileChangedOnDisk(loaded, known: known))
    }
    .cancellable(id: FileID.watch, cancelInFlight: true)
  }

  /// Reads the file now because a save found it changed.
  private func readChangedFile(_ state: State) -> Effect<Action> {
    guard let file = environment.file else { return .none }
    let known = state.file.stamp
    let uuid = environment.uuid
    return .run(on: environment.ioQueue) { send in
      guard let loaded = try? Self.read(file, uuid), loaded.stamp != nil else { return }
      send(.fileChangedOnDisk(loaded, known: known))
    }
  }

  /// The list as it is on disk, through the door: nothing unsaved, nothing to undo.
  private func replaceList(_ state: inout State, with loaded: LoadedFile) -> Effect<Action> {
    state.file.shape = loaded.list.shape
    state.file.stamp = loaded.stamp
    state.file.base = loaded.text
    state.file.saveError = nil
    return change(&state, ListEdit(changes: [.replaceAll(loaded.list.todos)], kind: .fromDisk(isSaved: true)))
  }
}

extension AppReducer.State {
  /// A todo being added and not yet committed: never saved.
  var unfinishedNewTodo: UUID? {
    if case .editing(let editing) = mode, editing.isNew { editing.id } else { nil }
  }

  /// Whether there is a frame to show: not while the file loads, unless it
  /// loads slowly.
  public var hasFrame: Bool { file.phase != .loading || file.isLoadingSlow }

  /// The program may exit: quitting, and nothing left that could still be saved.
  public var canExit: Bool {
    isQuitting && (!file.hasUnsavedChanges || file.saveError != nil || file.phase != .ready || isSaveAbandoned)
  }
}

extension Reducer where State == AppReducer.State, Action == AppReducer.Action {
  /// After every action: if the list has committed changes the file lacks and
  /// no save is running, save them now. A burst of changes while one save
  /// runs becomes one more save when it finishes.
  func savingChanges(_ environment: AppEnvironment) -> Reduce<State, Action> {
    Reduce { state, action in
      let effect = self.reduce(into: &state, action: action)
      guard let file = environment.file, state.file.phase == .ready, state.file.hasUnsavedChanges, !state.file.isReadOnly,
            !state.file.isSaving, state.file.saveError == nil
      else { return effect }
      state.file.isSaving = true
      let revision = state.file.revision
      let known = state.file.stamp
      let snapshot = TodoList(todos: state.todos, shape: state.file.shape)
      let unfinished = state.unfinishedNewTodo
      let save = Effect<Action>.run(on: environment.ioQueue) { send in
        var list = snapshot
        if let unfinished { list.todos.remove(id: unfinished) }
        let text = list.formatted()
        if let known, known.matches(text) {
          send(.saveFinished(revision: revision, text: text, .success(known)))  // same bytes: leave the file alone
        } else {
          let expecting: DiskExpectation = known.map { .unchanged($0) } ?? .noFile
          let saved = Result { () throws(TodoFileError) in try file.save(text, file.path, expecting) }
          send(.saveFinished(revision: revision, text: text, saved))
        }
      }
      return .merge(effect, save.cancellable(id: AppReducer.FileID.save))
    }
  }
}
