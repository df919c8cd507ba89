import Architecture
import Foundation
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// One gate for keys from a terminal, a script or a test: what the state
/// accepts is decided in the reducer, so an action sent straight to the
/// store meets the same rules as a key.
@MainActor
struct InputGateTests {
  let scheduler = TestScheduler(now: startDate)

  private func store(_ state: AppReducer.State) -> Store<AppReducer.State, AppReducer.Action> {
    Store(initialState: state, reducer: AppReducer(environment: .virtual(scheduler)))
  }

  @Test func whileTheFileLoadsOnlyCtrlCDoesAnything() {
    var loading = AppReducer.State(todos: todos("one", "two"), now: startDate)
    loading.file.phase = .loading
    for key: Key in ["a", "q", "x", "j"] {
      let action = Keymap.action(for: key, in: loading)
      #expect(action.map { InputGate.verdict(on: $0, in: loading) } == .ignore, "\(key.name) while loading")
    }
    #expect(Keymap.action(for: .control("c"), in: loading) == .interrupt)
    #expect(InputGate.verdict(on: .interrupt, in: loading) == nil)

    let store = store(loading)
    store.send(.addTodo(.top))
    store.send(.quit)
    #expect(store.state.list.todos.count == 2 && store.state.mode == .list && !store.state.isQuitting)
    store.send(.interrupt)
    #expect(store.state.isQuitting)
  }

  @Test func onATooSmallTerminalOnlyQuittingWorks() {
    let store = store(.loaded(["one", "two"]))
    store.send(.screenResized(Size(columns: 20, rows: 3)))
    store.send(.list(.deleteSelected))
    store.send(.list(.todo(id: id(101), action: .toggleCompleteTapped)))
    #expect(store.state.list.todos.map(\.text) == ["one", "two"] && !store.state.list.todos[0].isComplete)
    store.send(.screenResized(Size(columns: 80, rows: 24)))
    store.send(.list(.deleteSelected))
    #expect(store.state.list.todos.map(\.text) == ["two"], "a key works again once the list is drawn")
    store.send(.screenResized(Size(columns: 20, rows: 3)))
    store.send(.quit)
    #expect(store.state.isQuitting)
  }

  @Test func readOnlyRefusesEveryChangeToTheListAndSaysWhy() {
    var readOnly = AppReducer.State.loaded(["x done", "two"])
    readOnly.file.isReadOnly = true
    let changes: [AppReducer.Action] = [
      .list(.todo(id: id(101), action: .toggleCompleteTapped)), .list(.deleteSelected), .list(.moveSelected(.down)),
      .list(.clearCompleted), .list(.undo), .list(.redo), .addTodo(.top), .editSelected, .pasteTodos("new"),
      .archiveCompleted,
    ]
    for action in changes {
      #expect(InputGate.verdict(on: action, in: readOnly) == .refuse("Read-only: another yaru has this file open"), "\(action)")
    }
    // What only changes the view is accepted; so is everything effects and timers send.
    for action: AppReducer.Action in [.list(.selectNext), .list(.cycleFilter), .startSearch, .toggleHelp, .list(.sinkCompletedTodos)] {
      #expect(InputGate.verdict(on: action, in: readOnly) == nil, "\(action)")
    }
    let store = store(readOnly)
    store.send(.list(.deleteSelected))
    #expect(store.state.list.todos.count == 2)
    #expect(store.state.flash == "Read-only: another yaru has this file open")
    store.cancelAllEffects()
  }
}
