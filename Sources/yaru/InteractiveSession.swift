import Architecture
import Dispatch
import FoundationEssentials
import Glibc
import NcursesTerminal
import Replay
import Terminal
import TodoModel
import Todos
import TodoStorage

/// The live world around the program loop (`AppProgram`): keys from the
/// terminal, Ctrl-Z, resizes and signals in; on the way out, the terminal
/// given back as it was and the process ended with the program's status.
@MainActor
final class InteractiveSession {
  private let program: AppProgram
  // Set by `start(on:)`: the file starts loading before the terminal is set
  // up, so that the two overlap.
  private var terminal: NcursesTerminal!
  private let ioQueue = DispatchQueue(label: "yaru.file", qos: .userInitiated)
  private var sources: [any DispatchSourceProtocol] = []
  private var recorder: KeyRecorder?
  /// Held for the whole session, each list's once it is shown; one another
  /// yaru has (read-only) is waited for in the kernel (`waitForTheWriter`).
  private let locks: ListLocks
  /// Each list's todo file (one, without `[lists]`).
  private let paths: [String]
  /// Each list's history, by its place (one, without `[lists]`).
  private let histories: [HistoryClient]
  private let config: Config
  /// Where the choices made with `t`, `s`, `f`, `H` are kept for next time.
  private let stateFile: StateFile
  private let history: HistoryClient
  /// Where a background sync waits on the network (never the file's queue).
  private let syncQueue = DispatchQueue(label: "yaru.sync")
  /// The choices at start: the file is written only if the user changed them.
  private let startingChoices: RememberedChoices

  /// Starts loading the file, on the I/O queue.
  init(file: TodoFileClient, config: Config, view: Config.NamedView?, stateFile: StateFile, log: LogFile?, recorder: KeyRecorder?) {
    self.recorder = recorder
    self.config = config
    self.stateFile = stateFile
    func historyClient(_ path: String) -> HistoryClient {
      var historyFile = HistoryFile(of: path, in: StateFile.folder())
      (historyFile.keepSteps, historyFile.keepDays) = (config.historySteps, config.historyDays)
      return historyFile.client
    }
    // Several lists when the file is one of `[lists]`: each its own file,
    // done file (beside it), history and lock.
    let active = config.lists.firstIndex { TodoFile.realPath($0.path) == TodoFile.realPath(file.path) }
    let lists = active == nil ? [] : config.lists
    let paths = active == nil ? [file.path] : lists.map(\.path)
    let histories = paths.map(historyClient)
    self.paths = paths
    self.histories = histories
    let locks = ListLocks(paths: paths)
    self.locks = locks
    history = histories[active ?? 0]
    // `history = 0`: nothing is kept between runs.
    let keepsHistory = config.historySteps > 0
    var environment = AppEnvironment.live(file: file, ioQueue: ioQueue, history: keepsHistory ? histories[active ?? 0] : nil)
    environment.lists = lists.enumerated().map { index, list in
      let client = index == active ? file : TodoFileClient.live(
        path: list.path, donePath: TodoFilePath.done(besides: list.path, config: config), rescueFolder: StateFile.rescueFolder()
      )
      var clients = ListClients(name: list.name, file: client, history: keepsHistory ? histories[index] : nil)
      clients.fileNotices = .kernel(path: list.path)
      clients.takeLock = { locks.take(index) }
      return clients
    }
    environment.macros = MacroFolder(path: MacroFolder.path()).client
    // Other programs' changes seen at once, and no polling while idle.
    environment.fileNotices = .kernel(path: file.path)
    if config.syncsWithGit {
      let git = GitSync(todoPath: file.path, donePath: file.donePath, driverCommand: SyncCommand.ownPath, history: history)
      let path = file.path
      environment.sync = SyncClient { git.sync { SyncCommand.commitMessage(path, since: $0) } }
      environment.syncQueue = DispatchQueueScheduler(syncQueue)
    }
    let now = environment.now()
    var initial = AppReducer.State.start(
      now: now, utcOffset: environment.utcOffset(now), config: config, remembered: stateFile.remembered, view: view,
      lists: lists.map(\.name), activeList: active ?? 0
    )
    if let warning = stateFile.warning {
      // The footer is narrow: the path is in the message on standard error.
      let reason = warning.hasPrefix(stateFile.path + ":") ? "line " + warning.dropFirst(stateFile.path.count + 1) : warning
      initial.flash = "State file passed over: \(reason)"
    }
    startingChoices = RememberedChoices(initial, config: config)
    // Each list its own lock, the others' taken as they are shown: one
    // another yaru holds is read-only alone.
    let isFree = locks.take(active ?? 0)
    initial.file.isReadOnly = !isFree
    program = AppProgram(environment: environment, initialState: initial, log: log.map { log in { log.write($0) } })
    program.start()
    if isFree { removeLeftoverTemporaryFiles(active ?? 0) }
    waitForTheWriter(isOnlyList: active == nil)
  }

  /// Off the start-up path: on the file's queue, after the load.
  private func removeLeftoverTemporaryFiles(_ index: Int) {
    let path = paths[index]
    ioQueue.async { TodoFile.removeLeftoverTemporaryFiles(of: path) }
  }

  /// Read-only lists: when the yaru that has one quits (or dies), the
  /// kernel wakes the thread waiting for its lock (ListLocks) and this
  /// one becomes its writer without a restart; nothing polls meanwhile.
  private func waitForTheWriter(isOnlyList: Bool) {
    locks.whenFreed { index in
      DispatchQueue.main.async {
        MainActor.assumeIsolated { [weak self] in
          guard let self else { return }
          removeLeftoverTemporaryFiles(index)
          program.send(isOnlyList ? .file(.writerLeft) : .writerLeft(list: index))
        }
      }
    }
  }

  /// Shows the list on `terminal` and takes its keys and signals.
  func start(on terminal: NcursesTerminal) {
    self.terminal = terminal
    // A resize between the terminal's start and the moment the kernel
    // delivers SIGWINCH to the source is never heard (a window resized as
    // yaru started: the list kept its first size; seen in the tmux tests).
    // The size is read again now, for the first frame, and once more when
    // Dispatch says the source is registered (that happens later, on its
    // own thread: a resize in between was lost too, seen in CI).
    onSignal(SIGWINCH, registered: { [unowned self] in if self.terminal.missedAResize { self.resized() } }) { [unowned self] in
      self.resized()
    }
    if terminal.missedAResize { terminal.resize() }
    // Every signal whose default would end the process ends it the usual
    // way instead: changes saved, the terminal given back. SIGPIPE and
    // SIGXFSZ come from a failing write, to the thread that wrote: they are
    // ignored (the write reports the error), since a Dispatch source for them
    // spun re-raising the signal forever.
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU] {
      onSignal(signal) { [unowned self] in self.program.send(.terminated(signal: signal)) }
    }
    // The size the session starts at, so that its replay starts there too.
    recorder?.recordResize(to: terminal.size, at: Date())
    program.show(on: terminal) { [unowned self] exit, state in self.end(exit, state) }
  }

  /// Counts reads, so that a pending Esc flush knows whether more came.
  private var reads = 0
  /// How long a lone Esc waits for the rest of a sequence (Alt-x, a cursor
  /// key) before it is Esc: long enough for a slow link, too short to notice.
  private static let escapeDelay: DispatchTimeInterval = .milliseconds(25)
  /// How long a paste without its end marker waits for more before it is
  /// ended: a paste comes in a burst, and a person waits longer for a key.
  private static let pasteQuietTime: DispatchTimeInterval = .seconds(1)

  /// Reads the keys that came (the main loop calls it when fd 0 is
  /// readable). Returns false once the terminal is gone: the session then
  /// ends as on SIGHUP, changes saved.
  func readKeys() -> Bool {
    reads += 1
    let keys = terminal.readKeys()
    guard !terminal.isClosed else {
      program.send(.terminated(signal: SIGHUP))
      return false
    }
    deliver(keys)
    let read = reads
    if terminal.isPasting {
      // A paste whose end may never come: ended once nothing came for a while.
      DispatchQueue.main.asyncAfter(deadline: .now() + Self.pasteQuietTime) { [unowned self] in
        MainActor.assumeIsolated {
          guard reads == read, terminal.isPasting else { return }
          deliver(terminal.endPaste())
          program.releaseEffects()
        }
      }
    }
    guard terminal.isHoldingKeys else { return true }
    // A lone Esc: Esc only if nothing follows within the escape delay.
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.escapeDelay) { [unowned self] in
      MainActor.assumeIsolated {
        guard reads == read else { return }
        deliver(terminal.flushKeys())
        program.releaseEffects()
      }
    }
    return true
  }

  /// The keys paused (the main loop calls it): their saves and timers
  /// start now, their frames already written.
  func keysPaused() {
    program.releaseEffects()
  }

  /// Keys to the program, Ctrl-Z to the shell. The last keys' effects stay
  /// held (`AppProgram.pressHoldingEffects`) until `keysPaused()`.
  private func deliver(_ read: [Key]) {
    var keys: [Key] = []
    for key in read {
      if recorder?.redacting == true {
        // Redacting needs to know, key by key, whether it is text: each
        // goes to the program before the next is judged.
        program.press(keys)
        keys = []
        recorder?.record(key, at: Date(), isText: program.takesText)
      } else {
        recorder?.record(key, at: Date())
      }
      if key == .control("z") {
        program.press(keys)
        keys = []
        terminal.suspend()
        program.redraw()
      } else {
        keys.append(key)
      }
    }
    program.pressHoldingEffects(keys)
  }

  private func resized() {
    terminal.resize()
    recorder?.recordResize(to: terminal.size, at: Date())
    program.resized()
  }

  /// Lets the next yaru make a fresh lock file (none is left behind).
  func releaseLock() {
    locks.releaseAll()
  }

  private func end(_ exit: AppProgram.Exit, _ state: AppReducer.State) -> Never {
    // The file's queue finishes what it holds first: a history append
    // started a moment before `q` (another program's change, just merged)
    // was cut off by the exit, and the next start had no record of it.
    ioQueue.sync {}
    // Before the lock goes: the next yaru tells another program's changes from the base.
    // The shown list's base in its own history (after `L`, not the first list's).
    if config.historySteps > 0, state.file.phase == .ready, histories.indices.contains(state.lists.active) {
      histories[state.lists.active].keepBase(ifChanged: state.file.base)
    }
    for parked in state.lists.parked where config.historySteps > 0 && parked.isLoaded && histories.indices.contains(parked.id) {
      histories[parked.id].keepBase(ifChanged: parked.file.base)
    }
    releaseLock()
    recorder?.finish()
    terminal.stop()
    if let message = exit.message { StandardIO.printError(message) }
    let choices = RememberedChoices(state, config: config)
    if choices != startingChoices, let failure = stateFile.save(choices) {
      StandardIO.printError("yaru: cannot remember the choices for next time: \(failure)")
    }
    Glibc.exit(exit.status)
  }

  private func onSignal(
    _ number: Int32, registered: (@MainActor () -> Void)? = nil, _ handler: @escaping @MainActor () -> Void
  ) {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated(handler) }
    if let registered { source.setRegistrationHandler { MainActor.assumeIsolated(registered) } }
    source.resume()
    sources.append(source)
  }
}
