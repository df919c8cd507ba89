/// Identifies running effects so that they can be cancelled: any hashable,
/// sendable value (a string, an enum case, a todo's id).
public struct EffectID: Hashable, Sendable {
  // AnyHashable is not Sendable, but it only ever wraps a Sendable value (see init).
  nonisolated(unsafe) let base: AnyHashable

  public init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
  }
}

extension Effect {
  /// Marks this effect as cancellable by `id`. With `cancelInFlight`, effects
  /// already running under `id` are cancelled first: a delayed effect marked
  /// this way is a debounce.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return cancelInFlight ? .cancel(id: id) : .none }
    return Self(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every effect running under `id`: none of them delivers another action.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// Cancels the running effects whose id `matches` says so, asked only of
  /// the ids that have effects running.
  public static func cancel(where matches: @escaping @Sendable (EffectID) -> Bool) -> Self {
    Self(.cancelWhere(matches))
  }
}
