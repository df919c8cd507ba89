import Dispatch
import FoundationEssentials
import Synchronization

/// Starts the effects a reducer returns, knows which are still running, and
/// cancels them by id. Shared by `Store` and `TestStore` so both run effects
/// exactly alike; actions come back through `deliver`, always on the main actor.
@MainActor
public final class EffectRuntime<Action: Sendable> {
  private var running: [Int: RunningEffect] = [:]
  private var byID: [EffectID: Set<Int>] = [:]
  private var counter = 0
  private let deliver: @MainActor (Action) -> Void
  /// While held: work to hand to its scheduler at `releaseHeld()`, in order.
  private var held: [() -> Void]?
  /// While held: effects not started yet, in the order they came. Starting
  /// one (its ids, its tables, its scheduling) is ~200 lines of code and
  /// data a toggle need not touch before its frame is drawn.
  private var unstarted: [Effect<Action>] = []
  /// While held: what running effects did meanwhile (actions sent, their
  /// ends), done at `releaseHeld()` in order once the held effects have
  /// started, so that a cancel among those still drops the actions of the
  /// effects it cancels, even of one that has ended.
  private var heldOutcomes: [() -> Void] = []

  public init(deliver: @escaping @MainActor (Action) -> Void) {
    self.deliver = deliver
  }

  /// How many effects have started and neither finished nor been cancelled
  /// (held ones not started yet are not counted).
  public var inFlightCount: Int { running.count }

  /// Starts `effect` now or, while held, at `releaseHeld()`. An effect
  /// that sends an action at once starts now even while held (that action
  /// belongs to the batch being reduced), after those that came before it.
  public func start(_ effect: Effect<Action>) {
    guard held != nil else { return start(effect, ids: []) }
    if effect.isNone { return }
    if effect.sendsAtOnce {
      startUnstarted()
      start(effect, ids: [])
    } else {
      unstarted.append(effect)
    }
  }

  /// Until `releaseHeld()`, effects are kept unstarted, in order, and the
  /// work of those that must start is not handed to its scheduler: a key's
  /// frame is drawn before its save or timer wakes another thread to
  /// compete with the drawing for the processor.
  public func hold() {
    if held == nil { held = [] }
  }

  /// Whether effects are held (`hold`) and not yet released.
  public var isHolding: Bool { held != nil }

  /// Starts the held effects, hands the held work to the schedulers and
  /// delivers the held actions, each in the order it came; the work and
  /// the actions of an effect cancelled meanwhile are dropped (`attach`).
  public func releaseHeld() {
    startUnstarted()
    guard let work = held else { return }
    held = nil
    for schedule in work { schedule() }
    let outcomes = heldOutcomes
    heldOutcomes = []
    for outcome in outcomes { outcome() }
  }

  private func startUnstarted() {
    guard !unstarted.isEmpty else { return }
    let effects = unstarted
    unstarted.removeAll(keepingCapacity: true)
    for effect in effects { start(effect, ids: []) }
  }

  /// Starts `effects` on a runtime of their own, held, and drops them there
  /// unreleased: none of their work reaches a scheduler and no action is
  /// delivered, but the runtime's generic types (its tables, the held
  /// work's closures) are made before the first real key's effects start.
  /// A first toggle made them then, ~400 lines of the runtime's code cold.
  public static func rehearse(_ effects: [Effect<Action>]) {
    let runtime = EffectRuntime { _ in }
    runtime.hold()
    for effect in effects { runtime.start(effect) }
    runtime.startUnstarted()
    runtime.held = nil
    runtime.cancelAll()
  }

  /// Cancels everything, e.g. when the program quits.
  public func cancelAll() {
    unstarted = []
    heldOutcomes = []
    for effect in running.values { effect.cancel() }
    running = [:]
    byID = [:]
  }

  private func start(_ effect: Effect<Action>, ids: [EffectID]) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      deliver(action)
    case .merge(let effects):
      for effect in effects { start(effect, ids: ids) }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id) }
      start(inner, ids: ids + [id])
    case .cancel(let id):
      cancel(id)
    case .cancelWhere(let matches):
      for id in byID.keys where matches(id) { cancel(id) }
    case .run(let scheduler, let delay, let body):
      let effect = register(ids)
      let send = sender(for: effect)
      schedule(effect) {
        scheduler.schedule(after: delay) { [weak self] in
          guard !effect.isCancelled else { return }
          body(send)
          onMainActor { self?.whenReleased { [weak self] in self?.finish(effect) } }
        }
      }
    case .runAt(let scheduler, let date, let body):
      let effect = register(ids)
      let send = sender(for: effect)
      schedule(effect) {
        scheduler.schedule(at: date) { [weak self] in
          guard !effect.isCancelled else { return }
          body(send)
          onMainActor { self?.whenReleased { [weak self] in self?.finish(effect) } }
        }
      }
    case .timer(let scheduler, let interval, let action):
      let effect = register(ids)
      let send = sender(for: effect)
      schedule(effect) { scheduler.schedule(every: interval) { send(action(scheduler.now)) } }
    case .listen(let scheduler, let start):
      let effect = register(ids)
      let send = sender(for: effect)
      schedule(effect) {
        scheduler.schedule(after: .zero) {
          guard !effect.isCancelled else { return }
          // Replaces the scheduled start, which has run: a cancel from now on
          // stops the source (at once, if it came while `start` ran).
          effect.attach(start(send))
        }
      }
    }
  }

  /// Hands `effect`'s work to its scheduler (`make`), now or, while held, at release.
  private func schedule(_ effect: RunningEffect, _ make: @escaping () -> ScheduledWork) {
    if held != nil {
      held?.append { effect.attach(make()) }
    } else {
      effect.attach(make())
    }
  }

  private func register(_ ids: [EffectID]) -> RunningEffect {
    counter += 1
    let effect = RunningEffect(number: counter, ids: ids)
    running[counter] = effect
    for id in ids { byID[id, default: []].insert(counter) }
    return effect
  }

  /// A `Send` that drops actions once the effect is cancelled, checked both
  /// where the action is sent and again where it is delivered (while held,
  /// once more at the release).
  private func sender(for effect: RunningEffect) -> Send<Action> {
    Send { [weak self] action in
      guard !effect.isCancelled else { return }
      onMainActor {
        guard !effect.isCancelled, let self else { return }
        self.whenReleased { [weak self] in
          guard !effect.isCancelled else { return }
          self?.deliver(action)
        }
      }
    }
  }

  /// `outcome` now, or at `releaseHeld()` while held.
  private func whenReleased(_ outcome: @escaping () -> Void) {
    if held != nil { heldOutcomes.append(outcome) } else { outcome() }
  }

  private func finish(_ effect: RunningEffect) {
    effect.release()
    running[effect.number] = nil
    for id in effect.ids {
      byID[id]?.remove(effect.number)
      if byID[id]?.isEmpty == true { byID[id] = nil }
    }
  }

  private func cancel(_ id: EffectID) {
    guard let numbers = byID[id] else { return }
    for number in numbers {
      guard let effect = running[number] else { continue }
      effect.cancel()
      finish(effect)
    }
  }
}

/// One started effect: whether it was cancelled, and its scheduled work.
final class RunningEffect: Sendable {
  let number: Int
  let ids: [EffectID]
  private let state = Mutex<(cancelled: Bool, work: ScheduledWork?)>((false, nil))

  init(number: Int, ids: [EffectID]) {
    self.number = number
    self.ids = ids
  }

  var isCancelled: Bool { state.withLock { $0.cancelled } }

  func attach(_ work: ScheduledWork) {
    let cancelled = state.withLock { state in
      state.work = work
      return state.cancelled
    }
    if cancelled { work.cancel() }
  }

  func cancel() {
    let work = state.withLock { state in
      state.cancelled = true
      return state.work.take()
    }
    work?.cancel()
  }

  /// Lets go of the scheduled work once it has run: its block holds this
  /// effect, and what the effect's body holds (a save, the whole list).
  /// Kept, the two would keep each other for good, and the list's next
  /// change would copy all of it (its storage still shared).
  func release() {
    _ = state.withLock { $0.work.take() }
  }
}

/// Runs `work` on the main actor: at once when already on the main queue
/// (virtual-time schedulers run there), otherwise after a hop to it.
func onMainActor(_ work: @escaping @MainActor @Sendable () -> Void) {
  if isOnMainQueue() {
    MainActor.assumeIsolated { work() }
  } else {
    DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
  }
}

/// Whether the caller runs on the main queue. Not `Thread.isMainThread`: after
/// `dispatchMain()` (and in the test runner) a worker thread serves the main queue.
public func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

// Set on the main queue once, when first asked.
private let mainQueueKey: DispatchSpecificKey<Void> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return key
}()
