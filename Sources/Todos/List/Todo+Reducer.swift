import Architecture
import TodoModel

/// One todo as a reducer, which the list (`ListFeature`) runs on each element with `forEach`.
/// Here, not in TodoModel, so the model never sees the reducer framework:
/// each action is one of `Todo.State`'s rules, and none has an effect.
extension Todo: Reducer {
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleCompleteTapped: state.toggleCompletion(on: today())
    case .priorityCycled: state.cyclePriority()
    case .prioritySet(let priority): state.setPriority(priority)
    case .postponed(let days): state.postpone(by: days, today: today())
    case .wordsAdded(let words): state.addWords(words, today: today())
    case .wordsRemoved(let words): state.removeWords(words, today: today())
    }
    state.keepAsRead(today: today())
    return .none
  }
}
