import Foundation
import Replay
import Terminal
import Testing
import TodoModel

struct KeyRecorderTests {
  @Test func typedRunsPressedKeysPausesAndResizesBecomeScriptLines() throws {
    var output = ""
    var recorder = KeyRecorder { output += $0 }
    let t0 = Date(timeIntervalSince1970: 1_000)
    recorder.record("a", at: t0)
    recorder.record(.character("牛"), at: t0.addingTimeInterval(0.02))
    recorder.record(" ", at: t0.addingTimeInterval(0.04))
    recorder.record("🥛", at: t0.addingTimeInterval(0.06))
    recorder.record(.enter, at: t0.addingTimeInterval(0.08))
    recorder.record("x", at: t0.addingTimeInterval(0.5))
    recorder.recordResize(to: Size(columns: 40, rows: 10), at: t0.addingTimeInterval(0.55))
    recorder.record(.control("r"), at: t0.addingTimeInterval(1.75))
    recorder.record("j", at: t0.addingTimeInterval(1.8))
    recorder.finish()
    #expect(output == """
      # recorded by yaru --record; replay with: yaru replay FILE
      type a牛 🥛
      press Enter
      wait 420ms
      type x
      resize 40x10
      wait 1200ms
      press Ctrl-R
      type j

      """)
    let script = try ReplayScript(parsing: output, name: "recorded")
    #expect(script.lines.count == 8)
  }

  /// `--redact`: text typed into a line and pastes become placeholders of
  /// the same width; commands, tag keys, dates and the values yaru acts on
  /// stay.
  @Test func aRedactingRecorderReplacesTheWordsOfTextOnly() {
    var output = ""
    var recorder = KeyRecorder(redacting: true, replay: "yaru replay bug.yaru --file bug.todo.txt") { output += $0 }
    let t0 = Date(timeIntervalSince1970: 1_000)
    recorder.record("j", at: t0)
    recorder.record("a", at: t0)
    for character in "(B) 牛乳 Milk2 +買い物 @shop due:fri rec:1w note:secret" {
      recorder.record(.character(character), at: t0, isText: true)
    }
    recorder.record(.enter, at: t0)
    recorder.record(.paste("Call 母\nx done"), at: t0)
    recorder.finish()
    #expect(output == """
      # recorded by yaru --record --redact; replay with: yaru replay bug.yaru --file bug.todo.txt
      type ja
      type (B) ああ aaaa0 +あああ @aaaa due:fri rec:1w note:aaaaaa
      press Enter
      paste aaaa あ\\nx aaaa

      """)
  }

  @Test func redactionKeepsTheShapeOfATodoLine() {
    #expect(Redaction.line("x 2026-11-24 2026-11-10 (A) Renew 👨‍👩‍👧 passport #3, t:2026-12-01 id:7")
      == "x 2026-11-24 2026-11-10 (A) aaaaa あ aaaaaaaa #0, t:2026-12-01 id:7")
    #expect(Redaction.line("  spaced  out ") == "  aaaaaa  aaa ")
  }
}
