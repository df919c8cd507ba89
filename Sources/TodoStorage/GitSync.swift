import FoundationEssentials
import Glibc
import SystemPackage
import TodoModel

/// `yaru sync`: the folder holding the todo file is a git repository with a
/// remote, and git is the engine — the `git` program, arguments as a list,
/// no prompt, standard input closed, a time limit for the whole sync. What
/// yaru brings is its merge (`yaru merge-driver`), named for the todo and
/// done files in `.gitattributes`, so a pull never leaves conflict markers
/// in them. The folder's lock is held for what changes the files (commit,
/// merge), never while waiting on the network.
public struct GitSync: Sendable {
  public typealias Outcome = SyncOutcome

  /// The todo file as its symlinks resolve, and the done file.
  public let todoPath: String
  public let donePath: String
  /// How `git` calls yaru back for merges (this program's own path).
  public let driverCommand: String
  public var timeLimit: Duration = .seconds(60)
  /// Where what a sync brings is recorded, as the sync's change.
  public var history: HistoryClient?

  public init(todoPath: String, donePath: String, driverCommand: String, history: HistoryClient? = nil) {
    self.todoPath = TodoFile.realPath(todoPath)
    self.donePath = TodoFile.realPath(donePath)
    self.driverCommand = driverCommand
    self.history = history
  }

  var folder: String { TodoFile.folderPath(of: FilePath(todoPath)).string }

  /// `yaru sync --setup [REMOTE]`: a repository if there is none, yaru's
  /// merge named and registered, the files committed, and with REMOTE,
  /// `origin` and a first push. Again, it changes nothing.
  public func setup(remote: String?) -> Outcome {
    var git = Git(folder: folder, deadline: ContinuousClock.now + timeLimit)
    if let missing = git.missing { return missing }
    if !git.run(["rev-parse", "--show-toplevel"]).succeeded {
      let made = git.run(["init", "-q"])
      guard made.succeeded else { return .needsPerson("cannot make \(folder) a git repository: \(made.output.trimmingWhitespace())") }
    }
    if let problem = register(&git) { return problem }
    let files = [todoPath, donePath, folder + "/.gitattributes"].filter(Self.exists)
    if let problem = commit(&git, files: files, message: "yaru sync --setup: the todo list") { return problem }
    let known = git.run(["remote", "get-url", "origin"])
    guard let remote else {
      // A clone: it has its origin already.
      return known.succeeded ? exchange(&git) : .synced("\(folder) is ready; yaru sync --setup REMOTE adds where it syncs to")
    }
    if known.succeeded, known.output.trimmingWhitespace() != remote {
      return .needsPerson("origin is \(known.output.trimmingWhitespace()) already: git -C \(folder) remote set-url origin \(remote)")
    }
    if !known.succeeded {
      let added = git.run(["remote", "add", "origin", remote])
      guard added.succeeded else { return .needsPerson("cannot add the remote: \(added.output.trimmingWhitespace())") }
    }
    return exchange(&git)
  }

  /// `yaru sync`: commit the files if they changed (the message says what
  /// changed since the last commit, whose time `message` is given), take
  /// the remote's changes (a merge: the driver runs), send ours, and again
  /// on a refused push (three tries).
  public func sync(message: (_ lastCommit: Int64?) -> String) -> Outcome {
    var git = Git(folder: folder, deadline: ContinuousClock.now + timeLimit)
    if let missing = git.missing { return missing }
    guard git.run(["rev-parse", "--show-toplevel"]).succeeded else {
      return .needsPerson("\(folder) is not a git repository: yaru sync --setup [REMOTE] makes it one")
    }
    if git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).succeeded {
      return .needsPerson("a merge is in progress in \(folder): finish it (git -C \(folder) commit) or git -C \(folder) merge --abort")
    }
    for state in ["rebase-merge", "rebase-apply"] {
      let path = git.run(["rev-parse", "--git-path", state]).output.trimmingWhitespace()
      if !path.isEmpty, Self.exists(path.hasPrefix("/") ? path : folder + "/" + path) {
        return .needsPerson("a rebase is in progress in \(folder): git -C \(folder) rebase --continue or --abort")
      }
    }
    guard !git.run(["remote"]).output.trimmingWhitespace().isEmpty else {
      return .needsPerson("\(folder) has no remote to sync with: yaru sync --setup REMOTE")
    }
    if let problem = register(&git) { return problem }
    healMarkers()
    let files = [todoPath, donePath].filter(Self.exists)
    let lastCommit = Int64(git.run(["log", "-1", "--format=%ct"]).output.trimmingWhitespace())
    if let problem = commit(&git, files: files, message: message(lastCommit)) { return problem }
    return exchange(&git)
  }

  /// Fetch, merge, push; a refused push is fetched, merged and pushed again.
  private func exchange(_ git: inout Git) -> Outcome {
    let branch = git.run(["rev-parse", "--abbrev-ref", "HEAD"]).output.trimmingWhitespace()
    var merged = 0
    for _ in 0..<3 {
      let fetched = git.run(["fetch", "-q", "origin"])
      guard fetched.succeeded else { return offline(git, fetched) }
      if git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/\(branch)"]).succeeded {
        let before = (try? TodoFile.read(todoPath))?.text ?? ""
        let merge = whileLocked { git.run(["merge", "-q", "--no-edit", "origin/\(branch)"]) }
        guard let merge, merge.succeeded else {
          return .needsPerson("the merge from origin stopped (\(merge?.output.trimmingWhitespace() ?? "the folder stayed locked")): git -C \(folder) status")
        }
        if !merge.output.contains("Already up to date") {
          merged += 1
          recordWhatCame(before: before)
        }
      }
      let pushed = git.run(["push", "-q", "origin", "HEAD:refs/heads/\(branch)"])
      if pushed.succeeded {
        return .synced(merged > 0 ? "synced: took the remote's changes and sent yours" : "synced")
      }
      if pushed.timedOut { return offline(git, pushed) }
    }
    return .offline("the remote kept moving: tried three times; the next sync tries again")
  }

  /// The lines the merge brought into the todo file, in the history as
  /// the sync's change (the open list then knows who made it).
  private func recordWhatCame(before: String) {
    guard let history, let after = (try? TodoFile.read(todoPath))?.text, after != before else { return }
    let hunks = LineMerge.hunks(from: TodoList.lines(of: before), to: TodoList.lines(of: after))
    guard !hunks.isEmpty else { return }
    var id = ""
    for _ in 0..<8 { id += String(UInt8.random(in: 0...15), radix: 16) }
    _ = history.append([HistoryRecord(
      id: "sync." + id, time: .now, source: "sync", kind: .outside, summary: "from origin: " + hunks.summary, hunks: hunks
    )])
  }

  private func offline(_ git: Git, _ outcome: ChildProcess.Outcome) -> Outcome {
    let why = outcome.timedOut ? "no answer in \(timeLimit)" : outcome.output.trimmingWhitespace().split(separator: "\n").last.map(String.init) ?? "git failed"
    return .offline("offline (\(why)): your changes are committed and wait for the next sync")
  }

  /// `.gitattributes` names yaru's merge for the two files; the repository's
  /// own config says what it runs. Only what is missing is written.
  private func register(_ git: inout Git) -> Outcome? {
    let attributes = folder + "/.gitattributes"
    var text = (try? TodoFile.read(attributes))?.text ?? ""
    for path in [todoPath, donePath] {
      let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
      let line = "/\(relative.replacing(" ", with: "[[:space:]]")) merge=yaru"
      guard !TodoList.lines(of: text).contains(line) else { continue }
      if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
      text += line + "\n"
    }
    if text != (try? TodoFile.read(attributes))?.text {
      do throws(TodoFileError) {
        _ = try TodoFile.write(text, to: attributes)
      } catch {
        return .needsPerson("cannot write \(attributes): \(error.message)")
      }
    }
    let driver = "\(driverCommand) merge-driver %O %A %B %P"
    if git.run(["config", "--get", "merge.yaru.driver"]).output.trimmingWhitespace() != driver {
      _ = git.run(["config", "merge.yaru.name", "yaru: the todo.txt line merge"])
      let set = git.run(["config", "merge.yaru.driver", driver])
      guard set.succeeded else { return .needsPerson("cannot register yaru's merge: \(set.output.trimmingWhitespace())") }
    }
    return nil
  }

  /// Commits `files` if they changed, under the folder's lock.
  private func commit(_ git: inout Git, files: [String], message: String) -> Outcome? {
    let outcome = whileLocked { () -> ChildProcess.Outcome in
      let added = git.run(["add", "--"] + files)
      guard added.succeeded else { return added }
      if git.run(["diff", "--cached", "--quiet"]).succeeded { return added }
      return git.run(["commit", "-q", "-m", message])
    }
    guard let outcome else { return .needsPerson("another program kept \(folder) locked") }
    return outcome.succeeded ? nil : .needsPerson("cannot commit: \(outcome.output.trimmingWhitespace())")
  }

  /// Markers that a merge without yaru's driver left in the todo file are
  /// healed before committing, never committed.
  private func healMarkers() {
    _ = try? TodoFile.update(todoPath) { text -> (text: String, result: Void) in
      guard let text, let healed = ConflictMarkers.heal(TodoList.lines(of: text), tag: " conflict:git") else {
        return (text ?? "", ())
      }
      return (healed.lines.map { $0 + "\n" }.joined(), ())
    }
  }

  private static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  private func whileLocked<Result>(_ body: () -> Result) -> Result? {
    TodoFile.whileFolderLocked(FilePath(folder), waitingUpTo: .seconds(5), body)
  }
}

/// `git -C FOLDER …` with no prompt and ssh in batch mode, all within one
/// deadline; commits made as the user git knows, or as `$USER@localhost`
/// when git knows nobody (a fresh machine must still be able to sync).
struct Git {
  let folder: String
  let deadline: ContinuousClock.Instant
  private var identity: [String: String]?

  init(folder: String, deadline: ContinuousClock.Instant) {
    self.folder = folder
    self.deadline = deadline
  }

  /// Said when there is no `git` to run.
  var missing: SyncOutcome? {
    let version = raw(["--version"], [:])
    guard version.status == nil, !version.timedOut else { return nil }
    return .needsPerson("yaru sync runs the git program, and there is none on PATH: install git (apt-get install git)")
  }

  mutating func run(_ arguments: [String]) -> ChildProcess.Outcome {
    if identity == nil {
      identity = [:]
      if raw(["config", "user.email"], [:]).output.trimmingWhitespace().isEmpty {
        let user = EnvironmentVariables.process["USER"] ?? "yaru"
        for role in ["AUTHOR", "COMMITTER"] {
          identity?["GIT_\(role)_NAME"] = user
          identity?["GIT_\(role)_EMAIL"] = "\(user)@localhost"
        }
      }
    }
    return raw(arguments, identity ?? [:])
  }

  private func raw(_ arguments: [String], _ extra: [String: String]) -> ChildProcess.Outcome {
    let environment: [String: String] = [
      "GIT_TERMINAL_PROMPT": "0", "GIT_SSH_COMMAND": EnvironmentVariables.process["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes",
      "GIT_MERGE_AUTOEDIT": "no", "LC_ALL": "C",
    ]
    return ChildProcess.run(
      "git", ["-C", folder] + arguments, environment: environment.merging(extra) { $1 }, deadline: deadline
    )
  }
}
