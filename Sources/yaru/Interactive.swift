import ArgumentParser
import FoundationEssentials
import NcursesTerminal
import Replay
import TodoModel
import TodoStorage
import Todos

/// `yaru [--file PATH] [--log FILE] [--record FILE] [--force]`: the full-screen todo list.
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

  @Flag(name: .long, help: "Overwrite the --log or --record file even if it is not an earlier log or recording.")
  var force = false

  @Flag(name: .customLong("no-color"), help: "No colours (as NO_COLOR does): the screen says everything in text and bold, dim, reverse.")
  var noColor = false

  func run() throws {
    let settings = try file.settings()
    try Self.open(
      path: file.path(settings), config: settings, view: settings.view(option: view), log: log, record: record, force: force,
      colors: !noColor
    )
  }

  /// Runs the full-screen list until the user quits; returns only by throwing.
  static func open(
    path: String, config: Config, view: Config.NamedView? = nil, log: String?, record: String?, force: Bool = false, colors: Bool = true
  ) throws -> Never {
    // Checked now, opened once the terminal is ours: a refused start empties no file.
    let log = try log.map { try LogFile(path: $0, kind: .log, sparing: path, force: force) }
    let recording = try record.map { try LogFile(path: $0, kind: .recording, sparing: path, force: force) }
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
        terminal = try NcursesTerminal.start(colors: colors)
      } catch {
        session.releaseLock()
        StandardIO.printError(error.description)
        throw ExitCode(2)
      }
      do {
        try log?.open()
        try recording?.open()
      } catch {
        terminal.stop()
        session.releaseLock()
        StandardIO.printError("yaru: \(error)")
        throw ExitCode(2)
      }
      session.start(on: terminal)
      MainQueueLoop.run(input: 0) { session.readKeys() }
    }
  }
}
