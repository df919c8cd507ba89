import IdentifiedCollections
import OrderedCollections

extension Reducer {
  /// Runs `element` on the element of `elements` that an action names by id,
  /// before this (the parent) reducer, so the parent sees the element's new state.
  ///
  /// The element's effects are cancelled when the element leaves the array.
  /// An action for an id that is gone is reported as an issue (a test fails,
  /// the app logs a warning) and otherwise ignored: effects can outlive elements.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction: Sendable>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Reduce<ElementState, ElementAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Reduce<State, Action> {
    let element = element()
    let toElementAction = action
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return Reduce { state, action in
      var elementEffect = Effect<Action>.none
      if let (id, elementAction) = toElementAction.extract(action) {
        if state[keyPath: elements][id: id] != nil {
          elementEffect = element.reduce(into: &state[keyPath: elements][id: id]!, action: elementAction)
            .map { toElementAction.embed((id: id, action: $0)) }
            .cancellable(id: ElementEffectID(path: elements, id: id))
        } else {
          location.report(
            """
            forEach received an action for an element that is not in the array: \
            id \(id), action \(elementAction). An effect probably outlived its element.
            """
          )
        }
      }
      let parentEffect = self.reduce(into: &state, action: action)
      // Elements that left the array have their effects cancelled. The ids
      // are read after the reduce, and only those with effects running are
      // looked up: keeping the ids from before would hold a second reference
      // to them across the reduce, and an insertion into a list of 100,000
      // would copy them all (and comparing them would hash them all).
      let ids = state[keyPath: elements].ids
      nonisolated(unsafe) let path: AnyKeyPath = elements
      let cancelRemoved = Effect<Action>.cancel { effectID in
        guard let element = effectID.base as? ElementEffectID<ID>, element.path == path else { return false }
        return !ids.contains(element.id)
      }
      return .merge(elementEffect, parentEffect, cancelRemoved)
    }
  }
}

/// The cancellation id of one element's effects.
struct ElementEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  // Key paths are immutable values; AnyKeyPath is just not marked Sendable.
  nonisolated(unsafe) let path: AnyKeyPath
  let id: ID
}
