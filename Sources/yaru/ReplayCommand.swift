import ArgumentParser
import FoundationEssentials
import Glibc
import Replay
import Terminal
import TodoModel
import Todos
import TodoStorage

/// `yaru replay SCRIPT|- [--file PATH] [--size COLSxROWS] [--now ISO8601]`:
/// runs a key script headless. Exit 0: every expectation held; 1: one failed;
/// 2: the script, the arguments or the file are unusable.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Run a key script on a virtual terminal and clock (see docs/KeyScripts.md)."
  )

  @Argument(help: "The script, or - for standard input.")
  var script: String

  @Option(name: .long, help: "Load and save this todo file (default: an empty list in memory).")
  var file: String?

  @Option(name: .long, help: "The terminal size, COLSxROWS.")
  var size = "80x24"

  @Option(name: .long, help: "When the virtual clock starts; times show in this timestamp's zone.")
  var now = "2026-01-01T09:00:00Z"

  func run() throws {
    guard let size = ReplayScript.parseSize(size[...]) else { throw usage("--size must be COLSxROWS, such as 80x24, not \(size)") }
    guard let (start, zone) = Self.parseNow(now) else { throw usage("--now must be an ISO 8601 time such as 2026-01-01T09:00:00Z, not \(now)") }
    let parsed: ReplayScript
    do {
      parsed = try ReplayScript(parsing: try readScript(), name: script)
    } catch let error as ReplayError {
      throw usage(error.description)
    }
    let outcome = MainActor.assumeIsolated { () -> Result<ReplayRunner.Outcome, ReplayError> in
      let runner = ReplayRunner(size: size, now: start, utcOffset: zone, file: file, output: { print($0, terminator: "") })
      do throws(ReplayError) {
        try runner.start()
      } catch {
        return .failure(error)
      }
      let outcome = runner.run(parsed)
      do throws(ReplayError) {
        try runner.finish()
      } catch {
        return .failure(error)
      }
      return .success(outcome)
    }
    switch outcome {
    case .success(.passed):
      return
    case .success(.failed(let message)):
      StandardIO.printError(message)
      throw ExitCode(1)
    case .failure(let error):
      throw usage(error.description)
    }
  }

  /// Scripts are typed by people: anything larger is a mistake (`/dev/zero`).
  private static let largestScript = 16 << 20

  private func readScript() throws -> String {
    let bytes = script == "-"
      ? TodoFile.readAll(from: STDIN_FILENO, limit: Self.largestScript) : StandardIO.readFile(script, limit: Self.largestScript)
    guard let bytes else {
      throw usage(errno == EFBIG ? "the script \(script) is larger than 16 MB" : "cannot read the script \(script)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw usage("\(script): the script is not valid UTF-8") }
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
