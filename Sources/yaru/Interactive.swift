import ArgumentParser
import Dispatch
import Foundation
import NcursesTerminal
import Replay
import Todos

/// `yaru [--file PATH] [--log FILE]`: the full-screen todo list.
struct Interactive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open", abstract: "Open the todo list in the terminal (the default)."
  )

  @OptionGroup var file: FileOption

  @Option(name: .long, help: "Write every action and the change of state it caused to this file.")
  var log: String?

  @Option(name: .long, help: "Write the session as a key script that `yaru replay` can run.")
  var record: String?

  func run() throws {
    let started = MainActor.assumeIsolated { Result { () throws(TerminalError) in try NcursesTerminal.start() } }
    guard case .success(let terminal) = started else {
      if case .failure(let error) = started { FileHandle.standardError.write(Data((error.description + "\n").utf8)) }
      throw ExitCode(2)
    }
    let path = file.path
    let log = try log.map(LogFile.init(path:))
    let recording = try record.map(LogFile.init(path:))
    MainActor.assumeIsolated {
      let recorder = recording.map { file in KeyRecorder { file.write($0) } }
      let session = InteractiveSession(terminal: terminal, file: .live(path: path), log: log, recorder: recorder)
      session.start()
      InteractiveSession.current = session
    }
    dispatchMain()
  }
}

/// The `--log` and `--record` files: appended to from the main queue as things happen.
final class LogFile: Sendable {
  private let handle: FileHandle

  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
      throw ValidationError("cannot write the log file \(path)")
    }
    self.handle = handle
  }

  func write(_ text: String) {
    handle.write(Data(text.utf8))
  }
}
