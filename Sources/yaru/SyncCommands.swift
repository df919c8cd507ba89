import ArgumentParser
import FoundationEssentials
import Glibc
import TodoModel
import TodoStorage
import Todos

/// `yaru sync`: the list the same on every machine, through the git
/// repository its folder is (docs/Sync.md).
struct SyncCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Commit the list, take the remote's changes (yaru's merge, no conflict markers) and send yours, with git."
  )

  @OptionGroup var file: FileOption
  @Flag(name: .long, help: "Make the folder a git repository with yaru's merge for the todo and done files (and, with REMOTE, origin).")
  var setup = false
  @Argument(help: "With --setup: the remote to sync with (any git remote: ssh, a hosted service, a bare repository).")
  var remote: String?

  func run() throws {
    let settings = try file.settings()
    let todoPath = try file.path(settings)
    let sync = GitSync(
      todoPath: todoPath, donePath: TodoFilePath.done(besides: todoPath, config: settings), driverCommand: Self.ownPath,
      history: HistoryFile(of: todoPath, in: StateFile.folder()).client
    )
    if remote != nil, !setup { throw ShellFile.fail("a remote is given with --setup: yaru sync --setup \(remote ?? "")") }
    let outcome = setup ? sync.setup(remote: remote) : sync.sync { Self.commitMessage(todoPath, since: $0) }
    if outcome.exitStatus == 0 { print(outcome.message) } else { StandardIO.printError("yaru: \(outcome.message)") }
    if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
  }

  /// The history's descriptions since the last commit, newest last; else a plain line.
  static func commitMessage(_ todoPath: String, since lastCommit: Int64?) -> String {
    let records = HistoryFile(of: todoPath, in: StateFile.folder()).read().records
      .filter { record in lastCommit.map { Int64(record.time.timeIntervalSince1970) >= $0 } ?? true }
    guard !records.isEmpty else { return "yaru sync" }
    let lines = records.suffix(20).map { "- \($0.summary) (\($0.source))" }
    return "yaru sync: \(records.count) change\(records.count == 1 ? "" : "s")\n\n" + lines.joined(separator: "\n")
  }

  /// This program, as git is to call it back for merges.
  static var ownPath: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "yaru" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// `yaru merge-driver BASE OURS THEIRS [PATH]`: git's merge for the todo
/// and done files (named in `.gitattributes` by `yaru sync --setup`).
struct MergeDriverCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-driver",
    abstract: "git's merge for todo.txt: both sides' changes kept, never conflict markers (the result goes to OURS)."
  )

  @Argument(help: "The version both started from (git's %O).") var base: String
  @Argument(help: "This side's version, where the result is written (%A).") var ours: String
  @Argument(help: "The other side's version (%B).") var theirs: String
  @Argument(help: "The file's path in the repository (%P): a done file keeps every line of both.") var path: String?

  func run() throws {
    func read(_ path: String) throws -> String {
      do throws(TodoFileError) {
        return try TodoFile.read(path)?.text ?? ""
      } catch {
        throw ShellFile.fail(error.message)
      }
    }
    let (baseText, ourText, theirText) = (try read(base), try read(ours), try read(theirs))
    let name = path.map { String($0.split(separator: "/").last ?? "") } ?? ""
    let merged: String
    if name.hasPrefix("done") {
      // Archived lines: every line of both, the shared ones once, in order.
      merged = LineMerge.union(TodoList.lines(of: ourText), TodoList.lines(of: theirText)).map { $0 + "\n" }.joined()
    } else {
      merged = LineMerge.mergedText(
        base: baseText, ours: ourText, theirs: theirText, tag: " conflict:\(ShellFile.today)", isDisplaced: false
      )
    }
    // git's own temporary file, written while `yaru sync` holds the
    // folder's lock: written in place, without taking it.
    let descriptor = open(ours, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw ShellFile.fail("cannot write \(ours): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    let bytes = Array(merged.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw ShellFile.fail("cannot write \(ours): \(String(cString: strerror(errno)))") }
      written += count
    }
  }
}
