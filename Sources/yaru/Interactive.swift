import ArgumentParser
import FoundationEssentials
import NcursesTerminal
import Replay
import TodoModel
import TodoStorage
import Todos

/// `yaru [--file PATH] [--log FILE]`: the full-screen todo list.
struct Interactive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open", abstract: "Open the todo list in the terminal (the default)."
  )

  @OptionGroup var file: FileOption

  @Option(name: .long, help: "Start on this view: a named search from the config file's [views].")
  var view: String?

  @Option(name: .long, help: "Write every action and the change of state it caused to this file.")
  var log: String?

  @Option(name: .long, help: "Write the session as a key script that `yaru replay` can run.")
  var record: String?

  func run() throws {
    let settings = try file.settings()
    try Self.open(path: file.path(settings), config: settings, view: settings.view(option: view), log: log, record: record)
  }

  /// Runs the full-screen list until the user quits; returns only by throwing.
  static func open(path: String, config: Config, view: Config.NamedView? = nil, log: String?, record: String?) throws -> Never {
    let log = try log.map { try LogFile(path: $0, sparing: path) }
    let recording = try record.map { try LogFile(path: $0, sparing: path) }
    try MainActor.assumeIsolated { () throws -> Never in
      // The file loads on its queue while the terminal is being set up.
      let recorder = recording.map { file in KeyRecorder { file.write($0) } }
      let stateFile = StateFile()
      if let warning = stateFile.warning { StandardIO.printError("yaru: passing over the state file: \(warning)") }
      let session = InteractiveSession(
        file: .live(path: path, donePath: TodoFilePath.done(besides: path, config: config), rescueFolder: StateFile.rescueFolder()),
        config: config, view: view,
        stateFile: stateFile, log: log, recorder: recorder
      )
      let terminal: NcursesTerminal
      do throws(TerminalError) {
        terminal = try NcursesTerminal.start()
      } catch {
        session.releaseLock()
        StandardIO.printError(error.description)
        throw ExitCode(2)
      }
      session.start(on: terminal)
      MainQueueLoop.run(input: 0) { session.readKeys() }
    }
  }
}
