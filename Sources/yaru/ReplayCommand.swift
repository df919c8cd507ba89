import ArgumentParser
import Foundation
import Replay
import Terminal

/// `yaru replay SCRIPT|- [--file PATH] [--size COLSxROWS] [--now ISO8601]`:
/// runs a key script headless. Exit 0: every expectation held; 1: one failed;
/// 2: the script, the arguments or the file are unusable.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Run a key script on a virtual terminal and clock (see replay.md)."
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
      let runner = ReplayRunner(size: size, now: start, timeZone: zone, file: file, output: { print($0, terminator: "") })
      do throws(ReplayError) {
        try runner.start()
      } catch {
        return .failure(error)
      }
      let outcome = runner.run(parsed)
      runner.finish()
      return .success(outcome)
    }
    switch outcome {
    case .success(.passed):
      return
    case .success(.failed(let message)):
      FileHandle.standardError.write(Data((message + "\n").utf8))
      throw ExitCode(1)
    case .failure(let error):
      throw usage(error.description)
    }
  }

  private func readScript() throws -> String {
    let data: Data
    if script == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let contents = FileManager.default.contents(atPath: script) else { throw usage("cannot read the script \(script)") }
      data = contents
    }
    guard let text = String(data: data, encoding: .utf8) else { throw usage("\(script): the script is not valid UTF-8") }
    return text
  }

  private func usage(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("yaru replay: \(message)\n".utf8))
    return ExitCode(2)
  }

  /// The instant, and the zone of its offset (`Z` or `±HH:MM`).
  static func parseNow(_ text: String) -> (Date, TimeZone)? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { return nil }
    if text.hasSuffix("Z") { return (date, TimeZone(identifier: "UTC")!) }
    let offset = text.suffix(6)
    let sign = offset.first == "-" ? -1 : 1
    guard let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)),
          let zone = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
    else { return nil }
    return (date, zone)
  }
}
