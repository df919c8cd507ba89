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

  @Flag(name: .long, help: "With --record: replace every word typed or pasted, and write a copy of the todo file beside the script with its words replaced too (for a bug report).")
  var redact = false

  @Flag(name: .customLong("no-color"), help: "No colours (as NO_COLOR does): the screen says everything in text and bold, dim, reverse.")
  var noColor = false

  func validate() throws {
    if redact && record == nil { throw ValidationError("--redact goes with --record SCRIPT") }
  }

  func run() throws {
    let settings = try file.settings()
    try Self.open(
      path: try file.path(settings), config: settings, view: settings.view(option: view), log: log, record: record, force: force,
      colors: !noColor, redact: redact
    )
  }

  /// `bug.yaru` → `bug.todo.txt`: the name `yaru replay` scripts' todo files have.
  static func redactedCopyPath(_ script: String) -> String {
    (script.hasSuffix(".yaru") ? String(script.dropLast(5)) : script) + ".todo.txt"
  }

  /// Runs the full-screen list until the user quits; returns only by throwing.
  static func open(
    path: String, config: Config, view: Config.NamedView? = nil, log: String?, record: String?, force: Bool = false, colors: Bool = true,
    redact: Bool = false
  ) throws -> Never {
    // Checked now, opened once the terminal is ours: a refused start empties no file.
    let log = try log.map { try LogFile(path: $0, kind: .log, sparing: path, force: force) }
    let recording = try record.map { try LogFile(path: $0, kind: .recording, sparing: path, force: force) }
    // The copy belongs with its script: an earlier recording's may be replaced.
    let redactedCopy = try (redact ? record : nil).map { script in
      try LogFile(path: redactedCopyPath(script), kind: .redactedTodos, sparing: path, force: force || LogFile.isEarlierRun(script))
    }
    let startingText = redact ? (try? TodoFile.read(path))??.text ?? "" : ""
    try MainActor.assumeIsolated { () throws -> Never in
      // The file loads on its queue while the terminal is being set up.
      let recorder = recording.map { file in
        KeyRecorder(redacting: redact, replay: replayCommand(record ?? "FILE", redacted: redact)) { file.write($0) }
      }
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
        try redactedCopy?.open()
        redactedCopy?.write(startingText.split(separator: "\n", omittingEmptySubsequences: false).map { Redaction.line(String($0)) }.joined(separator: "\n"))
      } catch {
        terminal.stop()
        session.releaseLock()
        StandardIO.printError("yaru: \(error)")
        throw ExitCode(2)
      }
      session.start(on: terminal)
      MainQueueLoop.run(input: 0, onInput: session.readKeys, onPause: session.keysPaused)
    }
  }

  /// The header's "replay with": the clock of now (the screens depend on
  /// the day) and, for a redacted recording, its copy of the todo file.
  private static func replayCommand(_ script: String, redacted: Bool) -> String {
    let now = Date()
    let offset = UTCOffset.local(at: now)
    let clock = WallClock(now, at: offset)
    let minutes = abs(offset.seconds) / 60
    let zone = WallClock(year: 0, month: 1, day: 1, hour: minutes / 60, minute: minutes % 60).timeText()
    let time = clock.dateText + "T" + clock.timeText(seconds: true) + (offset.seconds < 0 ? "-" : "+") + zone
    return "yaru replay \(script) --now \(time)" + (redacted ? " --file \(redactedCopyPath(script))" : "")
  }
}
