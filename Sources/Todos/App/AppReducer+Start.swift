import FoundationEssentials
import IdentifiedCollections
import TodoModel

extension AppReducer.State {
  /// The state every run starts from — the live session, a key script, the
  /// benchmarks and the shell's commands alike: the config's settings, the
  /// choices remembered from the last run that still hold, and a view.
  public static func start(
    todos: IdentifiedArrayOf<Todo.State> = [], now: Date, utcOffset: UTCOffset, config: Config = Config(),
    remembered: RememberedChoices? = nil, view: Config.NamedView? = nil
  ) -> Self {
    var state = config.applied(to: AppReducer.State(todos: todos, now: now))
    if let remembered { state = remembered.applied(to: state, config: config) }
    if let view { state.search.text = view.query }
    state.utcOffset = utcOffset
    return state
  }
}
