import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Marks: a set of todos picked by hand (`m`) or by what the screen shows
/// (`M`), which the next change acts on as a whole (ListFeature+Batch.swift).
/// Kept by id, so a filter, a search or another order never drops them and
/// an outside change merged keeps them (merges keep ids); the door takes a
/// mark away only with its todo.
extension ListFeature.State {
  /// The marked todos' places in the file, in the file's order: the order
  /// a batch makes its changes in, whatever the screen's order.
  var markedIndices: [Int] {
    // Most of the list marked (`M`): one pass over it, already in order.
    guard marks.count > todos.count / 3 else { return marks.compactMap { todos.index(id: $0) }.sorted() }
    let span = todos.elements.span
    return span.indices.filter { marks.contains(span[$0].id) }
  }

  /// `m`: marks the selected todo (or unmarks it) and moves down, so a run
  /// of `m` marks a run of rows.
  mutating func toggleMark() {
    guard let id = selection else { return }
    if marks.remove(id) == nil { marks.insert(id) }
    moveSelection(by: 1)
  }

  /// `M`: marks every visible todo — what the filter and the search let
  /// through — so `/+errands` `M` `x` completes them all. On a screen whose
  /// todos are all marked already it unmarks them: `M` twice undoes `M`.
  mutating func markVisible() {
    let (visible, allMarked) = visibleIDs()
    guard !visible.isEmpty else {
      message = "Nothing to mark: no todo is shown"
      return
    }
    if allMarked {
      marks.subtract(visible)
    } else {
      marks.reserveCapacity(marks.count + visible.count)
      marks.formUnion(visible)
    }
  }

  /// The ids of the todos shown — which, not in which order: one pass in
  /// the file's order — and whether all of them are marked.
  private func visibleIDs() -> (ids: [UUID], allMarked: Bool) {
    var visible: [UUID] = []
    var allMarked = true
    let visibility = Visibility(self)
    let span = todos.elements.span
    for index in span.indices where visibility.test(span[index]) {
      let id = span[index].id
      visible.append(id)
      if allMarked, !marks.contains(id) { allMarked = false }
    }
    return (visible, allMarked)
  }

  /// The footer's `N marked`; nil with no marks.
  public var markedNote: String? {
    marks.isEmpty ? nil : "\(marks.count) marked"
  }
}
