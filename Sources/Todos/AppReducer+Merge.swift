import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Another program changed the todo file: its version and the user's list are
/// merged line by line against the version both started from (`LineMerge`),
/// and the result replaces the list through the door in one step. Both sides'
/// changes are kept; a line both changed differently is kept twice, the
/// user's tagged `conflict:`. An edit in progress stays open.
extension AppReducer {
  func mergeChangedFile(_ state: inout State, _ loaded: LoadedFile, known: DiskStamp?) -> Effect<Action> {
    // Read against a stamp yaru no longer has (a save finished meanwhile):
    // the next look compares with the right one.
    guard !state.file.isSaving, known == state.file.stamp else { return .none }
    guard loaded.stamp?.hash != state.file.stamp?.hash else {
      state.file.stamp = loaded.stamp  // touched, same bytes
      return .none
    }
    // A todo being added is not in the file: it goes back where it was.
    var ours = state.todos
    let draft = state.unfinishedNewTodo.flatMap { id in state.todos.index(id: id).map { (index: $0, todo: state.todos[$0]) } }
    if let draft { ours.remove(at: draft.index) }
    let theirs = loaded.list.todos
    let ourLines = ours.map(TodoTxt.format), theirLines = theirs.map(TodoTxt.format)
    let sources = LineMerge.merge(base: TodoList.lines(of: state.file.base), ours: ourLines, theirs: theirLines)
    var merged = IdentifiedArrayOf<Todo.State>()
    var conflicts = 0
    // The file holds the result already when it is their lines, in order.
    var isSaved = sources.count == theirLines.count
    for (position, source) in sources.enumerated() {
      switch source {
      case .ours(let index):
        merged.append(ours[index])
        isSaved = isSaved && ourLines[index].utf8.elementsEqual(theirLines[position].utf8)
      case .theirs(let index, let replacing):
        // Their edit of a line the user left alone is the same todo (the selection stays on it).
        merged.append(replacing.map { theirs[index].with(id: ours[$0].id) } ?? theirs[index])
        isSaved = isSaved && index == position
      case .conflict(let index):
        merged.append(taggedAsConflict(ours[index]))
        conflicts += 1
        isSaved = false
      }
    }
    if case .editing(let editing) = state.mode, !editing.isNew, merged[id: editing.id] == nil,
       let index = state.todos.index(id: editing.id) {
      // They removed the line being edited: it stays, and Enter commits the edit.
      merged.insert(state.todos[index], at: min(index, merged.count))
    }
    if let draft { merged.insert(draft.todo, at: min(draft.index, merged.count)) }

    state.file.base = loaded.text
    state.file.stamp = loaded.stamp
    state.file.shape = loaded.list.shape
    state.file.saveError = nil
    let name = environment.file?.fileName ?? "the todo file"
    // After "12 items left · saved · " in the footer: at most 55 columns.
    let message = switch (conflicts, isSaved) {
    case (0, true): "\(name) was changed by another program: reloaded"
    case (0, false): "\(name) changed elsewhere: merged with yours"
    case (1, _): "Outside change merged; 1 clash tagged conflict:"
    default: "Outside change merged; \(conflicts) clashes tagged conflict:"
    }
    return .merge(
      .cancel(id: FileID.retry),
      change(&state, ListEdit(changes: [.replaceAll(merged)], kind: .fromDisk(isSaved: isSaved), message: message))
    )
  }

  /// The user's version of a line both sides changed, tagged with the day so
  /// that searching `conflict:` finds it.
  func taggedAsConflict(_ todo: Todo.State) -> Todo.State {
    var tagged = todo
    let tag = "conflict:\(environment.today)"
    tagged.text += tagged.text.isEmpty ? tag : " " + tag
    return tagged
  }
}
