import TodoModel

extension AppReducer {
  /// The `+project`, `@context` and `key:` names of the list, counted for
  /// Tab, and the list's version they were counted at: counted again only
  /// when Tab is pressed after the list changed, so that a Tab that goes on
  /// to the next candidate, or a second word completed in the same line,
  /// reads no todo (counting 100,000 todos takes 8 ms: docs/Performance.md).
  public struct NamesInList: Equatable, Sendable {
    public let listVersion: Int
    public let names: TagNames
  }

  /// Tab: the word at the cursor completed, or the next candidate. Nothing
  /// happens when there is nothing to complete.
  func completeWord(_ state: inout State) {
    guard var editor = state.editor else { return }
    if editor.completion == nil, state.namesInList?.listVersion != state.list.listVersion {
      var names = TagNames()
      for todo in state.list.todos { names.count(in: todo.text) }
      state.namesInList = NamesInList(listVersion: state.list.listVersion, names: names)
    }
    guard let names = state.namesInList?.names, editor.complete(from: names) else { return }
    state.editor = editor
  }
}
