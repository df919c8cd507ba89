import Glibc
import TodoModel

extension GitSync {
  /// Where the todo file's folder syncs to, for `yaru doctor`.
  public struct Status: Sendable {
    /// The repository's top folder; nil when the folder is in none.
    public var repository: String?
    /// `origin`'s address; nil when there is none.
    public var remote: String?
    /// When the remote was last fetched from (a sync's first step), in
    /// seconds since 1970; nil when never.
    public var lastFetch: Int?
    /// Why git could not be asked (no `git` on PATH).
    public var problem: String?
  }

  /// Reads only: runs `git rev-parse` and `git remote get-url`, changes nothing.
  public func status() -> Status {
    var git = Git(folder: folder, deadline: ContinuousClock.now + .seconds(5))
    if let missing = git.missing, case .needsPerson(let message) = missing { return Status(problem: message) }
    let top = git.run(["rev-parse", "--show-toplevel"])
    guard top.succeeded else { return Status() }
    let repository = top.output.trimmingWhitespace()
    let remote = git.run(["remote", "get-url", "origin"])
    let gitFolder = git.run(["rev-parse", "--absolute-git-dir"]).output.trimmingWhitespace()
    var fetched = stat()
    let lastFetch = stat(gitFolder + "/FETCH_HEAD", &fetched) == 0 ? fetched.st_mtim.tv_sec : nil
    return Status(
      repository: repository, remote: remote.succeeded ? remote.output.trimmingWhitespace() : nil, lastFetch: lastFetch
    )
  }
}
