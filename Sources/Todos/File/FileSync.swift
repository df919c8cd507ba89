import Architecture
import FoundationEssentials
import TodoModel

/// The todo file: loaded at start, saved after every committed change,
/// watched for changes made by other programs, and merged with them. Every
/// read and write runs on the environment's I/O queue; the reducer only
/// decides. What the file's results do to the list (a load, a merge) the
/// app passes through the list's door.
///
/// A class, holding nothing that changes: the app reaches the shown list's
/// through one reference (a struct was copied for every save, each of its
/// environment's closures retained and released in the key's time).
public final class FileSync: Reducer, Sendable {
  /// Where the list stands with the file: loaded yet, saved yet, and how
  /// the file looked on disk last time yaru read or wrote it.
  public struct State: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
      case loading
      case ready
      /// The file cannot be used; the program shows this and exits with status 2.
      case failed(String)
    }

    public var phase: Phase = .ready
    /// Loading has taken long enough (`loadingFrameDelay`) to say so on
    /// screen. A list that loads at once is the first frame, without a
    /// flash of "Loading…" before it.
    public var isLoadingSlow = false
    /// The start's look around the loaded file (`lookAround`: the history,
    /// the write check, conflict copies) has not finished. The program
    /// waits for it before it ends: quit at once, and another program's
    /// change made while yaru was closed would not be in the history
    /// before the base moved on.
    public var isLookingAround = false
    /// No todo file: the list lives in memory only (replay without --file).
    public var isInMemory = false
    /// Another yaru has the file open: this one shows it and never writes it.
    public var isReadOnly = false
    /// The list's revision (`ListFeature.State.revision`) the file has.
    public var savedRevision = 0
    public var isSaving = false
    /// A save has been running for a second: only then does the status bar
    /// say "saving…". A save takes about a millisecond; drawing "saving…"
    /// and then "saved" for it would add a frame to every change that
    /// nobody could see.
    public var isSaveSlow = false
    /// Why the last save failed; saving is retried while this is set.
    public var saveError: String?
    /// Another program wrote the file before this save could: no save
    /// starts until that change is merged, a moment later (or the retry
    /// finds nothing to merge). No failure: nothing to warn about or to
    /// confirm before quitting.
    public var isAwaitingMerge = false
    /// Why the file, changed by another program, cannot be read (not
    /// UTF-8, no permission): nothing is saved over it, and no save is
    /// tried, until it changes again.
    public var unreadable: String?
    /// Another program deleted the file while yaru had it (a look found
    /// none): the footer must not say "saved"; the next save writes it again.
    public var isGone = false
    /// Why a save would be refused (a read-only file), from the load and
    /// the looks: said before a change is made, not only after it fails.
    public var writeRefusal: String?
    public var stamp: DiskStamp?
    /// The file's text when yaru last read or wrote it: what both sides
    /// started from when another program changes the file (the merge's base).
    public var base = ""
    /// The file's line endings and byte order mark, kept on save.
    public var shape = FileShape()
    /// Sync tools' conflict copies beside the file: shown until merged (`yaru merge`).
    public var conflictCopies: [String] = []
    /// Versions of the file yaru read or wrote before `base` (line
    /// fingerprints, newest first): what another program may have started
    /// from (`OutsideMerge` picks the closest).
    public var olderBases: [[UInt64]] = []
    /// Other programs' versions that saves displaced, not yet merged into
    /// the list; merged one at a time (`mergingDisplaced`).
    public var unmerged: [DisplacedVersion] = []
    var isMergingDisplaced = false
    /// Displaced versions merged into the list, by the list's revision that
    /// has their lines: removed from the disk once a save has written it.
    var mergedDisplaced: [String: Int] = [:]
    /// Lines to take back out of the done file once a save has written the
    /// list's revision (the key) that has them again (an undone archive).
    var unarchiveAfter: [Int: [String]] = [:]
    /// Lines to take back out of other lists' files once a save has
    /// written the list's revision (the key) that has them again (an undone move).
    var unmoveAfter: [Int: [MovedLines]] = [:]
    /// Looks at the file so far: every `rehashEvery`-th also hashes it.
    var watchTicks = 0
    /// A change notice came and the file has not been looked at since: the
    /// look waits for the burst to end (`noticeQuietTime`), and for a load
    /// or a save that runs. Never dropped: a notice is never lost.
    public var hasUnlookedNotice = false
    /// Why the kernel's change notices cannot be had (none on this file
    /// system, the folder went away): the file is polled every second instead.
    public var noticesUnavailable: String?
    /// `q` was pressed once while changes could not be saved.
    public var isConfirmingQuit = false
    /// Saves refused by another program's write since `q`: each is merged
    /// and made again, a few times (`AppReducer.conflictsBeforeRescue`).
    public var conflictsWhileQuitting = 0
    /// Changes that could not be saved when yaru had to end, written to a
    /// rescue copy (`RescueCopy`): where, or why not.
    public var rescue: Rescue?
    /// What the last action has to say; the app shows it in the footer.
    public var message: String?
    /// The history's trouble was said already: once is enough.
    public var hasWarnedAboutHistory = false

    public init() {}
  }

  /// The cases that carry a file's worth are `indirect` (boxed): every
  /// action of the app is as large as its largest case, and an inline
  /// `saveFinished` made each one 376 bytes, copied on every key.
  public enum Action: Equatable, Sendable {
    case loadingIsSlow
    indirect case loaded(Result<LoadedFile, TodoFileError>)
    /// A save ended; `displaced` is another program's version it pushed aside.
    /// `replacedBase`: the fingerprints of the base the save replaced.
    indirect case saveFinished(
      revision: Int, text: String, Result<DiskStamp, TodoFileError>, displaced: DisplacedVersion? = nil, replacedBase: [UInt64] = []
    )
    /// A save is still running a second after it started.
    case saveIsSlow
    case retrySave
    /// The watch's timer: time to look at the file again.
    case watchTicked
    /// What the kernel said about the file (`FileNoticeClient`).
    case noticed(FileNotice)
    /// The notices' burst is over (or has gone on long enough): time to look.
    case noticesSettled
    /// A look found another writer holding the folder's lock, and read
    /// nothing: it looks again in `busyFolderWait` (no notice may come
    /// again: what that writer does next, such as appending to the
    /// history, is in another folder).
    case folderBusy
    /// The file as read now, and the stamp yaru knew when it looked: a
    /// reading that is out of date by the time it arrives is dropped.
    indirect case changedOnDisk(LoadedFile, known: DiskStamp?)
    /// An outside change merged with the list as it was at `listVersion`
    /// (on the I/O queue); applied only if the list is still that one.
    indirect case merged(OutsideMerge)
    case conflictCopiesFound([String])
    /// The yaru that had the file open let it go and this read-only one
    /// took its lock (the session tries every second): it may write now.
    case writerLeft
    /// A look found the file gone (true), or back (false).
    case goneChanged(Bool)
    /// Saves would now be refused (why), or no longer (nil).
    case writeRefusalChanged(String?)
    /// The file changed and cannot be read as a todo list: why.
    case unreadable(String)
    /// A displaced version left beside the file (by a kill before it was
    /// merged), found at start: merged like one a save displaced.
    indirect case displacedFound(DisplacedVersion)
    /// The done file could not take archived lines back out: why.
    case doneFileFailed(String)
    /// Another list's file could not take an undone move's lines back out: why.
    case otherListFailed(String)
    /// The history as read at start (the list restores its steps from it).
    indirect case historyRead(HistoryReading)
    /// The start's look around the loaded file is done.
    case lookedAround
    /// The history could not be written: why.
    case historyFailed(String)
    /// The rescue copy was written (where) or could not be.
    case rescued(Result<String, TodoFileError>)
    /// The done file has the archived lines (or could not take them).
    case archiveWritten([Todo.State], lines: [String], failure: TodoFileError?)
  }

  enum CancelID: Hashable, Sendable { case save, saveSlow, retry, watch, look, merge, slowLoad, notices, quiet, longestWait, busy }

  /// How long a look waits when another writer held the folder's lock.
  static let busyFolderWait: Duration = .milliseconds(50)

  /// How long loading may take before the screen says "Loading…".
  public static let loadingFrameDelay: Duration = .milliseconds(100)
  /// How often the file's bytes are hashed even when its size, times and
  /// inode say it is unchanged (a copy that keeps them all, `cp -p`).
  static let rehashEvery = 5

  let environment: AppEnvironment

  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadingIsSlow:
      state.isLoadingSlow = true
    case .loaded(.success(let loaded)):
      state.phase = .ready
      took(&state, loaded)
      state.isLookingAround = true
      return .merge(
        .cancel(id: CancelID.slowLoad), environment.fileNotices == nil ? poll : lookAfterNotice(&state), lookAround(loaded)
      )
    case .loaded(.failure(let error)):
      state.phase = .failed(error.message)
      return .cancel(id: CancelID.slowLoad)
    case .saveFinished(let revision, let text, .success(let stamp), let displaced, let replacedBase):
      if !replacedBase.isEmpty { keep(replacedBase, in: &state) }
      state.isSaving = false
      state.isSaveSlow = false
      state.saveError = nil
      state.isGone = false
      state.writeRefusal = nil
      state.savedRevision = revision
      state.stamp = stamp
      state.base = text
      if let displaced {
        state.unmerged.append(displaced)
        return .cancel(id: CancelID.saveSlow)
      }
      let saved = state.mergedDisplaced.filter { $0.value <= revision }.keys.sorted()
      for path in saved { state.mergedDisplaced[path] = nil }
      let unarchive = state.unarchiveAfter.filter { $0.key <= revision }.sorted { $0.key < $1.key }.flatMap(\.value)
      state.unarchiveAfter = state.unarchiveAfter.filter { $0.key > revision }
      let unmove = state.unmoveAfter.filter { $0.key <= revision }.sorted { $0.key < $1.key }.flatMap(\.value)
      if !unmove.isEmpty { state.unmoveAfter = state.unmoveAfter.filter { $0.key > revision } }
      return .merge(
        .cancel(id: CancelID.saveSlow), discard(saved), takeOutOfDoneFile(unarchive), takeOutOfOtherLists(unmove),
        lookAfterNotice(&state)
      )
    case .historyRead(let reading):
      if let warning = reading.warning { warnAboutHistory(&state, warning) }
    case .lookedAround:
      state.isLookingAround = false
    case .historyFailed(let warning):
      warnAboutHistory(&state, warning)
    case .saveFinished(_, _, .failure(let error), _, _):
      state.isSaving = false
      // No new save starts while either is set: a retry, or the reload, clears it.
      let retry = Effect<Action>.run(on: environment.mainQueue, after: .seconds(2)) { send in send(.retrySave) }
        .cancellable(id: CancelID.retry, cancelInFlight: true)
      if error.isConflict {
        // Someone else wrote the file first: read theirs and merge (what
        // a notice would have looked for).
        state.isAwaitingMerge = true
        state.hasUnlookedNotice = false
        return .merge(readChangedFile(state), retry)
      }
      state.saveError = error.message
      state.message = "Not saved: \(error.message) — retrying"
      return .merge(retry, lookAfterNotice(&state))
    case .saveIsSlow:
      state.isSaveSlow = state.isSaving
    case .retrySave:
      state.isAwaitingMerge = false
      if state.unreadable == nil { state.saveError = nil }
    case .unreadable(let why):
      state.unreadable = why
      state.saveError = why
      state.message = "\(why): not saved until it changes"
      return .cancel(id: CancelID.retry)
    case .watchTicked:
      state.watchTicks += 1
      return look(state, rehash: state.watchTicks % Self.rehashEvery == 0)
    case .noticed(.changed):
      return noticed(&state)
    case .noticed(.unavailable(let why)):
      state.noticesUnavailable = why
      // Whatever the notices would have told is looked for now, then every second.
      state.hasUnlookedNotice = false
      return .merge(Self.stopNotices, poll, look(state, rehash: true))
    case .noticesSettled:
      return .merge(.cancel(id: CancelID.quiet), .cancel(id: CancelID.longestWait), lookAfterNotice(&state))
    case .folderBusy:
      return .run(on: environment.mainQueue, after: Self.busyFolderWait) { send in send(.noticed(.changed)) }
        .cancellable(id: CancelID.busy, cancelInFlight: true)
    case .conflictCopiesFound(let copies):
      state.conflictCopies = copies
    case .writerLeft:
      guard state.isReadOnly else { break }
      state.isReadOnly = false
      // What the list holds came from the file (read-only, nothing was
      // changed here): nothing to write until the next change.
      state.message = "The other yaru closed this file: now editable"
    case .goneChanged(let isGone):
      state.isGone = isGone
      if isGone { state.message = "\(environment.file?.fileName ?? "The file") was deleted: the next change writes it again" }
    case .writeRefusalChanged(let why):
      state.writeRefusal = why
      if let why { state.message = "Changes will not be saved: \(why)" }
    case .displacedFound(let displaced):
      state.unmerged.append(displaced)
    case .doneFileFailed(let why):
      state.message = "Done file: \(why)"
    case .otherListFailed(let why):
      state.message = "Moved back here, but still in the other list too: \(why)"
    case .rescued(let result):
      let file = environment.file?.path ?? "the todo file"
      let reason = state.saveError.map { " (\($0))" } ?? " (the save did not finish in time)"
      state.rescue = switch result {
      case .success(let copy): .ended("changes not saved to \(file)\(reason); they are in \(copy): yaru merge '\(copy)' brings them back")
      case .failure(let error): .ended("changes not saved to \(file)\(reason), and \(error.message)")
      }
    case .changedOnDisk, .merged, .archiveWritten:
      break  // the list's part: AppReducer
    }
    return .none
  }

  /// How many older versions are kept: a few saves back is where a
  /// program racing a save (`sed -i`, a sync tool) started from.
  static let olderBasesKept = 4

  /// Keeps a replaced base among the older versions.
  func keep(_ fingerprints: [UInt64], in state: inout State) {
    if state.olderBases.first == fingerprints { return }
    state.olderBases.insert(fingerprints, at: 0)
    if state.olderBases.count > Self.olderBasesKept { state.olderBases.removeLast() }
  }

  /// The file as read (or merged) is now what both sides start from.
  func took(_ state: inout State, _ loaded: LoadedFile) {
    state.shape = loaded.list.shape
    state.stamp = loaded.stamp
    state.base = loaded.text
    state.saveError = nil
    state.isAwaitingMerge = false
    state.unreadable = nil
  }
}

/// Where changes went that could not be saved when yaru had to end.
public enum Rescue: Equatable, Sendable {
  case writing
  /// Written, or not: what to tell the user as the program ends.
  case ended(String)
}

/// Another program's version a save displaced (`DisplacedFile`), parsed,
/// with where it is kept and the text both sides started from.
public struct DisplacedVersion: Equatable, Sendable {
  public let loaded: LoadedFile
  public let path: String
  public let base: String
}

/// A todo file as read: its text, the list parsed from it and the stamp of
/// its bytes (nil and empty when there is no file yet).
public struct LoadedFile: Equatable, Sendable {
  public var text: String
  public var list: TodoList
  public var stamp: DiskStamp?
  /// Conflict blocks git left in the file (a merge without yaru's driver),
  /// healed in `list`: both sides as lines, the local one tagged.
  public var healedBlocks = 0

  /// `text` parsed, each todo given an id by `makeID`.
  public init(text: String, stamp: DiskStamp?, makeID: () -> UUID) {
    self.text = text
    self.stamp = stamp
    self.list = TodoList(parsing: text, makeID: makeID)
    // git's markers start with `<<<<<<<`; the view's `contains` cost ~30 instructions a byte of every file loaded.
    if ByteSearch.contains(UInt8(ascii: "<"), in: text.utf8.span), let healed = ConflictMarkers.heal(TodoList.lines(of: text), tag: Self.healedTag) {
      let shape = list.shape
      list = TodoList(parsing: healed.lines.map { $0 + "\n" }.joined(), makeID: makeID)
      list.shape = shape
      healedBlocks = healed.blocks
    }
  }

  /// Said when markers were healed.
  public var healedMessage: String? {
    guard healedBlocks > 0 else { return nil }
    let blocks = healedBlocks == 1 ? "a git conflict block" : "\(healedBlocks) git conflict blocks"
    return "Healed \(blocks): yours tagged conflict:git"
  }

  /// What the local side of a healed block is tagged with.
  public static let healedTag = " conflict:git"
}

extension FileSync {
  /// Said once (footer and the log), never a reason to stop.
  private func warnAboutHistory(_ state: inout State, _ warning: String) {
    guard !state.hasWarnedAboutHistory else { return }
    state.hasWarnedAboutHistory = true
    state.message = warning
  }
}
