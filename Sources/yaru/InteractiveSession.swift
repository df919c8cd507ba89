import Architecture
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import NcursesTerminal
import Replay
import Terminal
import Todos

/// The running program: keys from the terminal go through the keymap into
/// the store; each batch of changes is rendered once; signals and quitting
/// save pending changes and give the terminal back as it was.
@MainActor
final class InteractiveSession {
  /// Kept alive for the life of the process (Dispatch sources hold no owner).
  static var current: InteractiveSession?

  private let store: Store<AppReducer.State, AppReducer.Action>
  // Set by `start(on:)`: the file starts loading before the terminal is set
  // up, so that the two overlap.
  private var terminal: NcursesTerminal!
  private var renderer: Renderer<AppReducer.State>!
  private let ioQueue = DispatchQueue(label: "yaru.file", qos: .userInitiated)
  private var sources: [any DispatchSourceProtocol] = []
  private var isReadingKeys = false
  /// Whether a "Loading…" frame may be drawn: only once loading has taken
  /// longer than `loadingFrameDelay`, so that a list that loads at once is
  /// the first frame, without a flash of "Loading…" (and a second frame).
  private var mayShowLoading = false
  private static let loadingFrameDelay = DispatchTimeInterval.milliseconds(100)
  private var recorder: KeyRecorder?
  /// Held for the whole session; nil when another yaru has the file (read-only).
  private let lock: InstanceLock?

  /// Starts loading the file, on the I/O queue.
  init(file: TodoFileClient, log: LogFile?, recorder: KeyRecorder?) {
    self.recorder = recorder
    let environment = AppEnvironment.live(file: file, ioQueue: ioQueue)
    var initial = AppReducer.State(now: environment.now())
    initial.utcOffset = environment.utcOffset(initial.now)
    lock = InstanceLock.acquire(for: file.path)
    initial.file.isReadOnly = lock == nil
    let reducer = AppReducer(environment: environment)
    if let log {
      store = Store(initialState: initial, reducer: reducer._printChanges { log.write($0) })
    } else {
      store = Store(initialState: initial, reducer: reducer)
    }
    store.send(.started)
  }

  /// Shows the list on `terminal` and takes its keys and signals.
  func start(on terminal: NcursesTerminal) {
    self.terminal = terminal
    renderer = Renderer(backend: terminal, view: AppView.render)
    store.observe { [unowned self] state in self.stateChanged(state) }
    listen(to: 0) { [unowned self] in self.readKeys() }
    onSignal(SIGWINCH) { [unowned self] in self.resized() }
    for signal in [SIGTERM, SIGHUP, SIGINT] {
      onSignal(signal) { [unowned self] in self.terminate(by: signal) }
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.loadingFrameDelay) { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.mayShowLoading = true
        self.stateChanged(self.store.state)
      }
    }
    store.send(.listHeightChanged(AppView.listRows(in: terminal.size)))
  }

  private func readKeys() {
    isReadingKeys = true
    for key in terminal.readKeys() {
      if key != .resize { recorder?.record(key, at: Date()) }
      switch key {
      case .resize:
        resized()
      case .control("z"):
        terminal.suspend()
        renderer.invalidate()
      default:
        if let action = Keymap.action(for: key, in: store.state) { store.send(action) }
      }
    }
    isReadingKeys = false
    stateChanged(store.state)
  }

  private func stateChanged(_ state: AppReducer.State) {
    if case .failed(let message) = state.file.phase { exit(2, saying: "yaru: \(message)") }
    if state.canExit { exit(state.exitStatus) }
    if state.file.phase == .loading, !mayShowLoading { return }
    if !isReadingKeys { renderer.render(state) }
  }

  private func resized() {
    terminal.resize()
    recorder?.recordResize(to: terminal.size, at: Date())
    renderer.invalidate()
    store.send(.listHeightChanged(AppView.listRows(in: terminal.size)))
    renderer.render(store.state)
  }

  /// SIGTERM, SIGHUP, SIGINT: an action like any other. The reducer saves
  /// the committed list through its one save path, and the process exits
  /// (terminal restored, status 128 + signal) once the file has it.
  private func terminate(by signal: Int32) {
    store.send(.terminated(signal: signal))
  }

  private func exit(_ status: Int32, saying message: String? = nil) -> Never {
    recorder?.finish()
    store.cancelAllEffects()
    terminal.stop()
    if let message { StandardIO.printError(message) }
    Glibc.exit(status)
  }

  private func listen(to descriptor: Int32, _ handler: @escaping @MainActor () -> Void) {
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated(handler) }
    source.resume()
    sources.append(source)
  }

  private func onSignal(_ number: Int32, _ handler: @escaping @MainActor () -> Void) {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated(handler) }
    source.resume()
    sources.append(source)
  }
}
