import Architecture
import TodoModel

/// How many todos the search lets through, for the status line. Counting
/// reads the whole list (100,000 todos take tens of milliseconds), so it
/// runs off the main queue on a snapshot, after the keys that change the
/// search or the list, and the line says "counting…" until it is back.
public struct MatchCount: Equatable, Sendable {
  /// What the count was made for: the search, the view and the list's version.
  public struct Key: Equatable, Sendable {
    let query: String
    let filter: Filter
    let hidingOn: Day?
    let listVersion: Int
  }

  let key: Key
  /// Nil while counting.
  var count: Int?
}

extension AppReducer.State {
  var matchCountKey: MatchCount.Key {
    MatchCount.Key(query: query, filter: filter, hidingOn: showsHidden ? nil : today, listVersion: listVersion)
  }
}

extension Reducer where State == AppReducer.State, Action == AppReducer.Action {
  /// After every action: a search in force whose count is out of date is
  /// counted again (the count in flight, if any, is dropped).
  func countingMatches(_ environment: AppEnvironment) -> Reduce<State, Action> {
    Reduce { state, action in
      let effect = self.reduce(into: &state, action: action)
      guard !state.query.isEmpty else {
        guard state.matchCount != nil else { return effect }
        state.matchCount = nil
        return .merge(effect, .cancel(id: AppReducer.CancelID.matchCount))
      }
      let key = state.matchCountKey
      guard state.matchCount?.key != key else { return effect }
      state.matchCount = MatchCount(key: key, count: nil)
      let todos = state.todos
      let visibility = Visibility(state)
      let count = Effect<Action>.run(on: environment.ioQueue) { send in
        var count = 0
        for todo in todos where visibility.test(todo) { count += 1 }
        send(.matchesCounted(key, count))
      }
      return .merge(effect, count.cancellable(id: AppReducer.CancelID.matchCount, cancelInFlight: true))
    }
  }
}
