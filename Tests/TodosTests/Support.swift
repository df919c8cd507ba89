import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// 2026-01-01 09:00 UTC, the replay default: tests start their clocks here.
let startDate = Date(timeIntervalSince1970: 1_767_258_000)
let startDay = Day(year: 2026, month: 1, day: 1)!

func id(_ n: Int) -> UUID { UUID(number: n) }

/// A list of todos with ids from 101 up (clear of the ids new todos get).
func todos(_ texts: String..., completed: Set<Int> = []) -> IdentifiedArrayOf<Todo.State> {
  todos(texts, completed: completed)
}

func todos(_ texts: [String], completed: Set<Int> = []) -> IdentifiedArrayOf<Todo.State> {
  IdentifiedArray(uniqueElements: texts.enumerated().map { index, text in
    Todo.State(id: id(101 + index), text: text, isComplete: completed.contains(index),
               completionDate: completed.contains(index) ? startDay : nil)
  })
}

extension AppReducer.State {
  /// A list read from todo.txt lines (ids from 101 up), as after its file
  /// loaded at `startDate`.
  static func loaded(_ lines: [String]) -> AppReducer.State {
    let list = IdentifiedArray(uniqueElements: lines.enumerated().map { TodoTxt.parse($1[...], id: id(101 + $0)) })
    var state = AppReducer.State(todos: list, now: startDate)
    state.file.phase = .ready
    return state
  }

  /// The texts of the visible todos, in order: what the list shows.
  var visibleTexts: [String] {
    var state = self
    state.handShownToList()
    return state.list.visibleTodos.map(\.text)
  }
}

/// Expects `body` to fail with `PATH:LINE: ...` naming `line` of `path`, and saying `words`.
func expectFailure(
  at path: String, line: Int, saying words: String, _ body: () throws(Config.Failure) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    try body()
    Issue.record("accepted", sourceLocation: sourceLocation)
  } catch {
    #expect(error.description.hasPrefix("\(path):\(line): "), "\(error.description)", sourceLocation: sourceLocation)
    #expect(error.description.contains(words), "\(error.description)", sourceLocation: sourceLocation)
  }
}

/// A store of the whole app from `state`, on `scheduler`'s virtual time.
@MainActor
func appStore(_ state: AppReducer.State, on scheduler: TestScheduler) -> Store<AppReducer.State, AppReducer.Action> {
  Store(initialState: state, reducer: AppReducer(environment: .virtual(scheduler)))
}

/// A store of the whole app on `file`, started and loaded on `scheduler`'s virtual time.
@MainActor
func startedStore(_ file: TodoFileClient, on scheduler: TestScheduler) -> Store<AppReducer.State, AppReducer.Action> {
  let store = Store(initialState: AppReducer.State(now: startDate), reducer: AppReducer(environment: .virtual(scheduler, file: file)))
  store.send(.started)
  scheduler.advance()
  return store
}

/// The screen's rows for `state` (80 columns, 12 rows unless told).
func screen(_ state: AppReducer.State, columns: Int = 80, rows: Int = 12) -> [String] {
  AppView.render(state, Size(columns: columns, rows: rows)).lines
}

extension LineEditor.State {
  init(_ text: String) { self.init(text: text) }
}

/// The screen's top at the todo at `index` of the file, among the active ones.
func top(_ index: Int) -> ListPosition { ListPosition(isSunk: false, index: index) }
