/// Names one case of an enum with an associated value, so that a parent can
/// embed a child's action into its own and extract it back out.
///
/// Written by hand (`CasePath(Action.todo) { if case let .todo(a) = $0 { a } else { nil } }`)
/// because the macro version needs swift-syntax, which would add minutes to every build.
public struct CasePath<Root, Value>: Sendable {
  public let embed: @Sendable (Value) -> Root
  public let extract: @Sendable (Root) -> Value?

  @inlinable public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}
