import Architecture
import FoundationEssentials
import IdentifiedCollections
import Terminal
import TodoModel

/// The one program loop (the role of Bubble Tea's `tea.Program`): keys in,
/// through the keymap into the store; each batch of changes drawn once on
/// the backend; the process told when it may end. The live session, `yaru
/// replay` and the benchmarks all run this; what differs is passed in — the
/// backend (ncurses or the virtual terminal) and the environment (the
/// schedulers: Dispatch queues or virtual time).
@MainActor
public final class AppProgram {
  /// How a run ended: the exit status, and what to say on standard error.
  public struct Exit: Equatable, Sendable {
    public let status: Int32
    public let message: String?
  }

  public let store: Store<AppReducer.State, AppReducer.Action>
  /// Set by `show(on:)`: the live session starts loading the file before
  /// the terminal is set up, so that the two overlap.
  /// Neither is checked at run time (each check ~60 instructions, a few a
  /// key): set once, then read by this class's methods on the main queue.
  @exclusivity(unchecked) private var backend: (any TerminalBackend)?
  @exclusivity(unchecked) private var renderer: Renderer<AppReducer.State>?
  /// Set while a batch of keys is being read: one frame after all of them.
  private var isReadingKeys = false
  /// No frame before `start`: until then the state is not the list's.
  private var isStarted = false
  /// Called once, when the program may end, with the last state (lent:
  /// it is called while the store lends the state to its observers).
  private var onExit: (Exit, AppReducer.State) -> Void = { _, _ in }
  public private(set) var exit: Exit?
  private var isKeymapPrepared = false
  /// Whether `rehearse` has run: after the first frame that shows a list
  /// with a selection (a slow load's first frame says "Loading…").
  private(set) var isRehearsed = false
  /// The store's reducer, for `rehearse` (which runs it on a copy).
  let reducer: AppReducer

  /// - Parameter log: receives every action and the state change it made (`--log`).
  public init(environment: AppEnvironment, initialState: AppReducer.State, log: ((String) -> Void)? = nil) {
    let reducer = AppReducer(environment: environment)
    self.reducer = reducer
    store = if let log {
      Store(initialState: initialState, reducer: reducer._printChanges(to: log))
    } else {
      Store(initialState: initialState, reducer: reducer)
    }
    store.observe { [unowned self] state in self.stateChanged(state) }
  }

  /// Starts loading the file and the clock.
  public func start() {
    isStarted = true
    store.send(.started)
  }

  /// Draws on `backend` from now on (the first frame as soon as there is one
  /// to show); `onExit` is called once, when the program may end.
  public func show(on backend: any TerminalBackend, onExit: @escaping (Exit, AppReducer.State) -> Void = { _, _ in }) {
    self.backend = backend
    let memo = RowMemo()
    renderer = Renderer(backend: backend, view: { state, size in AppView.render(state, size, memo: memo) })
    self.onExit = onExit
    if let exit { return onExit(exit, store.state) }  // it failed before there was a screen
    store.send(.screenResized(backend.size))
  }

  /// Keys as they arrived together: each through the keymap, then one
  /// frame, then their effects (saves, timers) start.
  public func press(_ keys: [Key]) {
    pressHoldingEffects(keys)
    releaseEffects()
  }

  /// Keys as they arrived together: each through the keymap, then one
  /// frame. Which of them the state accepts is the reducer's `InputGate`.
  /// Their effects start held (`Store.holdEffects`) until
  /// `releaseEffects()`: the terminal's loop releases them once the keys
  /// pause, so that a save's thread or a timer's wake does not compete with
  /// the terminal drawing the frame.
  public func pressHoldingEffects(_ keys: [Key]) {
    store.holdEffects()
    isReadingKeys = true
    for key in keys where exit == nil && !store.state.isQuitting {
      guard let action = store.read({ Keymap.action(for: key, in: $0) }) else { continue }
      // Keys, not actions, make a macro: it is a key script. The `Q` that stops it is not one of them.
      if store.state.macros.recording != nil, action != .macro(.recordTapped), Macros.records(key) {
        store.send(.macro(.keyRecorded(key)))
      }
      store.send(action)
    }
    isReadingKeys = false
    store.read { stateChanged($0) }
  }

  /// Starts the effects of the keys pressed since the last release.
  public func releaseEffects() {
    store.releaseEffects()
  }

  /// Whether a printable key now would be text (a line being typed: a todo,
  /// a search, the words prompt) rather than a command: what
  /// `yaru --record --redact` replaces.
  public var takesText: Bool {
    switch store.state.mode {
    case .editing, .searching, .prompting: true
    case .list, .help, .history, .choosingPriority, .choosingRegister, .choosingList: false
    }
  }

  public func send(_ action: AppReducer.Action) {
    store.send(action)
  }

  /// The backend changed size (it already knows the new one): every cell is drawn again.
  public func resized() {
    guard let backend else { return }
    store.send(.screenResized(backend.size))
    redraw()
  }

  /// Draws every cell again: the screen was cleared behind our back
  /// (resumed after Ctrl-Z, resized).
  public func redraw() {
    renderer?.invalidate()
    stateChanged(store.state)
  }

  private func stateChanged(_ state: AppReducer.State) {
    guard exit == nil else { return }
    if case .failed(let message) = state.file.phase {
      finish(Exit(status: 2, message: "yaru: \(message)"), state)
    } else if state.canExit {
      finish(Exit(status: state.exit.status, message: state.exit.message), state)
    } else if isStarted, state.hasFrame, !isReadingKeys, let renderer {
      renderer.render(state)
      if !isKeymapPrepared {
        // The first frame is on screen: now, before a key can come, the
        // keymap's tables (not on the way to that frame, nor on the first key).
        isKeymapPrepared = true
        Keymap.prepare()
      }
      if !isRehearsed, state.file.phase == .ready, let selection = state.list.selection {
        isRehearsed = true
        Self.rehearse(state, selection: selection, reducer: reducer)
      }
    }
  }

  /// A toggle and a move reduced and drawn on a copy of the state whose
  /// list is one plain todo, then thrown away; their effects are started on
  /// a runtime of their own and dropped there unscheduled, so none runs,
  /// and the store's state is untouched. The first real ones then find
  /// their code and the runtime's generic types warm (the first toggle of a
  /// process took 0.71 ms to its frame, 0.51 ms after this;
  /// `Benchmarks/ptybench/ab.py`).
  static func rehearse(_ state: AppReducer.State, selection: UUID, reducer: AppReducer) {
    let rehearsal = rehearsal(state, selection: selection, reducer: reducer)
    // Drawn before and after, on a memo of its own: a frame that lets go
    // of the rows the last one kept made the memo's generic types on the
    // first toggle (~100 lines of the runtime).
    let memo = RowMemo()
    for copy in [rehearsal.before, rehearsal.state] { _ = AppView.render(copy, copy.screenSize, memo: memo) }
    EffectRuntime.rehearse(rehearsal.effects)
  }

  /// The rehearsal's reduce: the copy before it, the copy it leaves and
  /// the effects it returned.
  static func rehearsal(
    _ state: AppReducer.State, selection: UUID, reducer: AppReducer
  ) -> (before: AppReducer.State, state: AppReducer.State, effects: [Effect<AppReducer.Action>]) {
    // A plain todo of the selected one's id: a recurring one's toggle would
    // draw a new id from the environment.
    var copy = state
    let shown = state.list.shown
    copy.list = ListFeature.State(todos: IdentifiedArray(uniqueElements: [Todo.State(id: selection, text: "rehearsal")]))
    copy.list.shown = shown
    let before = copy
    // Their keys asked of the keymap first, as a press does (whatever the
    // config bound them to, the actions reduced are these): the first real
    // toggle made the runtime's type for the keymap's optional answer on
    // its way to its frame (~4,000 instructions, a page of memory written).
    let keys: [(Key, AppReducer.Action)] = [
      (.character("x"), .list(.act(.todo(.toggleCompleteTapped)))), (.character("j"), .list(.selectNext)),
    ]
    let effects = keys.map { key, action in
      _ = Keymap.action(for: key, in: copy)
      return reducer.reduce(into: &copy, action: action)
    }
    return (before, copy, effects)
  }

  private func finish(_ exit: Exit, _ state: AppReducer.State) {
    self.exit = exit
    store.cancelAllEffects()
    onExit(exit, state)
  }
}
