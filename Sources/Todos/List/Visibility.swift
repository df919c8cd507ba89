import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Whether a todo shows under the filter and the search (the todo being
/// edited always does), and which part of the screen's order it is in, with
/// the search prepared once for a whole scan.
struct Visibility: Sendable {
  let filter: Filter
  let query: SearchQuery?
  let editing: UUID?
  let unsunk: IDSet
  /// The day thresholds are compared with; nil when hidden todos show.
  let hidingOn: Day?
  /// Next occurrences of recurring todos completed since the last sink:
  /// they show from the sink on, so that until then `j` and `x` go on to
  /// the todos that were there.
  let arriving: Set<UUID>
  /// For `is:blocked`.
  let dependencies: Dependencies
  /// Todos an earlier search kept out that this one keeps out too, by
  /// their places in the list: passed without reading them.
  let knownMisses: QueryMisses?
  /// Each todo's runs of bytes by its slot, while the search has words
  /// whose runs a todo must have (`SearchQuery.neededGrams`): one that
  /// lacks them is a known miss too. Nil when not.
  let lineGrams: [ByteGrams]?
  /// Each todo's slot, in the list's order: where its runs are.
  let slots: [Int32]
  let neededGrams: ByteGrams
  /// Where the todo being edited is, when there are known misses (it
  /// shows, missed or not).
  let editingIndex: Int?

  /// Borrows the state: a copy of it (made at every scan) cost more than
  /// the test of a screen of todos.
  /// `usingMisses`: false for a todo read alone, not at its place in the list.
  init(_ state: borrowing ListFeature.State, usingMisses: Bool = true) {
    filter = state.filter
    let today = state.shown.today
    hidingOn = state.showsHidden ? nil : today
    let search = state.shown.query.isEmpty ? nil : SearchQuery(state.shown.query, today: today)
    let query = search?.isEmpty == false ? search : nil
    // Worked out in locals: read back from `self` here, the whole value was copied.
    let misses = usingMisses ? query.flatMap { query in state.knownMisses?.valid(for: query, listVersion: state.listVersion) } : nil
    // Read only under a search: a move's scans set up nothing more.
    var grams: [ByteGrams]?, needed = ByteGrams(), slots: [Int32] = []
    if usingMisses, let query, !query.neededGrams.isEmpty, let kept = state.lineGrams, kept.fits(state.todos) {
      (grams, needed, slots) = (kept.grams, query.neededGrams, state.todos.slots)
    }
    self.query = query
    knownMisses = misses
    lineGrams = grams
    self.slots = slots
    neededGrams = needed
    editing = state.shown.editing
    editingIndex = misses == nil && grams == nil ? nil : state.shown.editing.flatMap { state.todos.index(id: $0) }
    unsunk = state.unsunk
    arriving = Self.arrivals(state)
    dependencies = state.dependencies
  }

  /// The todos brought by the recurring todos completed since the last sink.
  static func arrivals(_ state: ListFeature.State) -> Set<UUID> {
    guard !state.unsunk.isEmpty, !state.recurrences.isEmpty else { return [] }
    var ids = Set<UUID>()
    // The smaller of the two is read; the todo is looked up last (a whole
    // batch of toggles is in `unsunk`, and this runs for every scan).
    if state.recurrences.count < state.unsunk.count {
      for (id, next) in state.recurrences where state.unsunk.contains(id) && state.isComplete(id) { ids.insert(next) }
    } else {
      for id in state.unsunk {
        if let next = state.recurrences[id], state.isComplete(id) { ids.insert(next) }
      }
    }
    return ids
  }

  /// The todo at `index` of `todos`, read in place: given the todo itself,
  /// a scan copied each one (its text retained and released) to hand it
  /// to the search in another module.
  func test(_ todos: Span<Todo.State>, at index: Int) -> Bool {
    test(todos, at: index, searched: nil)
  }

  /// `searched`: the search's verdict on the todo when it is made already
  /// (the count of matches makes it for every todo).
  @inline(__always)
  func test(_ todos: Span<Todo.State>, at index: Int, searched: Bool?) -> Bool {
    !isKnownMiss(index) && testReading(todos, at: index, searched: searched)
  }

  /// `test` of a todo known not to be a known miss (the walk asks that
  /// first, before it reads the todo): the todo read.
  @inline(__always)
  func testReading(_ todos: Span<Todo.State>, at index: Int, searched: Bool? = nil) -> Bool {
    let todo = todos[index]
    if todo.id == editing { return true }
    guard !todo.isBlankLine, filter.includes(isComplete: todo.isComplete) else { return false }
    if !arriving.isEmpty, arriving.contains(todo.id) { return false }
    if let hidingOn, todo.hiding.hides(on: hidingOn) { return false }
    guard let query else { return true }
    return searched ?? query.matches(todos, at: index, dependencies)
  }

  /// Whether any todo is known to be missed unread.
  var hasKnownMisses: Bool { knownMisses != nil || lineGrams != nil }

  /// Whether the todo at `index` is one an earlier search kept out, or
  /// one without the runs of this one's words, and so hidden: told
  /// without reading it.
  @inline(__always)
  func isKnownMiss(_ index: Int) -> Bool {
    if let knownMisses, knownMisses.contains(index) { return index != editingIndex }
    if let lineGrams, !lineGrams[Int(slots[index])].covers(neededGrams) { return index != editingIndex }
    return false
  }

  /// The nearest index at or after `index` (at or before it, `backward`)
  /// that may show: the known misses between are passed over unread, in
  /// a loop that reads nothing else.
  func nearestPossible(from index: Int, backward: Bool) -> Int {
    guard hasKnownMisses else { return index }
    let step = backward ? -1 : 1
    let kept = lineGrams ?? []
    let grams = kept.span, slots = slots.span
    var next = index
    while true {
      if let knownMisses { next = knownMisses.nearestNotMissed(from: next, backward: backward) }
      guard next >= 0, next < slots.count, !grams[Int(slots[next])].covers(neededGrams) else { break }
      repeat { next += step } while next >= 0 && next < slots.count && !grams[Int(slots[next])].covers(neededGrams)
      if knownMisses == nil { break }
    }
    guard let editingIndex else { return next }
    let passed = backward ? editingIndex > next && editingIndex <= index : editingIndex >= index && editingIndex < next
    return passed ? editingIndex : next
  }

  /// The search's verdict on the todo at `index`: a known miss is not read.
  @inline(__always)
  func search(_ todos: Span<Todo.State>, at index: Int) -> Bool {
    guard let query else { return true }
    if isKnownMiss(index) { return false }
    return query.matches(todos, at: index, dependencies)
  }

  /// Whether the todo shows among the completed ones, below the active:
  /// it is complete, unless its completion changed since the last sink.
  @inline(__always)
  func isSunk(_ todo: borrowing Todo.State) -> Bool {
    guard !unsunk.isEmpty else { return todo.isComplete }
    return todo.isComplete != unsunk.contains(todo.id)
  }
}
