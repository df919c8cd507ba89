import IdentifiedCollections

extension Reducer {
  /// Runs `element` on the element of `elements` that an action names by id,
  /// before this (the parent) reducer, so the parent sees the element's new state.
  ///
  /// The element's effects are cancelled when the element leaves the array.
  /// An action for an id that is gone is reported as an issue (a test fails,
  /// the app logs a warning) and otherwise ignored: effects can outlive elements.
  public func forEach<ID: TableID & Sendable, ElementState, ElementAction: Sendable>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Reduce<ElementState, ElementAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ForEachReducer<State, Action, ID, ElementState, ElementAction> {
    ForEachReducer(
      parent: Reduce(self), elements: elements, action: action, element: element(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// What `forEach` makes: the parent with an element reducer run on the
/// element each action names. Besides one action at a time, it takes one
/// element action for many elements in one call (`reduce(into:each:action:)`,
/// a batch on marked todos): the same as sending it to each in turn, without
/// paying for the key path, the effect wrappers and the cancellation check
/// once per element.
public struct ForEachReducer<State, Action: Sendable, ID: TableID & Sendable, ElementState: Identifiable, ElementAction: Sendable>: Reducer
where ElementState.ID == ID {
  // Inlinable, so that it is specialized for the list where it is used:
  // generic, each element of a batch cost ~2,000 instructions of witness
  // tables and metadata lookups around its own reducer.
  @usableFromInline let parent: Reduce<State, Action>
  @usableFromInline let elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>
  @usableFromInline let action: CasePath<Action, (id: ID, action: ElementAction)>
  @usableFromInline let element: Reduce<ElementState, ElementAction>
  @usableFromInline let location: IssueLocation

  @usableFromInline init(
    parent: Reduce<State, Action>, elements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, (id: ID, action: ElementAction)>, element: Reduce<ElementState, ElementAction>, location: IssueLocation
  ) {
    self.parent = parent
    self.elements = elements
    self.action = action
    self.element = element
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let membership = state[keyPath: elements].membership
    var elementEffect = Effect<Action>.none
    if let (id, elementAction) = self.action.extract(action) {
      elementEffect = runElements(&state, [id], elementAction)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    return elementEffect.merged(with: parentEffect).merged(with: cancelRemoved(state, since: membership))
  }

  /// `elementAction` sent to each of `ids`, in order: every element's
  /// reducer runs, then the parent's for each action. The same as sending
  /// each alone when the parent, for these actions, reads only the element
  /// an action names (the list's does nothing for a todo's action).
  @inlinable
  public func reduce(into state: inout State, each ids: [ID], action elementAction: ElementAction) -> Effect<Action> {
    let membership = state[keyPath: elements].membership
    var effects = [runElements(&state, ids, elementAction)]
    for id in ids { effects.append(parent.reduce(into: &state, action: action.embed((id: id, action: elementAction)))) }
    effects.append(cancelRemoved(state, since: membership))
    return .merge(effects)
  }

  /// The element reducer on each of `ids`, through one access to the array.
  @inlinable
  func runElements(_ state: inout State, _ ids: [ID], _ elementAction: ElementAction) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    let missing = state[keyPath: elements].updateEach(ids) { id, element in
      let effect = self.element.reduce(into: &element, action: elementAction)
      guard !effect.isNone else { return }
      let embed = action.embed
      effects.append(effect.map { embed((id: id, action: $0)) }.cancellable(id: ElementEffectID(path: elements, id: id)))
    }
    for id in missing {
      location.report(
        """
        forEach received an action for an element that is not in the array: \
        id \(id), action \(elementAction). An effect probably outlived its element.
        """
      )
    }
    return .merge(effects)
  }

  /// Elements that left the array have their effects cancelled. Nothing
  /// to do when no element joined or left (the usual action); else the ids
  /// are read after the reduce, and only those with effects running are
  /// looked up: the ids from before are not kept, since a second reference
  /// to them held across the reduce would make an insertion into a list of
  /// 100,000 copy them all.
  @inlinable
  func cancelRemoved(_ state: State, since before: Membership) -> Effect<Action> {
    guard state[keyPath: elements].membership !== before else { return .none }
    let ids = state[keyPath: elements].idLookup
    nonisolated(unsafe) let path: AnyKeyPath = elements
    return Effect<Action>.cancel { effectID in
      guard let element = effectID.base as? ElementEffectID<ID>, element.path == path else { return false }
      return !ids.contains(element.id)
    }
  }
}

/// The cancellation id of one element's effects.
@usableFromInline
struct ElementEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  // Key paths are immutable values; AnyKeyPath is just not marked Sendable.
  @usableFromInline nonisolated(unsafe) let path: AnyKeyPath
  @usableFromInline let id: ID

  @usableFromInline init(path: AnyKeyPath, id: ID) {
    self.path = path
    self.id = id
  }
}
