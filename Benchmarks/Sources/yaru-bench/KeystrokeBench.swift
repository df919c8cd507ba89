import Architecture
import Foundation
import Terminal
import TodoModel
import TodoStorage
import Todos

/// The app's program loop as `yaru replay` runs it — keymap, store, effects
/// on virtual time, view, frame diff, the screen writer — holding `count`
/// todos in memory (no file, so no saves: those run on the I/O queue in the
/// real app, and have their own rows).
@MainActor
final class KeystrokeHarness {
  let scheduler = TestScheduler(now: Date(timeIntervalSince1970: 1_790_000_000))
  /// The I/O queue, apart: its work (a search's count) runs off the main
  /// queue in the app, so it is run after each timed key, untimed.
  let ioScheduler = TestScheduler(now: Date(timeIntervalSince1970: 1_790_000_000))
  let program: AppProgram
  var store: Store<AppReducer.State, AppReducer.Action> { program.store }
  let terminal: WriterTerminal

  init(count: Int, size: Size) {
    var environment = AppEnvironment.virtual(scheduler)
    environment.ioQueue = ioScheduler
    let list = TodoList(parsing: TodoFixtures.text(lines: count), makeID: environment.uuid)
    program = AppProgram(environment: environment, initialState: AppReducer.State.start(todos: list.todos, now: scheduler.now, utcOffset: .utc))
    terminal = WriterTerminal(size: size)
    program.show(on: terminal)
    program.start()
    press([])
  }

  /// Presses `keys` as the interactive session does: one batch through the
  /// keymap and the store, one frame, then the effects due at once.
  func press(_ keys: [Key]) {
    program.press(keys)
    scheduler.advance()
  }

  /// What the I/O queue has to do, done: untimed.
  func finishBackgroundWork() {
    ioScheduler.advance()
    scheduler.advance()
  }

  /// Times the background count of a search's matches over the whole list.
  func measureMatchCount(iterations: Int) -> Samples {
    var time = Samples()
    press(["g", "/"] + "pri:A-C -milk @home".map { .character($0) })
    finishBackgroundWork()
    for iteration in 0..<(iterations + iterations / 10) {
      press(iteration % 2 == 0 ? ["w"] : [.backspace])
      let elapsed = milliseconds { ioScheduler.advance() }
      if iteration >= iterations / 10 { time.add(elapsed) }
      scheduler.advance()
    }
    press([.escape, .escape])
    return time
  }

  /// Times `key` pressed `iterations` times; `before` and `after` run untimed
  /// around each press (to open the editor, or to clear a search).
  /// `settled`: the I/O queue's work for the keys `before` (a search's
  /// count) is done before the key, as it is when the keys come at a
  /// person's pace.
  func measure(
    _ key: Key, iterations: Int, before: @autoclosure () -> [Key] = [], settled: Bool = false, after: [Key] = [],
    between: Duration = .zero
  ) -> (time: Samples, cells: Samples) {
    var time = Samples(), cells = Samples()
    for iteration in 0..<(iterations + iterations / 10) {
      press(before())
      if settled { finishBackgroundWork() }
      terminal.resetCounters()
      let elapsed = milliseconds { press([key]) }
      if iteration >= iterations / 10 {  // the first tenth warms up
        time.add(elapsed)
        cells.add(Double(terminal.cellsWritten))
      }
      finishBackgroundWork()
      press(after)
      if between > .zero { scheduler.advance(by: between) }
    }
    return (time, cells)
  }

  /// The selection's row on screen.
  var selectedScreenRow: Int {
    let state = store.state
    return state.list.screenTodos(count: state.pageSize).firstIndex { $0.id == state.list.selection } ?? 0
  }

  /// Back to the first todo when the next move down would scroll (or hit the
  /// end), so that every timed move stays within the page.
  var keysToStayOnThePage: [Key] {
    let state = store.state
    let last = min(state.pageSize, state.list.todos.count) - 1
    return selectedScreenRow >= last ? ["g"] : []
  }

  /// To the bottom row of the page, so that the next move down scrolls.
  var keysToTheBottomRow: [Key] {
    let state = store.state
    if state.list.selection == state.list.lastVisible()?.id { return ["g"] + Array(repeating: "j", count: state.pageSize - 1) }
    return Array(repeating: "j", count: max(0, state.pageSize - 1 - selectedScreenRow))
  }

  /// Times every key of `keys`, typed `iterations` times over: a task made
  /// of several keys, each of which must answer at once.
  func measureEachKey(of keys: [Key], iterations: Int) -> (time: Samples, cells: Samples) {
    var time = Samples(), cells = Samples()
    for iteration in 0..<(iterations + iterations / 10) {
      for key in keys {
        terminal.resetCounters()
        let elapsed = milliseconds { press([key]) }
        if iteration >= iterations / 10 {
          time.add(elapsed)
          cells.add(Double(terminal.cellsWritten))
        }
      }
    }
    return (time, cells)
  }

  /// Cells written when nothing changed: rendering the same state again.
  func cellsForUnchangedState() -> Int {
    terminal.resetCounters()
    program.press([])
    return terminal.cellsWritten + terminal.presents
  }
}

@MainActor
func keystrokeRows(counts: [Int], sizes: [Size], only: String? = nil) -> [Row] {
  var rows: [Row] = []
  for count in counts {
    for size in sizes {
      let harness = KeystrokeHarness(count: count, size: size)
      let iterations = count >= 100_000 ? 200 : 1_000
      let label = "\(grouped(count)) todos \(size.columns)x\(size.rows)"
      let keys: [(String, () -> (time: Samples, cells: Samples))] = [
        ("move down", { harness.measure("j", iterations: iterations, before: harness.keysToStayOnThePage) }),
        ("move down, scrolling", { harness.measure("j", iterations: iterations, before: harness.keysToTheBottomRow) }),
        // After each toggle the clock passes the 1 s sort delay, untimed.
        ("toggle", { harness.measure("x", iterations: iterations, between: .seconds(1)) }),
        // The selected todo one place down in the file (and on screen).
        ("move a todo down: J", { harness.measure("J", iterations: iterations, before: harness.keysToStayOnThePage) }),
        ("add: a, m, i, l, k, Enter (each key)", { harness.measureEachKey(of: ["a", "m", "i", "l", "k", .enter], iterations: iterations / 5) }),
        ("search: one letter", { harness.measure("w", iterations: iterations, before: ["g", "/"], after: [.escape, .escape]) }),
        // The worst case: the list is read all the way down to the selection.
        ("search: one letter, last todo selected", { harness.measure("w", iterations: iterations, before: ["G", "/"], after: [.escape, .escape]) }),
        // A query of every kind of word, then one more letter.
        ("query search: pri:A-C -milk @home, one letter", {
          harness.measure("w", iterations: iterations, before: ["g", "/"] + "pri:A-C -milk @home ".map { .character($0) }, after: [.escape, .escape])
        }),
        // The same, typed at a person's pace: the count of the search so far
        // is back, and the todos it kept out are not read again.
        // A word few todos have (`Task 4242`: 11 of 100,000): no page fills,
        // and the search reads the whole list, more than once, at each key…
        ("search: a rare word, one letter", {
          harness.measure("2", iterations: iterations, before: ["g", "/"] + "Task 424".map { .character($0) }, after: [.escape, .escape])
        }),
        // …unless the count of the search so far is back (`QueryMisses`).
        ("search, its count back: a rare word, one letter", {
          harness.measure("2", iterations: iterations, before: ["g", "/"] + "Task 424".map { .character($0) }, settled: true, after: [.escape, .escape])
        }),
        // A search in force (Enter), its count back: `j` right after a
        // delete, before the I/O queue runs. The runs of bytes are kept by
        // slot through the delete; kept by place, they were let go, and
        // the move read every todo (~9 ms at 100,000).
        ("search in force, just after a delete: move down", {
          harness.press(["g", "/"] + "Task 424".map { .character($0) } + [.enter])
          harness.finishBackgroundWork()
          defer { harness.press([.escape, .escape]) }
          return harness.measure("j", iterations: iterations, before: ["d"], after: ["u"])
        }),
        // …and one more letter of it, typed right after the delete: the
        // search so far is no help (its misses are by place), the runs are.
        ("search in force, just after a delete: one more letter", {
          harness.press(["g", "/"] + "Task 424".map { .character($0) } + [.enter])
          harness.finishBackgroundWork()
          defer { harness.press([.escape, .escape]) }
          return harness.measure("2", iterations: iterations, before: ["d", "/"], after: [.backspace, .enter, "u"])
        }),
        ("query search, its count back: pri:A-C -milk @home, one letter", {
          harness.measure(
            "w", iterations: iterations, before: ["g", "/"] + "pri:A-C -milk @home ".map { .character($0) }, settled: true,
            after: [.escape, .escape]
          )
        }),
        // A change in a sorted order: the todo takes its new place there.
        ("by due date: toggle", {
          harness.press(["s", "s"])
          defer { harness.press(Array(repeating: "s", count: ListOrder.allCases.count - 2)) }
          return harness.measure("x", iterations: iterations, between: .seconds(1))
        }),
        ("by due date: postpone >", {
          harness.press(["s", "s"])
          defer { harness.press(Array(repeating: "s", count: ListOrder.allCases.count - 2)) }
          return harness.measure(">", iterations: iterations)
        }),
        ("move down, by priority", {
          harness.press(["s"])
          defer { harness.press(["s", "s"]) }
          return harness.measure("j", iterations: iterations, before: harness.keysToStayOnThePage)
        }),
        // In the agenda (s three times): moving over headings, and changes
        // the door places without sorting the list again.
        ("agenda: move down", {
          harness.press(["s", "s", "s"])
          defer { harness.press(["s"]) }
          return harness.measure("j", iterations: iterations, before: harness.keysToStayOnThePage)
        }),
        ("agenda: toggle", {
          harness.press(["s", "s", "s"])
          defer { harness.press(["s"]) }
          return harness.measure("x", iterations: iterations, between: .seconds(1))
        }),
        ("agenda: postpone >", {
          harness.press(["s", "s", "s"])
          defer { harness.press(["s"]) }
          return harness.measure(">", iterations: iterations)
        }),
        ("agenda: page down", {
          harness.press(["s", "s", "s"])
          defer { harness.press(["s"]) }
          return harness.measure(.pageDown, iterations: iterations, before: harness.keysToStayOnThePage)
        }),
        ("agenda: undo", {
          harness.press(["s", "s", "s"])
          defer { harness.press(["s"]) }
          return harness.measure("u", iterations: iterations, before: ["p"])
        }),
        // Each press sorts the whole list again (manual → priority → due date → agenda).
        ("sort: s", { harness.measure("s", iterations: iterations / 10 * 3) }),
        // Task 2 recurs: completing it adds the next one; undone between presses.
        ("complete a recurring todo", {
          harness.measure("x", iterations: iterations, before: ["g", "j"], after: ["u"], between: .seconds(1))
        }),
        // …and `u`: the completion undone, the todo it brought taken away.
        ("undo a recurring todo's completion", {
          harness.measure("u", iterations: iterations, before: ["g", "j", "x"], between: .seconds(1))
        }),
      ]
      for (name, run) in keys where !(name.contains("scrolling") && count <= harness.store.state.pageSize) {
        if let only, !name.hasPrefix(only) { continue }
        let (time, cells) = run()
        // Issue 29: p99 < 1 ms in every order at 100,000 too (issue 7 asked 5 ms there).
        let limit = 1.0
        let target = count >= 10_000 ? verdict("p99 < \(Int(limit)) ms", time.p99 < limit) : ""
        rows.append(Row(
          name: "key \(name), \(label)", p50: format(ms: time.p50), p99: format(ms: time.p99),
          cells: "\(Int(cells.p50)) · \(Int(cells.p99))", target: target
        ))
      }
      if only == nil || "search count".hasPrefix(only!) {
        let count = harness.measureMatchCount(iterations: iterations / 5)
        rows.append(Row(
          name: "search count: pri:A-C -milk @home, all matches (I/O queue), \(label)", p50: format(ms: count.p50),
          p99: format(ms: count.p99), cells: "", target: ""
        ))
      }
      let unchanged = harness.cellsForUnchangedState()
      rows.append(Row(
        name: "render an unchanged state, \(label)", p50: "", p99: "", cells: "\(unchanged)",
        target: verdict("0 cells", unchanged == 0)
      ))
    }
  }
  return rows
}
