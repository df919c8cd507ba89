import Architecture
import Foundation
import Terminal
import TodoModel
import TodoStorage
import Todos
import VirtualTerminal

/// In a process of its own (so nothing measured before counts): loads the
/// todo file at `path` the way the app does, draws the first 80x24 frame and
/// returns the peak resident set.
@MainActor
func peakResidentAfterLoading(_ path: String) -> Double {
  let scheduler = TestScheduler(now: Date(timeIntervalSince1970: 1_790_000_000))
  let environment = AppEnvironment.virtual(scheduler, file: .live(path: path, donePath: path + ".done"))
  let program = AppProgram(environment: environment, initialState: AppReducer.State.start(now: scheduler.now, utcOffset: .utc))
  program.show(on: VirtualTerminal(size: Size(columns: 80, rows: 24)))
  program.start()
  scheduler.advance()
  precondition(program.store.state.file.phase == .ready && !program.store.state.list.todos.isEmpty, "the file did not load")
  return peakResidentBytes()
}

/// Runs this program again as `yaru-bench peak-rss PATH` and reads its answer.
func peakResidentInChild(loading path: String) throws -> Double {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
  process.arguments = ["peak-rss", path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0, let bytes = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
    throw BenchError("the peak-rss child failed (status \(process.terminationStatus))")
  }
  return bytes
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
