import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// `T` then N: the todos in hand (the marked ones, else the selected one)
/// move to list N of `[lists]`, as archiving moves todos to the done file:
/// the other list's file gets them first (`OtherList.append`, on the I/O
/// queue); only when it has them do they leave this list, through the door,
/// as one step whose record names that file (`movedTo`). So a crash between
/// the two leaves them in both lists, never in neither; `u` puts them back
/// here and, once this list's file has them again, takes them out of the
/// other (`FileSync.State.unmoveAfter`); Ctrl-R moves them again, the other
/// list first.
extension AppReducer {
  /// At start, with several lists: a move the last run did not finish is said.
  var checkForACutShortMove: Effect<Action> {
    guard environment.lists.count > 1 else { return .none }
    let lists = environment.lists
    return .run(on: environment.ioQueue) { send in
      if let message = OtherList.cutShort(in: lists) { send(.moveCutShort(message)) }
    }
  }

  /// `T`: wait for a digit.
  func chooseList(_ state: inout State) -> Effect<Action> {
    guard state.lists.isSeveral else {
      return flash(&state, "One list: [lists] in the config file names several (T moves todos between them)")
    }
    guard state.hasTodosInHand else { return .none }
    state.mode = .choosingList
    return .none
  }

  /// `T` then `number`.
  func moveToList(_ state: inout State, number: Int) -> Effect<Action> {
    state.mode = .list
    let index = number - 1, names = state.lists.names
    guard names.indices.contains(index), environment.lists.indices.contains(index) else {
      let lists = names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
      return flash(&state, "There is no list \(number) (lists: \(lists))")
    }
    guard index != state.lists.active else { return flash(&state, "Already in \(names[index])") }
    guard !state.lists.isMoving, state.lists.switchingTo == nil else { return flash(&state, "A move or a switch is on its way: T again in a moment") }
    let inHand = state.list.marks.isEmpty
      ? state.list.selectedTodo.map { [$0] } ?? []
      : state.list.markedIndices.map { state.list.todos[$0] }
    let todos = inHand.filter { !$0.isBlankLine }
    guard !todos.isEmpty else { return .none }
    let lines = todos.map(TodoTxt.format)
    state.lists.isMoving = true
    let destination = environment.lists[index], origin = listEnvironment(state).file?.path
    let from = state.lists.activeName ?? "another list"
    let uuid = environment.uuid, now = environment.now
    return .run(on: environment.ioQueue) { send in
      let summary = OtherList.summary("moved", lines.count, "from \(from)")
      let failure = OtherList.append(lines, to: destination, from: origin, summary: summary, uuid: uuid, now: now)
      send(.movedToList(ListMove(todos: todos, lines: lines, destination: index, failure: failure)))
    }
  }

  /// The other list has them: they leave this one, those still as they
  /// were (one changed meanwhile stays, so it is in both rather than lost).
  func movedToList(_ state: inout State, _ move: ListMove) -> Effect<Action> {
    state.lists.isMoving = false
    if let failure = move.failure { return flash(&state, "Not moved: \(failure)") }
    let name = state.lists.names[move.destination]
    let removed = move.todos.compactMap { todo in
      state.list.todos.index(id: todo.id).flatMap { index in
        state.list.todos[index] == todo ? ListChange.IndexedTodo(index: index, todo: todo) : nil
      }
    }.sorted { $0.index < $1.index }
    guard !removed.isEmpty else { return flash(&state, "Moved to \(name), but each todo changed meanwhile: kept here too") }
    let noun = removed.count == 1 ? "todo" : "todos"
    return change(&state, ListEdit(
      changes: [.removeMany(removed)], message: "Moved \(removed.count) \(noun) to \(name) — u brings them back",
      archived: move.lines, movedTo: environment.lists[move.destination].file?.path,
      summary: "moved \(removed.count) \(noun) to \(name)"
    ))
  }
}

/// What a move (`T`) wrote to the other list: the todos as they were, their
/// lines, the list's place in `[lists]`, and why not, if it could not.
public struct ListMove: Equatable, Sendable {
  public var todos: [Todo.State]
  public var lines: [String]
  public var destination: Int
  public var failure: String?

  public init(todos: [Todo.State], lines: [String], destination: Int, failure: String?) {
    self.todos = todos
    self.lines = lines
    self.destination = destination
    self.failure = failure
  }
}
