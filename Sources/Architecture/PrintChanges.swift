import CustomDump

extension Reducer {
  /// Writes every action and the −/+ diff of the state it caused to `sink`:
  /// what `yaru --log FILE` shows. Debugging only: diffing costs time.
  public func _printChanges(to sink: @escaping (String) -> Void) -> Reduce<State, Action> {
    Reduce { state, action in
      let old = state
      let effect = self.reduce(into: &state, action: action)
      var message = "received action:\n"
      customDump(action, to: &message, indent: 2)
      message += "\n" + (diff(old, state, format: .proportional).map { $0 + "\n" } ?? "  (No state changes)\n")
      sink(message)
      return effect
    }
  }
}
