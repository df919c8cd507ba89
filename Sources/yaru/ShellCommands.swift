import Architecture
import ArgumentParser
import FoundationEssentials
import Glibc
import Synchronization
import IdentifiedCollections
import TodoModel
import Todos
import TodoStorage

/// `yaru add`, `yaru ls`, `yaru done`: todo.sh habits for the shell. They read
/// and write the same file with the same atomic save, so they are safe to use
/// while the list is open in the terminal (which picks their change up).
enum ShellFile {
  static func load(_ path: String) throws -> TodoList {
    do {
      return TodoList(parsing: try TodoFile.read(path)?.text ?? "", makeID: UUID.seededRandom())
    } catch {
      throw fail(error.message)
    }
  }

  /// Reads the list, lets `change` edit it, and saves it, taking turns with
  /// other writers; if a program that does not take turns wrote in between,
  /// all of it again (a few times), never overwriting what it wrote.
  static func update<Result>(
    _ path: String, _ change: (inout TodoList) throws -> Result, written: (String) -> Void = { _ in }
  ) throws -> Result {
    for _ in 0..<5 {
      do {
        return try TodoFile.update(path, { text in
          var list = TodoList(parsing: text ?? "", makeID: UUID.seededRandom())
          let result = try change(&list)
          return (list.formatted(), result)
        }, written: written)
      } catch let error as TodoFileError where error.isConflict {
        continue
      } catch let error as TodoFileError {
        throw fail(error.message)
      }
    }
    throw fail("\(path) kept changing while saving; nothing was changed")
  }

  /// Reads the list, runs `change` on it through the app's own reducers
  /// (`HeadlessApp`: the same actions as the keys), and saves what they
  /// made of it, as `update` does; then the file's history gets the steps,
  /// made by `source` (a history that cannot take them is a warning).
  static func update<Result: Sendable>(
    _ path: String, source: String, doneFile: TodoFileClient? = nil, _ change: @MainActor (HeadlessApp) throws -> Result
  ) throws -> Result {
    let history = HistoryFile(of: path, in: StateFile.folder())
    let past = source == "yaru undo" || source == "yaru redo" ? history.read().records : []
    var records: [HistoryRecord] = []
    let result = try update(path, { (list: inout TodoList) throws -> Result in
      // What another program changed since a yaru last had the file, as its change.
      history.client.noticeChanges(in: list.formatted(), id: "shell." + UUID().uuidString.prefix(8).lowercased(), time: Date())
      let todos = list.todos
      let (result, changed) = try MainActor.assumeIsolated { () throws -> (Result, IdentifiedArrayOf<Todo.State>) in
        let now = Date()
        let app = HeadlessApp(
          .start(todos: todos, now: now, utcOffset: .local(at: now)), uuid: UUID.seededRandom(), doneFile: doneFile,
          history: past, source: source
        )
        defer { app.cancelAllEffects() }
        let result = try change(app)
        records = app.records
        return (result, app.state.list.todos)
      }
      list.todos = changed
      return result
    }, written: { text in
      // While the folder is still locked: an open list that sees the
      // change finds its record, and does not take it for another program's.
      if let warning = history.append(records) { StandardIO.printError("yaru: \(warning)") }
      history.keepBase(text)
    })
    return result
  }

  static var today: Day {
    let now = Date()
    return Day(now, at: .local(at: now))
  }

  /// Prints `message` on stderr and ends with status 2.
  static func fail(_ message: String) -> ExitCode {
    StandardIO.printError("yaru: \(message)")
    return ExitCode(2)
  }

  /// `N line`, numbers padded to the widest, as todo.sh prints them.
  static func numbered(_ number: Int, of count: Int, _ todo: Todo.State) -> String {
    let width = String(max(count, 1)).count
    let digits = String(number)
    return String(repeating: "0", count: width - digits.count) + digits + " " + TodoTxt.format(todo)
  }
}

struct Add: ParsableCommand {
  // Every command names itself: otherwise ArgumentParser derives the name
  // with `String(describing:)`, which scans the whole binary's protocol
  // conformances and cost a millisecond of every start.
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a todo (dated today) at the end of the list; `yaru add -`: one per line of standard input."
  )

  @OptionGroup var file: FileOption
  @Argument(help: "The todo's text, e.g. (A) Call mom +family @phone due:2026-12-01; - reads todos from standard input.")
  var words: [String]

  func run() throws {
    if words == ["-"] { return try addStandardInput() }
    let text = words.joined(separator: " ").trimmingWhitespace()
    guard !text.isEmpty, !text.contains(where: \.isNewline) else { throw ShellFile.fail("a todo needs some text, on one line") }
    let (todo, count) = try ShellFile.update(try file.path, source: "yaru add") { app in
      guard let todo = app.add(text) else { throw ShellFile.fail(app.refusal ?? "a todo needs some text, on one line") }
      return (todo, app.state.list.todos.count)
    }
    print(VisibleText.printed(ShellFile.numbered(count, of: count, todo)))
  }
}

extension Add {
  /// `yaru add -`: every non-blank line of standard input a todo, in one
  /// save and one history step (one `u` takes them all back); a line that
  /// cannot be a todo refuses them all.
  func addStandardInput() throws {
    guard let bytes = TodoFile.readAll(from: STDIN_FILENO) else {
      throw ShellFile.fail("cannot read standard input: \(String(cString: strerror(errno)))")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ShellFile.fail("standard input is not UTF-8 text; nothing was added")
    }
    let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    guard !lines.isEmpty else { throw ShellFile.fail("standard input holds no todo; nothing was added") }
    let (added, count) = try ShellFile.update(try file.path, source: "yaru add") { app in
      guard let added = app.add(lines: lines) else { throw ShellFile.fail("\(app.refusal ?? "refused"); nothing was added") }
      return (added, app.state.list.todos.count)
    }
    for (offset, todo) in added.enumerated() {
      print(VisibleText.printed(ShellFile.numbered(count - added.count + offset + 1, of: count, todo)))
    }
  }
}

struct ListTodos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ls", abstract: "Print the todos with their numbers, only those matching the search if given; a blocked todo (waiting for a part: id:, p:) ends with (blocked)."
  )

  @OptionGroup var file: FileOption
  @Option(name: .long, help: "Only the todos a view shows: a named search from the config file's [views] (with the words, both must match).")
  var view: String?
  @Flag(name: .long, help: "As the agenda shows them (s): under the headings Overdue, Today, Tomorrow, the next five days by name, Later and No date, by priority within a day, completed after.")
  var agenda = false
  // Unrecognized words too, so that `-word` is a word, not an option.
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
    "A search, as `/` takes it: words that must all match, in any order; -word keeps out, pri:A or pri:A-C, due:overdue|today|week, due:<DATE (<= = >= >, t: too; DATE as 2026-12-01, today, fri, +3d, 1w), is:blocked (waits for a part: id:, p:), key:value.",
    valueName: "word"
  ))
  var terms: [String] = []
  @Flag(help: "Print JSON for scripts: one object per todo (the shape is in docs/Scripting.md).")
  var json = false
  @Flag(help: "Print an iCalendar (RFC 5545) file: one VTODO per todo.")
  var ical = false

  func validate() throws {
    if json && ical { throw ValidationError("--json and --ical cannot go together") }
    if agenda && (json || ical) { throw ValidationError("--agenda is for reading: --json and --ical give every todo in the file's order") }
  }

  func run() throws {
    let settings = try file.settings()
    var words = terms
    if let view = try settings.view(option: view) { words.insert(view.query, at: 0) }
    let list = try ShellFile.load(try file.path(settings))
    let today = ShellFile.today
    let query = SearchQuery(words.joined(separator: " "), today: today)
    if let problem = query.problem { throw ShellFile.fail(problem) }
    let dependencies = Dependencies(list.todos)
    // Numbered as todo.sh numbers: the line in the file, blank lines counted.
    func printTodo(at index: Int) {
      let todo = list.todos[index]
      let blocked = dependencies.isBlocked(todo) ? " (blocked)" : ""
      print(VisibleText.printed(ShellFile.numbered(index + 1, of: list.todos.count, todo) + blocked))
    }
    if json || ical {
      let listed = list.todos.indices.filter { !list.todos[$0].isBlankLine && query.matches(list.todos[$0], dependencies) }.map { index in
        let todo = list.todos[index]
        return ListedTodo(line: index + 1, todo: todo, isHidden: todo.hiding.hides(on: today), isBlocked: dependencies.isBlocked(todo))
      }
      let now = Date()
      print(json ? TodoJSON.document(listed) : TodoCalendar.document(listed, stamp: WallClock(now, at: .utc), product: "yaru \(Version.number)"), terminator: "")
      return
    }
    guard agenda else {
      for (index, todo) in list.todos.enumerated() where !todo.isBlankLine && query.matches(todo, dependencies) { printTodo(at: index) }
      return
    }
    for row in AgendaListing.rows(list.todos, today: today, including: { query.matches($0, dependencies) }) {
      switch row {
      case .heading(let group): print(group.heading(today: today))
      case .todo(let index): printTodo(at: index)
      }
    }
  }
}

struct Done: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark todo number N complete (dated today).")

  @OptionGroup var file: FileOption
  @Argument(help: "The todo's number, as `yaru ls` shows it.")
  var number: Int

  func run() throws {
    let (changed, count) = try ShellFile.update(try file.path, source: "yaru done") { app in
      // The number is the line in the file (todo.sh's), so a blank line is no todo.
      guard app.state.list.todos.indices.contains(number - 1), !app.state.list.todos[number - 1].isBlankLine else {
        throw ShellFile.fail("there is no todo number \(number) (the file has \(app.state.list.todos.count) lines)")
      }
      // As todo.sh says it: nothing to do is not done silently.
      let todo = app.state.list.todos[number - 1]
      guard !todo.isComplete else {
        StandardIO.printError("yaru: todo \(number) is already done: \(VisibleText.printed(TodoTxt.format(todo)))")
        throw ExitCode(1)
      }
      // Allowed, as `x` allows it; said, as `x` says it.
      if app.state.list.isBlocked(todo), let id = todo.dependencyID {
        let open = app.state.list.dependencies.openParts(of: id)
        StandardIO.printError("yaru: todo \(number) is done, though \(open == 1 ? "1 part is" : "\(open) parts are") still open")
      }
      return (app.complete(at: number - 1), app.state.list.todos.count)
    }
    // The completed todo, and a recurring one's next, right after it.
    for (offset, todo) in changed.enumerated() { print(VisibleText.printed(ShellFile.numbered(number + offset, of: count, todo))) }
  }
}

struct Archive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "archive",
    abstract: "Move the completed todos to the done file ($DONE_FILE, else done.txt beside the todo file)."
  )

  @OptionGroup var file: FileOption

  func run() throws {
    let settings = try file.settings()
    let todoPath = try file.path(settings)
    let donePath = TodoFilePath.done(besides: todoPath, config: settings)
    do throws(TodoFileError) {
      try TodoFile.refuseDoneFile(donePath, ifItIs: todoPath)
    } catch {
      throw ShellFile.fail("not archived: \(error.message)")
    }
    // Appended and flushed before the todo file is rewritten (and only
    // once, should another program's write make the update start again).
    let doneFile = ArchiveOnce(donePath: donePath, todoPath: todoPath)
    var client = TodoFileClient.live(path: todoPath, donePath: donePath)
    client.archive = { (lines) throws(TodoFileError) in try doneFile.append(lines) }
    let archived = try ShellFile.update(todoPath, source: "yaru archive", doneFile: client) { app in
      // Numbered as they were (todo.sh's numbers: lines, blank ones counted).
      let todos = app.state.list.todos
      let done = todos.indices.filter { todos[$0].isComplete }.map { ShellFile.numbered($0 + 1, of: todos.count, todos[$0]) }
      app.send(.archiveCompleted)
      if let failure = doneFile.failure { throw ShellFile.fail(failure.message) }
      return done
    }
    for line in archived { print(VisibleText.printed(line)) }
    let count = archived.count
    print(count == 1 ? "Archived 1 todo to \(donePath)" : "Archived \(count) todos to \(donePath)")
  }
}

/// The done file for `yaru archive`: each archived line appended once over
/// every try of the update, and the error that stopped it kept for the shell.
/// It appends while the update holds the todo file's folder lock.
final class ArchiveOnce: Sendable {
  private let donePath: String
  private let todoPath: String
  private let state = Mutex<(appended: [String], failure: TodoFileError?)>(([], nil))

  init(donePath: String, todoPath: String) { (self.donePath, self.todoPath) = (donePath, todoPath) }

  var failure: TodoFileError? { state.withLock { $0.failure } }

  func append(_ lines: [String]) throws(TodoFileError) {
    var lines = lines
    for line in state.withLock({ $0.appended }) { if let index = lines.firstIndex(of: line) { lines.remove(at: index) } }
    do throws(TodoFileError) {
      try DoneFile.append(lines, to: donePath, besides: todoPath, holdingTodoFolderLock: true)
    } catch {
      state.withLock { $0.failure = error }
      throw error
    }
    state.withLock { $0.appended += lines }
  }
}

struct MergeCopy: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge a sync tool's conflict copy into the todo file, then remove the copy: three-way against the text yaru last saw (else every line of both is kept)."
  )

  @OptionGroup var file: FileOption
  @Argument(help: "The copy, e.g. 'todo.sync-conflict-20261123-101500-ABCDEFG.txt' (a bare name is looked for beside the todo file too).")
  var copy: String

  func run() throws {
    let todoPath = try file.path
    var copyPath = copy
    if !copy.contains("/"), access(copy, F_OK) != 0 {
      copyPath = String(todoPath.prefix(upTo: todoPath.lastIndex(of: "/").map { todoPath.index(after: $0) } ?? todoPath.startIndex)) + copy
    }
    if TodoFile.isSameFile(copyPath, todoPath) { throw ShellFile.fail("\(copy) is the todo file itself") }
    let copyLines: [String]
    do {
      guard let text = try TodoFile.readCopy(copyPath) else { throw ShellFile.fail("there is no file \(copy)") }
      copyLines = TodoList.lines(of: text)
    } catch let error as TodoFileError {
      throw ShellFile.fail(error.message)
    }
    // Three-way against the version the copy most likely started from:
    // one of the file's versions the history can walk back to (a line the
    // other side deleted is deleted; one added here since is kept). With
    // no history, every line of both is kept.
    let history = HistoryFile(of: todoPath, in: StateFile.folder())
    let records = history.read().records
    let tag = " conflict:\(ShellFile.today)"
    var hunks: [LineHunk] = []
    try ShellFile.update(todoPath, { list in
      let lines = list.todos.map(TodoTxt.format)
      // The text a yaru last read or wrote too: an edit made since by a
      // program that keeps no history is then not taken for the base's.
      let kept = history.base().map(TodoList.lines(of:))
      let versions = HistoryRecord.versions(backFrom: lines, through: records) + (kept.map { [$0] } ?? [])
      let merged: [String]
      if versions.count > 1 {
        let fingerprints = versions.map { $0.map { LineFingerprint.of($0.utf8) } }
        let base = versions[LineMerge.closestBase(to: copyLines, among: fingerprints)]
        merged = TodoList.lines(of: LineMerge.mergedText(
          base: base.map { $0 + "\n" }.joined(), ours: list.formatted(), theirs: copyLines.map { $0 + "\n" }.joined(),
          tag: tag, isDisplaced: false
        ))
      } else {
        merged = LineMerge.union(lines, copyLines)
      }
      let makeID = UUID.seededRandom()
      list.todos = IdentifiedArray(uncheckedUniqueElements: merged.map { TodoTxt.parse($0[...], id: makeID()) })
      hunks = LineMerge.hunks(from: lines, to: merged)
    }, written: { text in
      // One step in the history (`yaru undo` takes the merge back),
      // written while the folder is still locked, as ShellFile.update does.
      let record = HistoryRecord(
        id: "merge." + UUID().uuidString.prefix(8).lowercased(), time: Date(), source: "yaru merge", kind: .step,
        summary: "merged a conflict copy: " + hunks.summary, hunks: hunks
      )
      if !hunks.isEmpty, let warning = history.append([record]) { StandardIO.printError("yaru: \(warning)") }
      history.keepBase(text)
    })
    // Only once the merged list is safely saved.
    guard unlink(copyPath) == 0 else {
      throw ShellFile.fail("merged, but cannot remove \(copyPath): \(String(cString: strerror(errno)))")
    }
    let added = hunks.reduce(0) { $0 + $1.added.count }, removed = hunks.reduce(0) { $0 + $1.removed.count }
    print("Merged \(copyPath) into \(todoPath): \(added) line\(added == 1 ? "" : "s") added, \(removed) removed; the copy is removed.")
  }
}
