/// Identifies running effects so that they can be cancelled: any hashable,
/// sendable value (a string, an enum case, a todo's id).
/// Not an `AnyHashable`: making one asks the runtime whether the type has a
/// custom representation, a scan of every conformance in the binary (~40 k
/// instructions) for each type of id, a dozen of them at start.
public struct EffectID: Hashable, Sendable {
  @usableFromInline let base: any Hashable & Sendable

  @inlinable public init(_ id: some Hashable & Sendable) {
    self.base = id
  }

  /// Equal ids are of the same type and equal as that type.
  public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    func isEqual<ID: Hashable & Sendable>(_ id: ID) -> Bool { (rhs.base as? ID).map { $0 == id } ?? false }
    return type(of: lhs.base) == type(of: rhs.base) && isEqual(lhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }
}

extension Effect {
  /// Marks this effect as cancellable by `id`. With `cancelInFlight`, effects
  /// already running under `id` are cancelled first: a delayed effect marked
  /// this way is a debounce.
  @inlinable public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return cancelInFlight ? .cancel(id: id) : .none }
    return Self(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every effect running under `id`: none of them delivers another action.
  @inlinable public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// Cancels the running effects whose id `matches` says so, asked only of
  /// the ids that have effects running.
  public static func cancel(where matches: @escaping @Sendable (EffectID) -> Bool) -> Self {
    Self(.cancelWhere(matches))
  }
}
