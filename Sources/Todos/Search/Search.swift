import Architecture

/// The search that decides which todos the list shows: the one kept after
/// Enter, the config's named views that `v` goes through, and the count of
/// matches on the status line. Typing a search is the line editor's; the
/// app keeps `text` when Enter ends it.
public struct Search: Reducer {
  public struct State: Equatable, Sendable {
    /// The search kept after Enter (case-insensitive, on the whole line);
    /// empty for none. While one is typed, the app's `query` is the editor's text.
    public var text = ""
    /// The config file's `[views]`: named searches that `v` goes through.
    public var views: [Config.NamedView] = []
    /// The search's count of matching todos, for the status line.
    var matchCount: MatchCount?
    /// What the last action has to say; the app shows it in the footer.
    public var message: String?

    public init() {}

    /// The view whose search is in force, if the search is one.
    public var currentView: Int? {
      guard !text.isEmpty else { return nil }
      return views.firstIndex { $0.query == text }
    }
  }

  public enum Action: Equatable, Sendable {
    /// `v`: the next of the config's views, then no search.
    case nextView
    /// How many todos a search let through (`MatchCount`), counted off the
    /// main queue, and which it kept out (the app hands them to the list).
    case matchesCounted(MatchCount.Key, Int, QueryMisses?)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nextView:
      guard !state.views.isEmpty else {
        state.message = "No views: name searches under [views] in the config file"
        return .none
      }
      let next = state.currentView.map { $0 + 1 } ?? 0
      state.text = next < state.views.count ? state.views[next].query : ""
    case .matchesCounted(let key, let count, _):
      if state.matchCount?.key == key { state.matchCount?.count = count }
    }
    return .none
  }
}
