import ArgumentParser
import FoundationEssentials
import TodoModel
import Todos
import TodoStorage

/// `yaru undo` and `yaru redo`: the last step any yaru made to the list
/// (this screen's, an earlier run's, the shell's), taken back or made again
/// by content, as `u` and Ctrl-R do — refused when another program changed
/// its lines since.
struct UndoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo", abstract: "Undo the list's last step (from the screen or the shell), if its lines are still as it left them."
  )

  @OptionGroup var file: FileOption

  func run() throws { try HistoryStep.run(file, redoing: false) }
}

struct RedoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "redo", abstract: "Make the last undone step again.")

  @OptionGroup var file: FileOption

  func run() throws { try HistoryStep.run(file, redoing: true) }
}

enum HistoryStep {
  static func run(_ file: FileOption, redoing: Bool) throws {
    let settings = try file.settings()
    let todoPath = try file.path(settings)
    let doneFile = TodoFileClient.live(path: todoPath, donePath: TodoFilePath.done(besides: todoPath, config: settings))
    let verb = redoing ? "Redone" : "Undone"
    let step = try ShellFile.update(todoPath, source: redoing ? "yaru redo" : "yaru undo", doneFile: doneFile) { app in
      switch app.undo(redoing: redoing) {
      case .success(let step): return step
      case .failure(let refusal):
        StandardIO.printError("yaru: not \(verb.lowercased()): \(refusal.message)")
        throw ExitCode(1)
      }
    }
    // An undone move's lines leave the other list once this one has them again.
    if !redoing, let other = step.movedTo, !step.archived.isEmpty {
      let name = settings.lists.first { $0.path == other }?.name ?? other
      let list = ListClients(
        name: name, file: .live(path: other, donePath: TodoFilePath.done(besides: other, config: settings)),
        history: HistoryFile(of: other, in: StateFile.folder()).client
      )
      let here = settings.lists.first { $0.path == todoPath }?.name ?? todoPath
      let summary = OtherList.summary("moved", step.archived.count, "back to \(here)")
      if let failure = OtherList.remove(step.archived, from: list, summary: summary, uuid: UUID.seededRandom(), now: { Date() }) {
        StandardIO.printError("yaru: moved back here, but still in \(name) too: \(failure)")
      }
    } else if !redoing, !step.archived.isEmpty {
      // An undone archive's lines leave the done file once the todo file has them again.
      do throws(TodoFileError) {
        try doneFile.unarchive(step.archived)
      } catch {
        StandardIO.printError("yaru: \(error.message)")
      }
    }
    print("\(verb): \(step.summary) (\(step.source), \(HistoryLine.time(step.time)))")
  }
}

/// `yaru log`: the history, newest first, one change a line.
struct LogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "Print the list's history newest first: when, who (this screen, yaru add, another program), what."
  )

  @OptionGroup var file: FileOption
  @Flag(name: .short, help: "Show the lines each change removed (-) and added (+).")
  var patch = false
  // Unrecognized words too, so that `-word` is a word, as in `yaru ls`.
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Only the changes whose lines match this search (as `/` takes it).", valueName: "word"))
  var terms: [String] = []

  func run() throws {
    var history = HistoryFile(of: try file.path, in: StateFile.folder())
    history.tail = .max
    let reading = history.read()
    if let warning = reading.warning { StandardIO.printError("yaru: \(warning)") }
    let query = SearchQuery(terms.joined(separator: " "), today: ShellFile.today)
    let makeID = UUID.seededRandom()
    for record in reading.records.reversed() {
      let lines = record.hunks.flatMap { $0.removed + $0.added }
      guard terms.isEmpty || lines.contains(where: { query.matches(TodoTxt.parse($0[...], id: makeID())) }) else { continue }
      print(VisibleText.printed("\(HistoryLine.time(record.time))  \(record.source)  \(record.summary)"))
      guard patch else { continue }
      for hunk in record.hunks {
        for line in hunk.removed { print(VisibleText.printed("    - " + line)) }
        for line in hunk.added { print(VisibleText.printed("    + " + line)) }
      }
      let other = record.movedTo.map { record.kind == .outside ? "(moved from \($0))" : "(moved to \($0))" } ?? "(done file)"
      for line in record.archived { print(VisibleText.printed("    > " + line + "  " + other)) }
    }
  }
}

enum HistoryLine {
  /// `2026-11-24 10:02`, on the user's clock.
  static func time(_ date: Date) -> String {
    let clock = WallClock(date, at: .local(at: date))
    return clock.dateText + " " + clock.timeText()
  }
}
