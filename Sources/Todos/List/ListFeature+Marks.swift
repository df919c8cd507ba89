import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Marks: a set of todos picked by hand (`m`) or by what the screen shows
/// (`M`), which the next change acts on as a whole (ListFeature+Batch.swift).
/// Kept by the todos' places in the file (Marks.swift), which follow every
/// change the door makes: a filter, a search or another order never drops
/// them, an outside change merged keeps them (by id), and a mark leaves
/// only with its todo.
extension ListFeature.State {
  /// The marked todos' places in the file, in the file's order: the order
  /// a batch makes its changes in, whatever the screen's order.
  var markedIndices: [Int] { marks.indices }

  /// `m`: marks the selected todo (or unmarks it) and moves down, so a run
  /// of `m` marks a run of rows.
  mutating func toggleMark() {
    guard let id = selection, let index = todos.index(id: id) else { return }
    marks.toggle(index)
    moveSelection(by: 1)
  }

  /// `M`: marks every visible todo — what the filter and the search let
  /// through — so `/+errands` `M` `x` completes them all. On a screen whose
  /// todos are all marked already it unmarks them: `M` twice undoes `M`.
  mutating func markVisible() {
    let visible = visibleMarks()
    guard !visible.isEmpty else {
      message = "Nothing to mark: no todo is shown"
      return
    }
    if marks.contains(all: visible) {
      marks.subtract(visible)
    } else {
      marks.formUnion(visible)
    }
  }

  /// The todos shown, as marks: one pass in the file's order, a flag each.
  private func visibleMarks() -> Marks {
    let visibility = Visibility(self)
    let span = todos.elements.span
    var visible = Marks.Builder(capacity: span.count)
    for index in span.indices { visible.append(visibility.test(span, at: index)) }
    return visible.marks
  }

  /// The footer's `N marked`; nil with no marks.
  public var markedNote: String? {
    marks.isEmpty ? nil : "\(marks.count) marked"
  }

  /// Makes `change` on the list, the marks following their todos: by
  /// index, or for a list replaced whole, by id (a todo another program
  /// deleted loses its mark). What the door does with each change.
  mutating func make(_ change: ListChange) {
    if case .replaceAll = change {
      keepingMarks { change.apply(to: &$0.todos) }
    } else {
      change.apply(to: &todos)
      marks.follow(change)
    }
  }

  /// Runs `body`, which changes the list without saying where its todos go
  /// (a list replaced whole, undo's hunks), and carries the marks over by
  /// id: each marked todo, found again, is marked where it is now. With no
  /// marks, the common case, it costs nothing.
  mutating func keepingMarks<Result>(_ body: (inout Self) -> Result) -> Result {
    guard !marks.isEmpty else { return body(&self) }
    let marked = marks.ids(in: todos)
    marks = Marks()
    let result = body(&self)
    marks = Marks(ids: marked, in: todos)
    return result
  }
}
