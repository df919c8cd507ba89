import ArgumentParser
import FoundationEssentials
import Glibc
import Replay
import Terminal
import TodoModel
import Todos
import TodoStorage

/// `yaru replay SCRIPT… [--file PATH] [--size COLSxROWS] [--now ISO8601] [--update]`:
/// runs key scripts headless, each on a fresh app. Exit 0: every expectation
/// held; 1: one failed; 2: a script, the arguments or the file are unusable
/// (the worst of the scripts'; with several, a `N passed, N failed` line).
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Run a key script on a virtual terminal and clock (see docs/KeyScripts.md)."
  )

  @Argument(help: "The scripts (each on a fresh app), or - for standard input.")
  var scripts: [String]

  @Option(name: .long, help: "Load and save this todo file (default: an empty list in memory).")
  var file: String?

  @Option(name: .long, help: "Start with this config file's settings (the user's own is never read).")
  var config: String?

  @Option(name: .long, help: "The terminal size, COLSxROWS.")
  var size = "80x24"

  @Option(name: .long, help: "When the virtual clock starts; times show in this timestamp's zone.")
  var now = "2026-01-01T09:00:00Z"

  @Option(name: .long, help: "Keep the history in this folder (default: in memory for the run; the user's own is never touched).")
  var state: String?

  @Flag(name: .long, help: "Rewrite each expect-screen block that does not match with the screen as it is.")
  var update = false

  @Option(name: .long, help: "Write each script line, the actions it caused and the state changes they made to this file.")
  var trace: String?

  @Flag(name: .long, help: "Overwrite the --trace file even if it is not an earlier trace or log.")
  var force = false

  func run() throws {
    guard let size = ReplayScript.parseSize(size[...]) else { throw usage("--size must be COLSxROWS, such as 80x24, not \(size)") }
    guard let (start, zone) = Self.parseNow(now) else { throw usage("--now must be an ISO 8601 time such as 2026-01-01T09:00:00Z, not \(now)") }
    let settings = try config.map { try ConfigFile.load($0) } ?? Config()
    let traceFile = try trace.map { try LogFile(path: $0, kind: .trace, sparing: file ?? "", force: force) }
    try traceFile?.open()
    var passed = 0, failed = 0
    var worst: Int32 = 0
    for script in scripts {
      let status = run(script, size: size, start: start, zone: zone, config: settings, trace: traceFile)
      if status == 0 { passed += 1 } else { failed += 1 }
      worst = max(worst, status)
    }
    if scripts.count > 1 { print("\(passed) passed, \(failed) failed") }
    if worst != 0 { throw ExitCode(worst) }
  }

  /// One script on a fresh app; its exit status (0, 1 or 2), having said why.
  private func run(_ script: String, size: Size, start: Date, zone: UTCOffset, config: Config, trace: LogFile?) -> Int32 {
    let text: String
    let parsed: ReplayScript
    do {
      text = try readScript(script)
      parsed = try ReplayScript(parsing: text, name: script)
    } catch {
      StandardIO.printError("yaru replay: \(error)")
      return 2
    }
    let update = update
    let file = file, stateFolder = state
    let ran = MainActor.assumeIsolated { () -> Result<(ReplayRunner.Outcome, [Int: [String]]), ReplayError> in
      let runner = ReplayRunner(
        size: size, now: start, utcOffset: zone, file: file, config: config, stateFolder: stateFolder, trace: trace.map { file in { file.write($0) } },
        output: { print($0, terminator: "") }
      )
      runner.isUpdating = update
      do throws(ReplayError) {
        try runner.start()
        let outcome = runner.run(parsed)
        try runner.finish()
        return .success((outcome, runner.updates))
      } catch {
        return .failure(error)
      }
    }
    switch ran {
    case .success((.passed, let updates)) where !updates.isEmpty:
      guard script != "-" else {
        StandardIO.printError("yaru replay: -: cannot update a script read from standard input")
        return 2
      }
      do {
        try TodoFile.write(ReplayScript.updating(text, blocks: updates), to: script)
      } catch {
        StandardIO.printError("yaru replay: \(error)")
        return 2
      }
      let lines = updates.keys.sorted().map(String.init).joined(separator: ", ")
      StandardIO.printError("\(script): updated the expect-screen block\(updates.count == 1 ? "" : "s") at line\(updates.count == 1 ? "" : "s") \(lines)")
      return 0
    case .success((.passed, _)):
      return 0
    case .success((.failed(let message), _)):
      StandardIO.printError(message)
      return 1
    case .failure(let error):
      StandardIO.printError("yaru replay: \(error.description)")
      return 2
    }
  }

  /// Scripts are typed by people: anything larger is a mistake (`/dev/zero`).
  private static let largestScript = 16 << 20

  private func readScript(_ script: String) throws(ReplayError) -> String {
    let bytes = script == "-"
      ? TodoFile.readAll(from: STDIN_FILENO, limit: Self.largestScript) : StandardIO.readFile(script, limit: Self.largestScript)
    guard let bytes else {
      throw ReplayError(errno == EFBIG ? "the script \(script) is larger than 16 MB" : "cannot read the script \(script)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw ReplayError("\(script): the script is not valid UTF-8") }
    return text
  }

  private func usage(_ message: String) -> ExitCode {
    StandardIO.printError("yaru replay: \(message)")
    return ExitCode(2)
  }

  /// The instant, and the clock offset it was written with: exactly
  /// `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM` (RFC 3339 without fractions).
  static func parseNow(_ text: String) -> (Date, UTCOffset)? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 25 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      bytes[range].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        ? bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } : nil
    }
    let separators: [(Int, Character)] = [(10, "T"), (13, ":"), (16, ":")]
    guard let date = Day(text.prefix(10)), separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
          let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
          hour < 24, minute < 60, second < 60
    else { return nil }
    let offset: UTCOffset
    if bytes.count == 20 {
      guard bytes[19] == UInt8(ascii: "Z") else { return nil }
      offset = .utc
    } else {
      guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
            let hours = number(20..<22), let minutes = number(23..<25), hours < 24, minutes < 60
      else { return nil }
      offset = UTCOffset(seconds: (bytes[19] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3_600 + minutes * 60))
    }
    let clock = WallClock(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second)
    return (clock.date(at: offset), offset)
  }
}
