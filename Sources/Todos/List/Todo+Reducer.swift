import Architecture
import TodoModel

/// One todo as a reducer, for the list (`AppReducer`) to run on an element.
/// Here, not in TodoModel, so the model never sees the reducer framework:
/// each action is one of `Todo.State`'s rules, and none has an effect.
extension Todo: Reducer {
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleCompleteTapped: state.toggleCompletion(on: today())
    case .priorityCycled: state.cyclePriority()
    case .prioritySet(let priority): state.setPriority(priority)
    }
    return .none
  }
}
