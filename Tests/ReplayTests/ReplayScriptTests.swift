import Foundation
import Replay
import Terminal
import Testing
import TodoModel

struct ReplayScriptTests {
  @Test func parsesEveryCommand() throws {
    let script = try ReplayScript(parsing: """
      # a comment

      type Buy milk 🥛
      press a Enter Ctrl-R Space F5 j
      wait 250ms
      wait 1.5s
      wait 2m
      resize 40x10
      expect [x] Buy milk
      expect-not gone
      expect-order "A \\"quoted\\"" "B\\\\"
      expect-selected Buy
      screen
      """, name: "t.yaru")
    #expect(script.lines.map(\.command) == [
      .type("Buy milk 🥛"),
      .press(["a", .enter, .control("r"), " ", .function(5), "j"]),
      .wait(.milliseconds(250)), .wait(.milliseconds(1_500)), .wait(.seconds(120)),
      .resize(Size(columns: 40, rows: 10)),
      .expect("[x] Buy milk"), .expectNot("gone"), .expectOrder(["A \"quoted\"", "B\\"]),
      .expectSelected("Buy"), .screen,
    ])
    #expect(script.lines.first?.number == 3)
  }

  /// `outside` changes the todo file as another program would.
  @Test func outsideChangesTheFirstLineHoldingTheText() throws {
    let script = try ReplayScript(parsing: "outside append four\noutside replace \"t w\" new two\noutside delete one\n", name: "s")
    #expect(script.lines.map(\.command) == [
      .outside(.append("four")), .outside(.replace("t w", with: "new two")), .outside(.delete("one")),
    ])
    #expect(OutsideChange.replace("t w", with: "new two").applied(to: "one\nt wo\n") == "one\nnew two\n")
    #expect(OutsideChange.delete("one").applied(to: "one\ntwo\n") == "two\n")
    #expect(OutsideChange.append("b").applied(to: "a") == "a\nb\n")
    #expect(OutsideChange.delete("zzz").applied(to: "a\n") == nil)
    #expect(throws: ReplayError.self) { try ReplayScript(parsing: "outside move a\n", name: "s") }
  }

  @Test func typeKeepsTheRestOfTheLineVerbatim() throws {
    let script = try ReplayScript(parsing: "type  two spaces and a trailing one \ntype \u{301}\r\n", name: "-")
    #expect(script.lines.map(\.command) == [.type(" two spaces and a trailing one "), .type("\u{301}")])
  }

  @Test(arguments: [
    ("jump", "t.yaru:1: unknown command `jump` (commands: type, press, paste, click, wheel, wait, resize, expect, expect-not, expect-order, expect-selected, expect-screen, expect-style, screen, outside, restart)"),
    ("expect-screen\n| a\n", "t.yaru:1: `expect-screen` is not closed by `end`"),
    ("restart now", "t.yaru:1: `restart` takes nothing after it"),
    ("expect-style bold", "t.yaru:1: `expect-style` needs a text and a style such as bold+red, reverse or plain, not `bold`"),
    ("expect-style milk bold+sparkly", "t.yaru:1: `expect-style` needs a text and a style such as bold+red, reverse or plain, not `milk bold+sparkly`"),
    ("expect-style milk red+blue", "t.yaru:1: `expect-style` needs a text and a style such as bold+red, reverse or plain, not `milk red+blue`"),
    ("screen now", "t.yaru:1: `screen` takes nothing after it, or `styled`"),
    ("paste a\\tb", "t.yaru:1: in `paste` only \\n and \\\\ may follow a backslash"),
    ("press Alt-Enter", "t.yaru:1: unknown key `Alt-Enter`"),
    ("click 0 3", "t.yaru:1: `click` needs a column and a row, counted from 1, such as `click 5 2`, not `0 3`"),
    ("click 5", "t.yaru:1: `click` needs a column and a row, counted from 1, such as `click 5 2`, not `5`"),
    ("wheel left", "t.yaru:1: `wheel` needs up or down, not `left`"),
    ("press a\nexpect-screen\n| a\nexpect b\nend", "t.yaru:4: inside `expect-screen` each row starts with `|`, and `end` closes it"),
    ("press Foo", "t.yaru:1: unknown key `Foo`"),
    ("press", "t.yaru:1: `press` needs at least one key"),
    ("wait 5", "t.yaru:1: `wait` needs a duration such as 250ms, 1s, 1.5s or 2m, up to 60m, not `5`"),
    ("wait -1s", "t.yaru:1: `wait` needs a duration such as 250ms, 1s, 1.5s or 2m, up to 60m, not `-1s`"),
    // These trapped (an Int64 overflow) or ran for hours of virtual ticks.
    ("wait 99999999999m", "t.yaru:1: `wait` needs a duration such as 250ms, 1s, 1.5s or 2m, up to 60m, not `99999999999m`"),
    ("wait 9000000000s", "t.yaru:1: `wait` needs a duration such as 250ms, 1s, 1.5s or 2m, up to 60m, not `9000000000s`"),
    ("wait 61m", "t.yaru:1: `wait` needs a duration such as 250ms, 1s, 1.5s or 2m, up to 60m, not `61m`"),
    ("resize 80*24", "t.yaru:1: `resize` needs COLSxROWS such as 80x24, not `80*24`"),
    ("expect-order \"only one\"", "t.yaru:1: `expect-order` needs at least two quoted texts"),
    ("expect-order \"open", "t.yaru:1: a quoted text is not closed"),
    ("expect", "t.yaru:1: `expect` needs something after it"),
  ])
  func malformedLinesSayWhereAndWhat(line: String, message: String) {
    #expect(throws: ReplayError(message)) { try ReplayScript(parsing: line, name: "t.yaru") }
  }

  @Test func theLineNumberCountsBlankAndCommentLines() {
    #expect(throws: ReplayError("s:4: unknown key `Nope`")) {
      try ReplayScript(parsing: "# c\n\npress a\npress Nope\n", name: "s")
    }
  }

  @Test func anExpectScreenBlockIsOneCommandAtItsFirstLine() throws {
    let script = try ReplayScript(parsing: "press a\nexpect-screen\n  | yaru…\n|\n| [ ] x  \nend\nscreen\n", name: "t")
    #expect(script.lines.map(\.command) == [.press(["a"]), .expectScreen([" yaru…", "", " [ ] x  "]), .screen])
    #expect(script.lines.map(\.number) == [1, 2, 7])
  }

  /// `--update` rewrites the rows of the blocks it names, and nothing else:
  /// comments, blank lines, CRLF lines and other blocks stay byte for byte.
  @Test func updatingRewritesOnlyTheNamedBlocks() {
    let text = "# keep me  \r\npress a\n\n  expect-screen\n  | old\n  | rows\n  end\nexpect-screen\n| other\nend\ntype x"
    let updated = ReplayScript.updating(text, blocks: [4: [" new", "", " rows"]])
    #expect(updated == "# keep me  \r\npress a\n\n  expect-screen\n  | new\n  |\n  | rows\n  end\nexpect-screen\n| other\nend\ntype x")
    #expect(ReplayScript.updating(text, blocks: [:]) == text)
  }

  @Test func expectStyleTakesTheLastWordAsTheStyle() throws {
    let script = try ReplayScript(parsing: "expect-style Call mom bold+red\nexpect-style x plain\nscreen styled\n", name: "t")
    #expect(script.lines.map(\.command) == [
      .expectStyle("Call mom", StyleExpectation("bold+red")!), .expectStyle("x", StyleExpectation("plain")!), .screenStyled,
    ])
  }

  @Test func pasteAndTheNewKeyNames() throws {
    let script = try ReplayScript(parsing: "paste one\\ntwo \\\\ three\npress Alt-d Alt-Backspace Ctrl-Left Ctrl-Right\n", name: "t")
    #expect(script.lines.map(\.command) == [
      .paste("one\ntwo \\ three"), .press([.alt("d"), .alt(.backspace), .controlLeft, .controlRight]),
    ])
    #expect(ReplayScript.escapingPaste("one\ntwo \\ three") == "one\\ntwo \\\\ three")
    let mouse = try ReplayScript(parsing: "click 5 2\nwheel up\nwheel down\n", name: "t")
    #expect(mouse.lines.map(\.command) == [.press([.click(column: 4, row: 1)]), .press([.wheelUp]), .press([.wheelDown])])
  }
}
