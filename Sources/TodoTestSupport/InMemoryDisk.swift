import Synchronization
import TodoModel

/// Files in memory, for tests: another program can change them, and saves
/// can be made to fail like a full disk.
public final class InMemoryDisk: Sendable {
  private let files = Mutex<[String: (text: String, version: Int64)]>([:])
  private let failure = Mutex<TodoFileError?>(nil)

  public init(_ files: [String: String] = [:]) {
    self.files.withLock { $0 = files.mapValues { ($0, 1) } }
  }

  public func file(_ path: String) -> String? { files.withLock { $0[path]?.text } }

  /// Every file on the disk, sorted.
  public var fileNames: [String] { files.withLock { $0.keys.sorted() } }

  /// Another program writes the file.
  public func replace(_ path: String, with text: String) {
    files.withLock { $0[path] = (text, ($0[path]?.version ?? 0) + 1) }
  }

  /// Another program deletes the file.
  public func remove(_ path: String) {
    files.withLock { $0[path] = nil }
  }

  /// Saves fail with `error` until set back to nil.
  public func failSaves(with error: TodoFileError?) { failure.withLock { $0 = error } }

  var saveFailure: TodoFileError? { failure.withLock { $0 } }

  func write(_ text: String, to path: String, expecting: DiskExpectation) throws(TodoFileError) -> DiskStamp {
    if let error = failure.withLock({ $0 }) { throw error }
    let conflict = TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)
    switch expecting {
    case .anything: break
    case .noFile: if file(path) != nil { throw conflict }
    case .unchanged(let known): if stamp(path)?.hash != known.hash { throw conflict }
    }
    replace(path, with: text)
    return stamp(path)!
  }

  public func stamp(_ path: String) -> DiskStamp? {
    files.withLock { files in
      files[path].map {
        DiskStamp(inode: 1, size: Int64($0.text.utf8.count), modified: $0.version, changed: $0.version, hash: DiskStamp.hash($0.text.utf8))
      }
    }
  }
}

extension TodoFileClient {
  /// A file that lives in `disk`: tests read and change it there.
  public static func inMemory(path: String = "todo.txt", donePath: String = "done.txt", disk: InMemoryDisk) -> TodoFileClient {
    TodoFileClient(
      path: path,
      load: { () throws(TodoFileError) in disk.file(path).map { ($0, disk.stamp(path)!) } },
      save: { (text, target, expecting) throws(TodoFileError) in try disk.write(text, to: target, expecting: expecting) },
      stamp: { _ in disk.stamp(path) },
      conflictCopies: { disk.fileNames.filter { SyncConflictCopy.isCopy($0, of: path) } },
      donePath: donePath,
      archive: { (lines) throws(TodoFileError) in
        if let error = disk.saveFailure { throw error }
        disk.replace(donePath, with: (disk.file(donePath) ?? "") + lines.map { $0 + "\n" }.joined())
      },
      unarchive: { (lines) throws(TodoFileError) in
        var kept = (disk.file(donePath) ?? "").split(separator: "\n").map(String.init)
        for line in lines.reversed() {
          if let index = kept.lastIndex(of: line) { kept.remove(at: index) }
        }
        disk.replace(donePath, with: kept.map { $0 + "\n" }.joined())
      }
    )
  }
}
