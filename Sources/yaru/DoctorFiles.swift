import FoundationEssentials
import Glibc
import SystemPackage
import TodoModel
import TodoStorage
import Todos

/// `yaru doctor`'s file lines: the todo file (by which rule, its bytes, who
/// holds its lock), the done file, the state and the history, and sync.
enum DoctorFiles {
  static func check(_ path: String, rule: String, settings: Config, into report: inout DoctorReport) {
    checkTodoFile(path, rule: rule, into: &report)
    let done = TodoFilePath.done(besides: path, config: settings)
    if TodoFile.isSameFile(done, path) {
      report.problem("done file", "\(done) is the todo file itself: archiving is refused until done-file or $DONE_FILE names another")
    } else {
      report.add("done file", done + (access(done, F_OK) == 0 ? ", \(size(of: done))" : " (made by the first archive)"))
    }
    checkState(path, into: &report)
    checkSync(path, settings: settings, into: &report)
  }

  private static func checkTodoFile(_ path: String, rule: String, into report: inout DoctorReport) {
    let real = TodoFile.realPath(path)
    let named = "\(path) (by \(rule))" + (real != path && !real.isEmpty ? " → \(real)" : "")
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT {
        report.add("todo file", "\(named): not there yet (made on the first change)")
      } else {
        report.problem("todo file", "\(named): \(String(cString: strerror(errno)))")
      }
      return
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      report.problem("todo file", "\(named) is not a regular file (a folder, FIFO or device): yaru will not open it")
      return
    }
    guard let bytes = StandardIO.readFile(path) else {
      report.problem("todo file", "\(named): cannot be read: \(String(cString: strerror(errno)))")
      return
    }
    let text = TextInspection(bytes)
    report.add("todo file", "\(named), \(size(bytes.count)), \(text.lines) lines")
    var shape = ["line endings \(text.lineEndings)"]
    if text.byteOrderMark { shape.append("a byte order mark (kept)") }
    if !text.endsWithNewline { shape.append("no newline at the end") }
    if text.crlfLines > 0 {
      report.problem("text", shape.joined(separator: ", ") + ": yaru keeps each line's ending, but todo.sh and grep show ^M — `sed -i 's/\\r$//' FILE` makes it LF")
    } else {
      report.add("text", shape.joined(separator: ", ") + ", UTF-8")
    }
    if !text.invalidUTF8Lines.isEmpty {
      report.problem("encoding", "bytes that are not UTF-8 on \(lines(text.invalidUTF8Lines)): yaru refuses to open the file until they are fixed")
    }
    if !text.nulLines.isEmpty { report.problem("encoding", "NUL bytes on \(lines(text.nulLines))") }
    if text.crLines > 0 { report.problem("text", "\(text.crLines) line(s) hold a lone CR (an old Mac line ending): other tools see one long line") }
    if !text.conflictMarkerLines.isEmpty {
      report.problem("conflict", "merge conflict markers on \(lines(text.conflictMarkerLines)): yaru heals them when it opens the file (both sides kept, tagged conflict:git)")
    }
    // The save's own check for the file; and its temporary file goes in the folder.
    let folder = FilePath(real.isEmpty ? path : real).removingLastComponent()
    if let refusal = TodoFile.writeRefusal(path) {
      report.problem("access", refusal)
    } else if access(folder.isEmpty ? "." : folder.string, W_OK) != 0 {
      report.problem("access", "its folder \(folder) cannot be written: yaru cannot save (it writes a temporary file beside the file)")
    }
    switch InstanceLock.holder(of: path) {
    case nil: report.add("lock", "free")
    case 0?: report.problem("lock", "held by another process: a yaru started now opens the file read-only")
    case let pid?: report.problem("lock", "held by process \(pid) (\(command(of: pid))): a yaru started now opens the file read-only")
    }
  }

  private static func checkState(_ todoPath: String, into report: inout DoctorReport) {
    let state = StateFile.path()
    let remembered = StateFile(path: state)
    if let warning = remembered.warning {
      report.problem("state", "\(state): \(warning)")
    } else {
      report.add("state", state + (access(state, F_OK) == 0 ? ", \(size(of: state))" : " (none yet)"))
    }
    let history = HistoryFile(of: todoPath, in: StateFile.folder())
    guard access(history.path, F_OK) == 0 else {
      report.add("history", "\(history.path) (none yet)")
      return
    }
    let reading = history.read()
    if let warning = reading.warning {
      report.problem("history", "\(history.path), \(size(of: history.path)): \(warning)")
    } else {
      report.add("history", "\(history.path), \(size(of: history.path)), \(reading.records.count) records read")
    }
  }

  private static func checkSync(_ todoPath: String, settings: Config, into report: inout DoctorReport) {
    let status = GitSync(todoPath: todoPath, donePath: "", driverCommand: "").status()
    let mode = settings.syncsWithGit ? "sync = \"git\"" : "sync off"
    if let problem = status.problem {
      if settings.syncsWithGit { report.problem("sync", "\(mode): \(problem)") } else { report.add("sync", mode) }
      return
    }
    guard let repository = status.repository else {
      if settings.syncsWithGit {
        report.problem("sync", "\(mode), but the todo file's folder is in no git repository: run yaru sync --setup REMOTE")
      } else {
        report.add("sync", "\(mode) (the folder is in no git repository)")
      }
      return
    }
    let remote = status.remote.map { "remote \($0)" } ?? "no remote"
    let last = status.lastFetch.map { "last sync \(HistoryLine.time(Date(timeIntervalSince1970: Double($0))))" } ?? "never synced"
    if settings.syncsWithGit, status.remote == nil {
      report.problem("sync", "\(mode), repository \(repository), no remote: run yaru sync --setup REMOTE")
    } else {
      report.add("sync", "\(mode), repository \(repository), \(remote), \(last)")
    }
  }

  /// `lines 3, 7 and 12` (the first ten).
  private static func lines(_ numbers: [Int]) -> String {
    let shown = numbers.prefix(10).map(String.init)
    let more = numbers.count > 10 ? " and \(numbers.count - 10) more" : ""
    return (numbers.count == 1 ? "line " : "lines ") + shown.joined(separator: ", ") + more
  }

  private static func size(of path: String) -> String {
    var info = stat()
    return stat(path, &info) == 0 ? size(Int(info.st_size)) : "unreadable"
  }

  private static func size(_ bytes: Int) -> String {
    bytes < 10_000 ? "\(bytes) bytes" : bytes < 10_000_000 ? "\(bytes / 1_000) KB" : "\(bytes / 1_000_000) MB"
  }

  /// The process's name, from `/proc/PID/comm`.
  private static func command(of pid: Int32) -> String {
    guard let bytes = StandardIO.readFile("/proc/\(pid)/comm", limit: 64) else { return "unknown" }
    return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
  }
}
