extension Reducer {
  /// Runs `child` on optional child state while it exists, before this reducer.
  /// A child action that arrives while the state is `nil` is reported as an
  /// issue; the child's effects are cancelled when its state becomes `nil`.
  @inlinable public func ifLet<ChildState, ChildAction: Sendable>(
    _ child: WritableKeyPath<State, ChildState?>,
    action: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then childReducer: () -> Reduce<ChildState, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Reduce<State, Action> {
    let childReducer = childReducer()
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let effectID = ChildEffectID(path: child)
    return Reduce { state, parentAction in
      var childEffect = Effect<Action>.none
      if let childAction = action.extract(parentAction) {
        if state[keyPath: child] != nil {
          childEffect = childReducer.reduce(into: &state[keyPath: child]!, action: childAction)
            .map(action.embed)
            .cancellable(id: effectID)
        } else {
          location.report("ifLet received a child action while the child state is nil: \(childAction)")
        }
      }
      let hadChild = state[keyPath: child] != nil
      let parentEffect = self.reduce(into: &state, action: parentAction)
      let cancel: Effect<Action> = hadChild && state[keyPath: child] == nil ? .cancel(id: effectID) : .none
      return childEffect.merged(with: parentEffect).merged(with: cancel)
    }
  }
}

/// The cancellation id of an optional child's effects.
@usableFromInline struct ChildEffectID: Hashable, Sendable {
  nonisolated(unsafe) let path: AnyKeyPath

  @usableFromInline init(path: AnyKeyPath) {
    self.path = path
  }
}
