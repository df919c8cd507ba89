/// A reducer is the only place state changes: it applies an action to the state
/// and returns the effects (I/O, timers) that the Store should run next.
///
/// Conform either by writing `reduce(into:action:)`, or by composing other
/// reducers in `body` (the `reduce` is then derived from it).
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action: Sendable
  associatedtype Body

  func reduce(into state: inout State, action: Action) -> Effect<Action>

  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that writes `reduce` directly has no body.
  public var body: Never {
    fatalError("\(Self.self) has no body: it implements reduce(into:action:) directly")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer from a closure, for logic that needs no type of its own.
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline let run: (inout State, Action) -> Effect<Action>

  @inlinable public init(_ run: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = run
  }

  @inlinable public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.run = reducer.reduce(into:action:)
  }

  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

/// Runs several reducers in order on the same state and merges their effects.
public struct CombineReducers<State, Action: Sendable>: Reducer {
  @usableFromInline let reducers: [Reduce<State, Action>]

  @inlinable public init(@ReducerBuilder<State, Action> _ build: () -> Reduce<State, Action>) {
    self.reducers = [build()]
  }

  @usableFromInline init(_ reducers: [Reduce<State, Action>]) {
    self.reducers = reducers
  }

  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var effect = Effect<Action>.none
    for reducer in reducers {
      effect = effect.merged(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }
}

/// Lists reducers one per line; they run top to bottom.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  @inlinable public static func buildExpression<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }

  @inlinable public static func buildBlock(_ reducers: Reduce<State, Action>...) -> Reduce<State, Action> {
    reducers.count == 1 ? reducers[0] : Reduce(CombineReducers(reducers))
  }

  @inlinable public static func buildOptional(_ reducer: Reduce<State, Action>?) -> Reduce<State, Action> {
    reducer ?? Reduce { _, _ in .none }
  }

  @inlinable public static func buildEither(first reducer: Reduce<State, Action>) -> Reduce<State, Action> {
    reducer
  }

  @inlinable public static func buildEither(second reducer: Reduce<State, Action>) -> Reduce<State, Action> {
    reducer
  }
}
