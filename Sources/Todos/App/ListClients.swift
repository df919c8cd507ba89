import TodoModel

/// One of several lists (the config's `[lists]`): its name, and its own
/// todo file and history. Each list keeps its own lock, done file and
/// history, so each has its own clients; the app runs the file feature of
/// the one it shows on them (`AppEnvironment.forList`).
public struct ListClients: Sendable {
  public var name: String
  public var file: TodoFileClient?
  public var history: HistoryClient?
  /// The kernel's notices of changes to its file (nil: polled, as in tests).
  public var fileNotices: FileNoticeClient?
  /// Takes the list's instance lock, when it is first shown: false while
  /// another yaru has the list open (it is then read-only here). I/O queue.
  public var takeLock: @Sendable () -> Bool = { true }

  public init(name: String, file: TodoFileClient?, history: HistoryClient?) {
    self.name = name
    self.file = file
    self.history = history
  }
}

extension AppEnvironment {
  /// The environment of list `index`: its file and history in place of
  /// the ones the app started on; the rest (clocks, queues, sync) shared.
  public func forList(_ index: Int) -> AppEnvironment {
    guard lists.indices.contains(index) else { return self }
    var environment = self
    environment.file = lists[index].file
    environment.history = lists[index].history
    environment.fileNotices = lists[index].fileNotices
    return environment
  }

  /// The clients of the list whose todo file is at `path`.
  func list(at path: String) -> ListClients? {
    lists.first { $0.file?.path == path }
  }
}
