import Foundation
import Replay
import Terminal
import Testing
import TodoModel
import Todos

@MainActor
struct ReplayRunnerTests {
  let start = Date(timeIntervalSince1970: 1_767_258_000)

  private func run(_ text: String, size: Size = Size(columns: 80, rows: 24)) throws -> (ReplayRunner.Outcome, String) {
    var printed = ""
    let runner = ReplayRunner(size: size, now: start, utcOffset: .utc, file: nil) { printed += $0 }
    try runner.start()
    let outcome = runner.run(try ReplayScript(parsing: text, name: "t.yaru"))
    try runner.finish()
    return (outcome, printed)
  }

  /// A folder where no file can be made, even by root: the script used to
  /// pass with its change unsaved.
  @Test func aChangeThatCouldNotBeSavedFailsTheRun() throws {
    let runner = ReplayRunner(size: Size(columns: 80, rows: 24), now: start, utcOffset: .utc, file: "/proc/self/todo.txt") { _ in }
    try runner.start()
    #expect(runner.run(try ReplayScript(parsing: "press a\ntype lost?\npress Enter\n", name: "t.yaru")) == .passed)
    #expect(throws: ReplayError.self) { try runner.finish() }
  }

  /// A line longer than the screen scrolls so its end and the cursor show;
  /// finding where to start used to rescan the text per dropped character,
  /// so 2,000 characters took minutes.
  @Test func aLongTypedLineShowsItsEnd() throws {
    let (outcome, _) = try run("press a\ntype " + String(repeating: "あ", count: 2_000) + "END\nexpect あEND\npress Enter\n")
    #expect(outcome == .passed)
  }

  @Test func anExpectScreenBlockFailsWithARowDiffOrIsRecordedForUpdate() throws {
    let text = "press a\ntype milk\npress Enter\nexpect-screen\n| yaru  [All]…\n| [ ] eggs\nend\n"
    let (outcome, _) = try run(text)
    #expect(outcome == .failed("""
      t.yaru:4: expect-screen: the screen differs (- expected, + shown)
        | yaru  [All] Active  Completed                                            09:00
      - | [ ] eggs
      + | [ ] milk
      """))
    let runner = ReplayRunner(size: Size(columns: 30, rows: 6), now: start, utcOffset: .utc, file: nil) { _ in }
    runner.isUpdating = true
    try runner.start()
    #expect(runner.run(try ReplayScript(parsing: text, name: "t.yaru")) == .passed)
    #expect(runner.updates == [4: [" [All] Active  Completed", " [ ] milk", "", "", "", " 1 item left · in memory"]])
    try runner.finish()
  }

  /// Styles come from the cells the renderer drew: the selected row is
  /// reversed, a project cyan, the count bold; a wrong style says what it is.
  @Test func expectStyleReadsTheCellsStyles() throws {
    let typed = "press a\ntype Call mom +family\npress Enter\n"
    #expect(try run(typed + "expect-style Call mom reverse\nexpect-style +family cyan+reverse\nexpect-style 1 item left bold\n").0 == .passed)
    let (outcome, _) = try run(typed + "expect-style 1 item left plain\n")
    guard case .failed(let message) = outcome else { Issue.record("a plain expectation of bold text passed"); return }
    #expect(message.hasPrefix("t.yaru:4: expect-style 1 item left plain\nexpected 1 item left drawn plain, but a cell of it is bold\n"))
  }

  @Test func screenStyledMarksEachStyledRow() throws {
    let (_, printed) = try run("press a\ntype milk\npress Enter\nscreen styled\n")
    let rows = printed.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[2] == " [ ] milk")
    #expect(rows[3] == "aaaaaaaaa  a=reverse", "the selected row, reversed over its text")
  }

  /// `--trace`: each script line, then the actions it caused at their
  /// virtual time (the sink's a second later) with the state they changed.
  @Test func theTraceShowsEachLinesActionsAtTheirVirtualTime() throws {
    var trace = ""
    let runner = ReplayRunner(size: Size(columns: 40, rows: 8), now: start, utcOffset: .utc, file: nil, trace: { trace += $0 }) { _ in }
    try runner.start()
    _ = runner.run(try ReplayScript(parsing: "press a\ntype ok\npress Enter x\nwait 1s\n", name: "t.yaru"))
    let headlines = trace.split(separator: "\n").filter { $0.hasPrefix("t.yaru:") || $0.hasPrefix("  at +") || $0.hasPrefix("  Todos.") }
    let afterWait = headlines.drop { $0 != "t.yaru:4: wait 1s" }.prefix(5)
    // The clock ticks at the minute: within the second, only the sink.
    #expect(Array(afterWait) == [
      "t.yaru:4: wait 1s",
      "  at +1000 ms, received action:", "  Todos.AppReducer.Action.list(Todos.ListFeature.Action.sinkCompletedTodos)",
    ])
    #expect(trace.contains("+         - isComplete: true"), "the toggle's state change, as a diff")
    // A part of the state kept in a box (`CopyOnWrite`) dumps as it did unboxed.
    #expect(!trace.contains("▿ _") && !trace.contains("- _"), "named as the code names it, not as the wrapper's storage")
    #expect(trace.contains("+   ▿ mode: Todos.AppReducer.Mode.editing"), "a case with a payload, headed by its name")
    #expect(trace.contains("+   - mode: Todos.AppReducer.Mode.list"), "a case without one")
    try runner.finish()
  }

  @Test func aFailedExpectationSaysWhereAndShowsTheScreen() throws {
    let (outcome, _) = try run("press a\ntype milk\npress Enter\nexpect eggs\nexpect never reached\n")
    guard case .failed(let message) = outcome else {
      Issue.record("expected a failure")
      return
    }
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "t.yaru:4: expect eggs")
    #expect(lines[1] == "expected on the screen: eggs")
    #expect(lines[2] == "screen (80x24):")
    #expect(lines[4] == " 2 │ [ ] milk")
  }

  @Test func screenPrintsRowsAndARule() throws {
    let (outcome, printed) = try run("screen\n", size: Size(columns: 30, rows: 6))
    #expect(outcome == .passed)
    #expect(printed == """
       [All] Active  Completed
       No todos yet — press a to ad…



       0 items left · in memory
      ------------------------------

      """)
  }

  @Test func timeOnlyMovesWhenTheScriptWaits() throws {
    let (outcome, _) = try run("""
      expect 09:00
      wait 59s
      expect 09:00
      wait 1s
      expect 09:01
      press a
      type x
      press Enter x
      wait 999ms
      expect [x] x
      """)
    #expect(outcome == .passed)
  }
}
