/// Runs a child reducer on one part of the parent's state, for the parent
/// actions that embed a child action; the child's effects are mapped back.
public struct Scope<ParentState, ParentAction: Sendable, ChildState, ChildAction: Sendable>: Reducer {
  @usableFromInline let state: WritableKeyPath<ParentState, ChildState>
  @usableFromInline let action: CasePath<ParentAction, ChildAction>
  @usableFromInline let child: Reduce<ChildState, ChildAction>

  @inlinable public init(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Reduce<ChildState, ChildAction>
  ) {
    self.state = state
    self.action = action
    self.child = child()
  }

  @inlinable public func reduce(into parent: inout ParentState, action parentAction: ParentAction) -> Effect<ParentAction> {
    guard let childAction = action.extract(parentAction) else { return .none }
    return child.reduce(into: &parent[keyPath: state], action: childAction).map(action.embed)
  }
}
