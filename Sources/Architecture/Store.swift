/// The one owner of the app's state at run time: reduces actions in the order
/// they arrive, runs the effects, and tells observers once per batch.
///
/// The state lives on the main actor. Actions sent while a batch is being
/// reduced or observed (by an effect's `.send`, or by an observer) are queued
/// and reduced after it, never recursively: every observer sees every batch's
/// state, in order. Actions from effects on other queues hop to the main
/// queue before they are reduced.
@MainActor
public final class Store<State, Action: Sendable> {
  /// The state, read-only (`read` lends it to a function without a copy).
  public var state: State { _read { yield current } }
  @usableFromInline var current: State
  // Inlinable, with what it reads: specialized where the app's store is
  // used, `send` no longer asks the runtime for its arrays' types and
  // witness tables (~4,000 instructions a key).
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline var queued: [Action] = []
  @usableFromInline var isReducing = false
  @usableFromInline var observers: [(State) -> Void] = []
  @usableFromInline lazy var effects = EffectRuntime<Action> { [unowned self] in self.sendBack($0) }

  public init<R: Reducer>(initialState: State, reducer: R) where R.State == State, R.Action == Action {
    self.current = initialState
    self.reducer = reducer.reduce(into:action:)
  }

  /// Reduces `action` now, or after the action being reduced if called re-entrantly.
  @inlinable public func send(_ action: Action) {
    queued.append(action)
    guard !isReducing else { return }
    isReducing = true
    defer { isReducing = false }
    // Each turn reduces what is queued, then tells every observer; what they
    // send makes the next turn's batch.
    while !queued.isEmpty {
      // No copy of the state is held across the reduce: a second reference
      // to the todo list would make its first mutation copy all of it.
      var next = 0
      while next < queued.count {
        let effect = reducer(&current, queued[next])
        next += 1
        effects.start(effect)
      }
      queued.removeAll(keepingCapacity: true)
      for observer in observers { read(observer) }
    }
  }

  /// An action an effect sent back: reduced and observed (its frame drawn)
  /// before the effects it returns start, as a key's are. A file's load,
  /// sent back, started the start's other looks on the I/O thread, which
  /// took the processor the first frame was waiting for.
  func sendBack(_ action: Action) {
    guard !effects.isHolding else { return send(action) }
    effects.hold()
    send(action)
    effects.releaseHeld()
  }

  /// Calls `body` with the state lent, not copied: passing `state` as an
  /// argument copies all of it (a class's stored property is copied out;
  /// ~2,000 instructions for the app's, three times a key). `body` must not
  /// read the store's state itself (exclusive access, checked at run time);
  /// it may send actions, which are queued.
  @inlinable public func read<R>(_ body: (State) -> R) -> R {
    Self.lend(&current, to: body)
  }

  @inlinable static func lend<R>(_ state: inout State, to body: (State) -> R) -> R { body(state) }

  /// Effects from now on are held (`EffectRuntime.hold`) until
  /// `releaseEffects()`: a key's frame is drawn before they are started
  /// and before their work reaches a scheduler.
  public func holdEffects() {
    effects.hold()
  }

  /// Hands the held effects' work to their schedulers, in order.
  public func releaseEffects() {
    effects.releaseHeld()
  }

  /// Calls `observer` with the new state after each batch of actions.
  public func observe(_ observer: @escaping (State) -> Void) {
    observers.append(observer)
  }

  /// Effects started and not yet finished or cancelled.
  public var runningEffectCount: Int { effects.inFlightCount }

  /// Cancels every running effect; no further action will arrive from them.
  public func cancelAllEffects() {
    effects.cancelAll()
  }
}
