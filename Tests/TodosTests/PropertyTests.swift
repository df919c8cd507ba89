import Architecture
import Foundation
import IdentifiedCollections
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// The same seed gives the same run.
typealias SeededGenerator = SplitMix64

@MainActor
struct PropertyTests {
  /// Keys a person might press, through the real keymap; typing keys are
  /// repeated so edits get some text.
  static let keys: [Key] = [
    "j", "k", "g", "G", .pageDown, .pageUp, "a", "o", "O", "e", .enter, "x", " ", "d", "J", "K",
    "p", "f", "C", "/", "u", "u", .control("r"), "t", "?", .escape, .backspace, .left, .control("w"),
    "b", "牛", "👍🏽", "e\u{301}", " ", "m", .enter, .enter, "M", ".", ">", "<",
  ]

  @Test func randomSessionsKeepTheSelectionVisibleLoseNothingAndUndoToTheStart() {
    var generator = SeededGenerator(state: 20_261_121)
    var withLineGrams = 0
    for session in 0..<1_000 {
      runSession(session, &generator, withLineGrams: &withLineGrams)
    }
    // The screen is checked against the rule without them: searches that
    // pass todos over by their runs of bytes (`LineGrams`) are among the steps.
    #expect(withLineGrams > 1_000)
  }

  private func runSession(_ session: Int, _ generator: inout SeededGenerator, withLineGrams: inout Int) {
    let scheduler = TestScheduler(now: startDate)
    let count = Int.random(in: 0...6, using: &generator)
    // As a file holds them: a completed todo keeps no priority of its own.
    let initial = IdentifiedArray(uniqueElements: (0..<count).map { n in
      let isComplete = Bool.random(using: &generator), hasPriority = Bool.random(using: &generator)
      return Todo.State(id: id(1_000 + n), text: "todo \(n)", isComplete: isComplete,
                        priority: hasPriority && !isComplete ? "B" : nil)
    })
    let store = Store(
      initialState: AppReducer.State(todos: initial, now: startDate),
      reducer: AppReducer(environment: .virtual(scheduler))
    )
    store.send(.screenResized(Size(columns: 80, rows: 6)))
    var removedByUser: Set<UUID> = []
    for step in 0..<40 {
      if Int.random(in: 0..<6, using: &generator) == 0 {
        scheduler.advance(by: .milliseconds(Int.random(in: 100...1_500, using: &generator)))
        continue
      }
      let key = Self.keys.randomElement(using: &generator)!
      guard let action = Keymap.action(for: key, in: store.state) else { continue }
      let before = store.state
      store.send(action)
      let after = store.state
      let context = Comment(rawValue: "session \(session) step \(step): \(action)")

      // What the door keeps beside the list is what the whole list gives.
      #expect(after.list.activeTodos == ActiveCount(after.list.todos), context)
      #expect(after.list.dependencies.openParts == Dependencies(after.list.todos).openParts, context)
      if let grams = after.list.lineGrams {
        #expect(grams.inOrder(of: after.list.todos) == LineGrams(after.list.todos).inOrder(of: after.list.todos), context)
        withLineGrams += 1
      }
      // The selection names a visible todo, or none only when none is visible.
      if let selected = after.list.selectedTodo {
        #expect(after.list.isVisible(selected), context)
      } else {
        #expect(after.list.selection == nil && after.list.visibleTodos.isEmpty, context)
      }

      // The screen (visible todos from the place scrollTop on, in the
      // screen's order) shows the selection, is full when enough todos are
      // visible, and moved the least: the rule stated plainly over the whole
      // list, against the app's short cuts.
      let order = after.list.todos.indices.filter { after.list.isVisible(after.list.todos[$0]) }.map { after.list.position(of: $0) }.sorted()
      let selected = after.list.selection.flatMap { after.list.todos.index(id: $0) }.map { after.list.position(of: $0) }
      var expectedTop = before.list.scrollTop
      if let selected {
        if selected < expectedTop {
          expectedTop = selected
        } else {
          let rowsToSelection = order.filter { $0 >= expectedTop && $0 <= selected }
          if rowsToSelection.count > after.pageSize { expectedTop = rowsToSelection[rowsToSelection.count - after.pageSize] }
        }
      }
      if order.filter({ $0 >= expectedTop }).count < after.pageSize {
        expectedTop = order.count < after.pageSize ? .start : order[order.count - after.pageSize]
      }
      #expect(after.list.scrollTop == expectedTop, context)
      let screen = order.filter { $0 >= after.list.scrollTop }.prefix(after.pageSize)
      if let selected { #expect(screen.contains(selected), context) }
      #expect(after.list.screenTodos(count: after.pageSize).map(\.id) == screen.map { after.list.todos[$0.index].id }, context)

      // The file's order changes only by adding, moving and deleting: the
      // todos in both lists are in the same order unless the action moved one.
      if ![.list(.moveSelected(.up)), .list(.moveSelected(.down)), .list(.undo), .list(.redo)].contains(action) {
        let kept = Set(before.list.todos.ids).intersection(after.list.todos.ids)
        #expect(before.list.todos.ids.filter(kept.contains) == after.list.todos.ids.filter(kept.contains), context)
      }

      // A todo leaves the list only by delete, clear, or undoing/dropping an add.
      let removed = Set(before.list.todos.ids).subtracting(after.list.todos.ids)
      let newTodo: UUID? = if case .editing(let editing) = before.mode, editing.isNew { editing.id } else { nil }
      switch action {
      case .list(.act(.delete)), .list(.repeatLastChange):
        // The selected todo, or with marks the marked ones (`.`: after a `d`).
        let deletes = action == .list(.act(.delete)) || before.list.lastChange == .delete
        let inHand = Set(before.list.marks.isEmpty ? [before.list.selection].compactMap { $0 } : before.list.marks.ids(in: before.list.todos))
        #expect(removed.isSubset(of: deletes ? inHand : []), context)
      case .list(.clearCompleted):
        #expect(removed.allSatisfy { before.list.todos[id: $0]!.isComplete }, context)
      case .commitEdit, .cancelEdit, .interrupt:
        #expect(removed.isSubset(of: [newTodo].compactMap { $0 }), context)
      case .list(.undo):
        #expect(removed.allSatisfy { !initial.ids.contains($0) || removedByUser.contains($0) }, context)
      case .list(.redo):
        #expect(removed.isSubset(of: removedByUser), context)
      default:
        #expect(removed.isEmpty, context)
      }
      if [.list(.act(.delete)), .list(.repeatLastChange), .list(.clearCompleted)].contains(action) { removedByUser.formUnion(removed) }
    }
    // Finish any edit, let the sort happen, then undo everything.
    if case .editing = store.state.mode { store.send(.cancelEdit) }
    if store.state.mode != .list { store.send(.toggleHelp) }
    if store.state.mode != .list { store.send(.commitSearch) }
    scheduler.advance(by: .seconds(2))
    while store.state.list.history.canUndo { store.send(.list(.undo)) }
    #expect(store.state.list.todos == initial, "session \(session): undoing everything returns the initial list")
    store.cancelAllEffects()
  }
}

/// What is typed is todo.txt: a committed line is exactly what loading the
/// saved file gives back, todo for todo and on screen.
@MainActor
struct TypedLineTests {
  static let tokens = [
    "x", "x ", "(A) ", "(b) ", "(Z)", "2026-01-01 ", "2026-13-01 ", "2026-02-03", "pri:A", "due:2026-02-03",
    "+p", "@c", "word", "牛乳", "👍🏽", " ", "  ", "key:value", ":", "(",
  ]

  @Test func aCommittedLineShowsExactlyAsItsReloadedFile() {
    var generator = SplitMix64(state: 20_261_123)
    var refused = 0
    for round in 0..<2_000 {
      let line = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Self.tokens.randomElement(using: &generator)! }.joined()
      let scheduler = TestScheduler(now: startDate)
      let isNew = Bool.random(using: &generator)
      let store = Store(
        initialState: AppReducer.State(todos: TodoList(parsing: "(C) 2025-12-31 old\n", makeID: { id(101) }).todos, now: startDate),
        reducer: AppReducer(environment: .virtual(scheduler))
      )
      if isNew {
        store.send(.addTodo(.below))
      } else {
        store.send(.editSelected)
        store.send(.editor(.deleteToStart))
      }
      store.send(.editor(.insert(line)))
      store.send(.commitEdit)
      let context = Comment(rawValue: "round \(round): typed \"\(line)\" (\(isNew ? "new" : "edit"))")
      if DateShortcut.firstNonDate(in: line, today: startDay) != nil {
        // A due: that is no date is not committed: the line stays open (BadDateTests).
        #expect(store.state.editRefusal != nil, context)
        refused += 1
        store.cancelAllEffects()
        continue
      }
      let committed = store.state
      let saved = TodoList(todos: committed.list.todos).formatted()
      var ids = committed.list.todos.ids.makeIterator()
      var reloaded = AppReducer.State(todos: TodoList(parsing: saved, makeID: { ids.next()! }).todos, now: startDate)
      reloaded.list.selection = committed.list.selection
      #expect(reloaded.list.todos == committed.list.todos, context)
      let size = Size(columns: 60, rows: 8)
      #expect(AppView.render(reloaded, size).lines.dropLast() == AppView.render(committed, size).lines.dropLast(), context)
      for todo in committed.list.todos {
        #expect(TodoTxt.parse(TodoTxt.format(todo)[...], id: todo.id) == todo, context)
      }
      store.cancelAllEffects()
    }
    #expect(refused < 1_000, "most lines are committed: \(refused) refused")
  }
}
