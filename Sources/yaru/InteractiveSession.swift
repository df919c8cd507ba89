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
  /// Held for the whole session; nil while another yaru has the file
  /// (read-only), tried again every second (`waitForTheWriter`).
  private var lock: InstanceLock?
  private let path: String
  private let config: Config
  /// Where the choices made with `t`, `s`, `f`, `H` are kept for next time.
  private let stateFile: StateFile
  private let history: HistoryClient
  /// Where a read-only session waits for the writer's lock (blocked in flock).
  private let writerWait = DispatchQueue(label: "yaru.writer-wait")
  /// Where a background sync waits on the network (never the file's queue).
  private let syncQueue = DispatchQueue(label: "yaru.sync")
  /// The choices at start: the file is written only if the user changed them.
  private let startingChoices: RememberedChoices

  /// Starts loading the file, on the I/O queue.
  init(file: TodoFileClient, config: Config, view: Config.NamedView?, stateFile: StateFile, log: LogFile?, recorder: KeyRecorder?) {
    self.recorder = recorder
    self.config = config
    self.stateFile = stateFile
    self.path = file.path
    var historyFile = HistoryFile(of: file.path, in: StateFile.folder())
    (historyFile.keepSteps, historyFile.keepDays) = (config.historySteps, config.historyDays)
    history = historyFile.client
    // `history = 0`: nothing is kept between runs.
    var environment = AppEnvironment.live(file: file, ioQueue: ioQueue, history: config.historySteps > 0 ? history : nil)
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
      now: now, utcOffset: environment.utcOffset(now), config: config, remembered: stateFile.remembered, view: view
    )
    if let warning = stateFile.warning {
      // The footer is narrow: the path is in the message on standard error.
      let reason = warning.hasPrefix(stateFile.path + ":") ? "line " + warning.dropFirst(stateFile.path.count + 1) : warning
      initial.flash = "State file passed over: \(reason)"
    }
    startingChoices = RememberedChoices(initial, config: config)
    lock = InstanceLock.acquire(for: file.path)
    initial.file.isReadOnly = lock == nil
    program = AppProgram(environment: environment, initialState: initial, log: log.map { log in { log.write($0) } })
    program.start()
    if lock != nil { removeLeftoverTemporaryFiles() } else { waitForTheWriter() }
  }

  /// Off the start-up path: on the file's queue, after the load.
  private func removeLeftoverTemporaryFiles() {
    let path = self.path
    ioQueue.async { TodoFile.removeLeftoverTemporaryFiles(of: path) }
  }

  /// Read-only: waits for the lock on a thread of its own, blocked in the
  /// kernel until the yaru that has the file quits (or dies), so that this
  /// one becomes the writer without a restart, and an idle read-only yaru
  /// polls nothing.
  private func waitForTheWriter() {
    let path = self.path
    writerWait.async {
      let taken = InstanceLock.acquire(for: path, waiting: true)
      DispatchQueue.main.async {
        MainActor.assumeIsolated { [unowned self] in
          guard lock == nil, let taken else { return }
          lock = taken
          removeLeftoverTemporaryFiles()
          program.send(.file(.writerLeft))
        }
      }
    }
  }

  /// Shows the list on `terminal` and takes its keys and signals.
  func start(on terminal: NcursesTerminal) {
    self.terminal = terminal
    onSignal(SIGWINCH) { [unowned self] in self.resized() }
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
    program.show(on: terminal) { [unowned self] exit in self.end(exit) }
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
        }
      }
    }
    guard terminal.isHoldingKeys else { return true }
    // A lone Esc: Esc only if nothing follows within the escape delay.
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.escapeDelay) { [unowned self] in
      MainActor.assumeIsolated {
        guard reads == read else { return }
        deliver(terminal.flushKeys())
      }
    }
    return true
  }

  /// Keys to the program, Ctrl-Z to the shell.
  private func deliver(_ read: [Key]) {
    var keys: [Key] = []
    for key in read {
      recorder?.record(key, at: Date())
      if key == .control("z") {
        program.press(keys)
        keys = []
        terminal.suspend()
        program.redraw()
      } else {
        keys.append(key)
      }
    }
    program.press(keys)
  }

  private func resized() {
    terminal.resize()
    recorder?.recordResize(to: terminal.size, at: Date())
    program.resized()
  }

  /// Lets the next yaru make a fresh lock file (none is left behind).
  func releaseLock() {
    lock?.release()
  }

  private func end(_ exit: AppProgram.Exit) -> Never {
    // Before the lock goes: the next yaru tells another program's changes from the base.
    if config.historySteps > 0, program.store.state.file.phase == .ready { history.keepBase(program.store.state.file.base) }
    releaseLock()
    recorder?.finish()
    terminal.stop()
    if let message = exit.message { StandardIO.printError(message) }
    let choices = RememberedChoices(program.store.state, config: config)
    if choices != startingChoices, let failure = stateFile.save(choices) {
      StandardIO.printError("yaru: cannot remember the choices for next time: \(failure)")
    }
    Glibc.exit(exit.status)
  }

  private func onSignal(_ number: Int32, _ handler: @escaping @MainActor () -> Void) {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated(handler) }
    source.resume()
    sources.append(source)
  }
}
