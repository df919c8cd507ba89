import FoundationEssentials

/// Work a reducer asks the Store to do after it returns: a value describing the
/// work, never the work itself, so reducers stay pure and tests can inspect it.
public struct Effect<Action: Sendable>: Sendable {
  // Inlinable, with what it reads: the composition (Scope, ifLet, forEach,
  // merge, map) is specialized for the app's state and action where it is
  // used, not run generically (a runtime metadata lookup a call, ~70 k
  // instructions a key in the store).
  @usableFromInline indirect enum Operation: Sendable {
    case none
    case send(Action)
    case run(any Scheduler, delay: Duration, body: @Sendable (Send<Action>) -> Void)
    case runAt(any Scheduler, date: Date, body: @Sendable (Send<Action>) -> Void)
    case timer(any Scheduler, interval: Duration, action: @Sendable (Date) -> Action)
    case listen(any Scheduler, start: @Sendable (Send<Action>) -> ScheduledWork)
    case merge([Effect])
    case cancellable(EffectID, cancelInFlight: Bool, Effect)
    case cancel(EffectID)
    case cancelWhere(@Sendable (EffectID) -> Bool)
  }

  @usableFromInline let operation: Operation

  @usableFromInline init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work.
  @inlinable public static var none: Self { Self(.none) }

  /// Feeds an action straight back into the store, after the current one.
  @inlinable public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `body` on `scheduler` (after `delay`, if given); the body may send any
  /// number of actions back, and the effect ends when the body returns.
  public static func run(
    on scheduler: any Scheduler,
    after delay: Duration = .zero,
    _ body: @escaping @Sendable (Send<Action>) -> Void
  ) -> Self {
    Self(.run(scheduler, delay: delay, body: body))
  }

  /// Runs `body` on `scheduler` when its clock reaches `date` (the wall
  /// clock live, even across a suspended machine): the header clock's minute.
  public static func run(
    on scheduler: any Scheduler,
    at date: Date,
    _ body: @escaping @Sendable (Send<Action>) -> Void
  ) -> Self {
    Self(.runAt(scheduler, date: date, body: body))
  }

  /// Sends `action(now)` every `interval` until cancelled.
  /// Always cancellable by `id`; starting it again replaces the running one.
  public static func timer(
    id: some Hashable & Sendable,
    every interval: Duration,
    on scheduler: any Scheduler,
    _ action: @escaping @Sendable (Date) -> Action
  ) -> Self {
    Self(.timer(scheduler, interval: interval, action: action))
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Listens to a source of events from outside (the kernel's file-change
  /// notices): `start` runs on `scheduler`, begins listening, and returns
  /// how to stop. Its actions come until the effect is cancelled by `id`,
  /// which stops the source: a stream that lives as long as the program
  /// wants it, where `run` ends when its body returns.
  public static func listen(
    id: some Hashable & Sendable,
    on scheduler: any Scheduler,
    _ start: @escaping @Sendable (Send<Action>) -> ScheduledWork
  ) -> Self {
    Self(.listen(scheduler, start: start)).cancellable(id: id, cancelInFlight: true)
  }

  /// Runs all effects at once; their actions arrive in the order they are sent.
  /// Most merges have one effect or none with work: those make no array.
  @inlinable public static func merge(_ effects: [Self]) -> Self {
    // By index, not `filter`: this code is generic over the action, and the
    // unspecialized `filter` asks the runtime for its element type each
    // call (~10 k instructions a merge, several merges a key).
    var first: Int?
    for index in effects.indices where !effects[index].isNone {
      guard let first else {
        first = index
        continue
      }
      var work = [effects[first]]
      for later in index..<effects.endIndex where !effects[later].isNone { work.append(effects[later]) }
      return Self(.merge(work))
    }
    return first.map { effects[$0] } ?? .none
  }

  @inlinable public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// This and `other` at once: the combinators' usual case, without an
  /// array (a variadic `merge` makes one) when one of them has no work.
  @inlinable public func merged(with other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    return Self(.merge([self, other]))
  }

  /// Whether this effect does nothing at all.
  @usableFromInline var isNone: Bool {
    if case .none = operation { true } else { false }
  }

  /// Whether starting this effect sends an action at once (`.send`, alone
  /// or among others): one the store reduces in the same batch.
  var sendsAtOnce: Bool {
    switch operation {
    case .send:
      return true
    case .merge(let effects):
      // Not `contains(where:)`: unspecialized here, it goes through the
      // runtime's witness tables (~50 lines of code a toggle).
      var index = 0
      while index < effects.count {
        if effects[index].sendsAtOnce { return true }
        index += 1
      }
      return false
    case .cancellable(_, _, let inner):
      return inner.sendsAtOnce
    case .none, .run, .runAt, .timer, .listen, .cancel, .cancelWhere:
      return false
    }
  }

  /// The same work, sending the parent's actions: how a child's effects are scoped.
  @inlinable public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let scheduler, let delay, let body):
      return Effect<T>(.run(scheduler, delay: delay) { send in
        body(Send { send(transform($0)) })
      })
    case .runAt(let scheduler, let date, let body):
      return Effect<T>(.runAt(scheduler, date: date) { send in
        body(Send { send(transform($0)) })
      })
    case .timer(let scheduler, let interval, let action):
      return Effect<T>(.timer(scheduler, interval: interval) { transform(action($0)) })
    case .listen(let scheduler, let start):
      return Effect<T>(.listen(scheduler) { send in start(Send { send(transform($0)) }) })
    case .merge(let effects):
      return Effect<T>(.merge(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<T>(.cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<T>(.cancel(id))
    case .cancelWhere(let matches):
      return Effect<T>(.cancelWhere(matches))
    }
  }
}

/// What an effect calls to send actions back to the store, from any queue.
public struct Send<Action>: Sendable {
  @usableFromInline let send: @Sendable (Action) -> Void

  @inlinable public init(_ send: @escaping @Sendable (Action) -> Void) {
    self.send = send
  }

  @inlinable public func callAsFunction(_ action: Action) {
    send(action)
  }
}
