import FoundationEssentials
import IdentifiedCollections
import TodoModel

extension AppReducer.State {
  /// The state every run starts from — the live session, a key script, the
  /// benchmarks and the shell's commands alike: the config's settings, the
  /// choices remembered from the last run that still hold, and a view.
  public static func start(
    todos: IdentifiedArrayOf<Todo.State> = [], now: Date, utcOffset: UTCOffset, config: Config = Config(),
    remembered: RememberedChoices? = nil, view: Config.NamedView? = nil, lists: [String] = [], activeList: Int = 0
  ) -> Self {
    var state = config.applied(to: AppReducer.State(todos: todos, now: now))
    if let remembered { state = remembered.applied(to: state, config: config) }
    if let view { state.search.text = view.query }
    state.utcOffset = utcOffset
    // Several lists: the others wait, with the same settings, to be read the first time they are shown.
    if lists.count > 1 {
      state.lists.names = lists
      state.lists.active = activeList
      var fresh = state.list
      fresh.todos = []
      fresh.followWhole()  // what the door keeps beside the list: for an empty one
      fresh.selection = nil
      for index in lists.indices where index != activeList {
        state.lists.parked.append(ParkedList(id: index, list: fresh))
      }
    }
    return state
  }
}
