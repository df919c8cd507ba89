import Architecture
import FoundationEssentials
import Terminal
import TodoModel
import Todos
import TodoStorage
import VirtualTerminal

/// Runs a key script against the real app — the same program loop
/// (`AppProgram`: keymap, store, effects, view, renderer) as interactive
/// use — on a virtual terminal and a virtual clock, so that every run shows
/// the same screens.
@MainActor
public final class ReplayRunner {
  public enum Outcome: Equatable, Sendable {
    case passed
    /// The first expectation that failed: where, what, and the screen.
    case failed(String)
  }

  private let scheduler: TestScheduler
  private var program: AppProgram
  /// What a `restart` starts the app again with.
  private let restart: () -> AppProgram
  private var store: Store<AppReducer.State, AppReducer.Action> { program.store }
  private let terminal: VirtualTerminal
  private let output: (String) -> Void
  /// `--update`: an `expect-screen` block that does not match is recorded
  /// in `updates` (by its line number) instead of failing.
  public var isUpdating = false
  public private(set) var updates: [Int: [String]] = [:]

  /// - Parameters:
  ///   - file: the todo file, loaded and saved as in interactive use; nil keeps the list in memory.
  ///   - output: where `screen` prints.
  ///   - trace: `--trace`: each script line, then each action it caused
  ///     (effects' too) at its virtual time, with the −/+ diff of the state.
  ///   - config: the settings of a config file (`--config`); never the user's own.
  ///   - stateFolder: `--state`: where the history is kept; nil keeps it in
  ///     memory for the run (the user's own is never touched).
  public init(
    size: Size, now: Date, utcOffset: UTCOffset, file: String?, config: Config = Config(), stateFolder: String? = nil,
    trace: ((String) -> Void)? = nil, output: @escaping (String) -> Void
  ) {
    let scheduler = TestScheduler(now: now)
    self.scheduler = scheduler
    // The config's `[lists]`: the one --file names (the first without it), the others a key away.
    let lists = config.lists
    let file = file ?? lists.first?.path
    let active = file.flatMap { file in lists.firstIndex { TodoFile.realPath($0.path) == TodoFile.realPath(file) } }
    let paths = active == nil ? [file] : lists.map(\.path)
    self.files = paths
    func history(_ path: String?) -> HistoryClient {
      stateFolder.map { HistoryFile(of: path ?? "replay-in-memory.txt", in: $0).client } ?? .inMemory()
    }
    func client(_ path: String) -> TodoFileClient {
      let done = active != nil ? DoneFile.path(besides: path, environment: [:]) : config.doneFile ?? DoneFile.path(besides: path, environment: [:])
      return TodoFileClient.live(path: path, donePath: done)
    }
    let histories = paths.map(history)
    var environment = AppEnvironment.virtual(
      scheduler, file: file.map(client), history: histories[active ?? 0], utcOffset: utcOffset,
      // Macros live in memory for the run, so `restart` keeps them and the user's never change.
      macros: .inMemory(readFile: MacroFolder.readFile)
    )
    if active != nil {
      environment.lists = lists.enumerated().map { ListClients(name: $1.name, file: client($1.path), history: histories[$0]) }
    }
    let log = trace.map { trace in { (change: String) in trace("  at +\(Self.milliseconds(scheduler.elapsed)) ms, " + change) } }
    restart = {
      let state = AppReducer.State.start(
        now: scheduler.now, utcOffset: utcOffset, config: config, lists: active == nil ? [] : lists.map(\.name), activeList: active ?? 0
      )
      return AppProgram(environment: environment, initialState: state, log: log)
    }
    program = restart()
    terminal = VirtualTerminal(size: size)
    self.output = output
    self.trace = trace
  }

  private let trace: ((String) -> Void)?
  /// The todo file of each list (one without `[lists]`): `outside`
  /// changes the shown one's.
  private let files: [String?]
  private var file: String? { files.indices.contains(store.state.lists.active) ? files[store.state.lists.active] : files.first ?? nil }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
  }

  /// Loads the file (if any) and shows the first frame. Throws when the file
  /// cannot be loaded.
  public func start() throws(ReplayError) {
    program.show(on: terminal)
    program.start()
    scheduler.advance()
    if case .failed(let message) = store.state.file.phase { throw ReplayError(message) }
  }

  public func run(_ script: ReplayScript) -> Outcome {
    for line in script.lines {
      trace?("\(script.name):\(line.number): \(line.text)\n")
      switch line.command {
      case .type(let text):
        for character in text { press(.character(character)) }
      case .press(let keys):
        for key in keys { press(key) }
      case .paste(let text):
        press(.paste(text))
      case .wait(let duration):
        scheduler.advance(by: duration)
      case .outside(let change):
        do throws(ReplayError) {
          // Without --file the list lives in memory, out of other programs' reach.
          guard let file else { throw ReplayError("`outside` needs a todo file (--file)") }
          try change.write(to: file)
        } catch {
          return .failed("\(script.name):\(line.number): \(line.text)\n\(error.description)")
        }
      case .restart:
        do throws(ReplayError) {
          try finish()
          program = restart()
          try start()
        } catch {
          return .failed("\(script.name):\(line.number): \(line.text)\n\(error.description)")
        }
      case .resize(let size):
        terminal.resize(to: size)
        program.resized()
      case .screen, .screenStyled:
        scheduler.advance()
        var rows: [String] = []
        for (row, text) in terminal.lines.enumerated() {
          rows.append(text)
          if line.command == .screenStyled, let marks = terminal.screen.styleMarks(row: row) { rows.append(marks) }
        }
        output(rows.joined(separator: "\n") + "\n" + String(repeating: "-", count: terminal.size.columns) + "\n")
      case .expectScreen(let rows):
        scheduler.advance()
        guard let diff = screenDifference(rows) else { continue }
        if isUpdating {
          updates[line.number] = trimmedScreen()
        } else {
          return .failed("\(script.name):\(line.number): expect-screen: the screen differs (- expected, + shown)\n\(diff)")
        }
      case .expect, .expectNot, .expectOrder, .expectSelected, .expectStyle:
        scheduler.advance()
        if let failure = check(line.command) {
          return .failed("\(script.name):\(line.number): \(line.text)\n\(failure)\n\(numberedScreen())")
        }
      }
    }
    return .passed
  }

  /// The end of the script: the app quits as if `q` were pressed, and virtual
  /// time runs until pending saves are written. Throws when the file could
  /// not be saved: a script must not pass with its changes lost.
  public func finish() throws(ReplayError) {
    if !store.state.isQuitting { program.send(.quit) }
    for _ in 0..<100 where program.exit == nil {
      scheduler.advance(by: .milliseconds(100))
    }
    store.cancelAllEffects()
    if store.state.hasUnsavedChanges {
      throw ReplayError("the todo file was not saved: \(store.state.file.saveError ?? "the save did not finish")")
    }
  }

  /// One key, and what is due at once after it: what a person would see.
  private func press(_ key: Key) {
    program.press([key])
    scheduler.advance()
  }

  private func check(_ command: ReplayScript.Command) -> String? {
    let lines = terminal.lines
    func firstRow(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
    switch command {
    case .expect(let text):
      return firstRow(text) == nil ? "expected on the screen: \(text)" : nil
    case .expectNot(let text):
      return firstRow(text).map { "expected nowhere on the screen, but row \($0 + 1) has: \(text)" }
    case .expectOrder(let texts):
      var previous: (text: String, row: Int)?
      for text in texts {
        guard let row = firstRow(text) else { return "expected on the screen: \(text)" }
        if let previous, previous.row >= row {
          return "expected \"\(previous.text)\" (row \(previous.row + 1)) above \"\(text)\" (row \(row + 1))"
        }
        previous = (text, row)
      }
      return nil
    case .expectStyle(let text, let style):
      guard let cells = terminal.screen.cells(showing: text) else { return "expected on the screen: \(text)" }
      guard let wrong = cells.first(where: { !style.isMet(by: $0.style) }) else { return nil }
      return "expected \(text) drawn \(style), but a cell of it is \(wrong.style.words)"
    case .expectSelected(let text):
      guard let selected = store.state.list.selectedTodo else { return "expected the selected todo to contain \(text), but none is selected" }
      return selected.text.contains(text) ? nil : "expected the selected todo to contain \(text), but it is: \(selected.text)"
    default:
      return nil
    }
  }

  /// Nil when the screen's top rows are `rows`; else a −/+ diff, row by row.
  private func screenDifference(_ rows: [String]) -> String? {
    let shown = terminal.lines  // trailing spaces already trimmed
    var diff: [String] = []
    var differs = rows.count > shown.count
    for (index, row) in rows.enumerated() {
      let actual = index < shown.count ? shown[index] : nil
      let expected = row.trimmingTrailingSpaces()
      let matches = actual.map { expected.hasSuffix("…") ? $0.hasPrefix(expected.dropLast()) : $0 == expected } ?? false
      if matches {
        diff.append("  |" + (actual ?? ""))
      } else {
        differs = true
        diff.append("- |" + expected)
        if let actual { diff.append("+ |" + actual) }
      }
    }
    return differs ? diff.joined(separator: "\n") : nil
  }

  /// The screen's rows (trailing spaces trimmed), trailing empty rows left out.
  private func trimmedScreen() -> [String] {
    var rows = terminal.lines
    while rows.last?.isEmpty == true { rows.removeLast() }
    return rows
  }

  private func numberedScreen() -> String {
    let width = String(terminal.size.rows).count
    return "screen (\(terminal.size.columns)x\(terminal.size.rows)):\n" + terminal.lines.enumerated().map { index, line in
      let number = String(index + 1)
      return String(repeating: " ", count: width - number.count) + number + " │" + line
    }.joined(separator: "\n")
  }
}

extension StringProtocol {
  func trimmingTrailingSpaces() -> String {
    var text = String(self)
    while text.last == " " { text.removeLast() }
    return text
  }
}
