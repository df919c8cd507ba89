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
}
