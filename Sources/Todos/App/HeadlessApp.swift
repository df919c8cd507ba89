import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// The app without a screen, on a virtual clock that starts now: the
/// shell's `yaru add`, `yaru done` and `yaru archive` send the same actions
/// through the same reducers as the keys do (date shortcuts, recurrence,
/// the door), on a list the shell read from the file and saves itself.
@MainActor
public final class HeadlessApp {
  private let scheduler: TestScheduler
  private let store: Store<AppReducer.State, AppReducer.Action>

  /// - Parameters:
  ///   - doneFile: where archiving appends; its todo file is never loaded
  ///     or saved here (the list is in memory: the shell saves it).
  ///   - history: the file's history so far (what `undo` and `redo` take back).
  ///   - source: who the history says made the changes (`yaru add`).
  public init(
    _ start: AppReducer.State, uuid: @escaping @Sendable () -> UUID, doneFile: TodoFileClient? = nil,
    history: [HistoryRecord] = [], source: String = "yaru"
  ) {
    let scheduler = TestScheduler(now: start.now)
    self.scheduler = scheduler
    var state = start
    state.file.isInMemory = true
    state.list.history.source = source
    state.list.history.origin = String(uuid().uuidString.prefix(8)).lowercased()
    state.list.history.restore(history)
    let offset = start.utcOffset
    let environment = AppEnvironment(
      now: { scheduler.now }, uuid: uuid, utcOffset: { _ in offset }, mainQueue: scheduler, ioQueue: scheduler, file: doneFile
    )
    store = Store(initialState: state, reducer: AppReducer(environment: environment))
  }

  public var state: AppReducer.State { store.state }

  /// Sends `action` and runs the work it starts now (not what waits: the
  /// sink, the flash's end).
  public func send(_ action: AppReducer.Action) {
    store.send(action)
    scheduler.advance()
  }

  /// Why the last `add` was refused, when Enter refused its line (a
  /// `due:` that is no date).
  public private(set) var refusal: String?

  /// Types `line` as a new todo at the end of the list, as todo.sh adds:
  /// the todo as committed, or nil if the line was refused (and then the
  /// list is as it was).
  public func add(_ line: String) -> Todo.State? {
    refusal = nil
    send(.addTodo(.end))
    send(.editor(.insert(line)))
    guard let id = state.unfinishedNewTodo else { return nil }
    send(.commitEdit)
    guard state.unfinishedNewTodo == nil else {
      // Enter left the line open: the shell has no one to fix it.
      refusal = state.editRefusal
      send(.cancelEdit)
      return nil
    }
    return state.list.todos[id: id]
  }

  /// `yaru add -`: each line a todo at the end of the list, read as typed
  /// lines, all in one undoable step: the todos added, or nil when a line
  /// was refused (a `due:` that is no date; `refusal` says which): then
  /// nothing is added.
  public func add(lines: [String]) -> [Todo.State]? {
    refusal = nil
    for (number, line) in lines.enumerated() {
      if let word = DateShortcut.firstNonDate(in: line, today: state.today) {
        refusal = "line \(number + 1): \(DateShortcut.refusal(of: word))"
        return nil
      }
    }
    let count = state.list.todos.count
    send(.pasteTodos(lines.joined(separator: "\n"), at: .end))
    return Array(state.list.todos.elements[count...])
  }

  /// Completes the todo at `index` in the file, as `x` does: the todos the
  /// change left at that place and after it (a recurring todo's next one).
  public func complete(at index: Int) -> [Todo.State] {
    let todo = state.list.todos[index]
    if !todo.isComplete { send(.list(.todo(id: todo.id, action: .toggleCompleteTapped))) }
    let next = state.list.recurrences[todo.id].flatMap { state.list.todos[id: $0] }
    return [state.list.todos[id: todo.id]].compactMap { $0 } + [next].compactMap { $0 }
  }

  /// What the history gets of the changes made here, once they are saved.
  public var records: [HistoryRecord] { state.list.history.unwritten.map(\.record) }

  /// `u` or Ctrl-R on the file's last step: what was undone or made again
  /// (with the lines an archive had taken to the done file), or why not.
  public func undo(redoing: Bool = false) -> Result<HistoryRecord, HistoryRefusal> {
    let history = state.list.history
    guard let step = redoing ? history.nextRedo : history.nextUndo else {
      return .failure(HistoryRefusal(message: redoing ? "nothing to redo" : "nothing to undo"))
    }
    send(.list(redoing ? .redo : .undo))
    guard state.list.history.unwritten.count > history.unwritten.count else {
      return .failure(HistoryRefusal(message: state.flash ?? "not changed"))
    }
    return .success(step)
  }

  public func cancelAllEffects() { store.cancelAllEffects() }
}

public struct HistoryRefusal: Error, Equatable, Sendable {
  public var message: String
}
