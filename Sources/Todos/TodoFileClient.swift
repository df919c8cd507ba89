#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The todo file as the app's environment sees it: live on disk, or in memory
/// for tests (where a test can also make saves fail or change the "disk").
public struct TodoFileClient: Sendable {
  public let path: String
  public var load: @Sendable () throws(TodoFileError) -> (text: String, stamp: DiskStamp)?
  /// Writes `text` to `path`, refusing (a conflict error) if the file is not as expected.
  public var save: @Sendable (_ text: String, _ path: String, _ expecting: DiskExpectation) throws(TodoFileError) -> DiskStamp
  /// The stamp now, or `known` itself when nothing changed (nil: no file).
  public var stamp: @Sendable (_ known: DiskStamp?) -> DiskStamp?

  public static func live(path: String) -> TodoFileClient {
    TodoFileClient(
      path: path,
      load: { () throws(TodoFileError) in try TodoFile.read(path) },
      save: { (text, target, expecting) throws(TodoFileError) in try TodoFile.write(text, to: target, expecting: expecting) },
      stamp: { TodoFile.stamp(path, unlessSameAs: $0) }
    )
  }

  /// A file that lives in `disk`: tests read and change it there.
  public static func inMemory(path: String = "todo.txt", disk: InMemoryDisk) -> TodoFileClient {
    TodoFileClient(
      path: path,
      load: { () throws(TodoFileError) in disk.file(path).map { ($0, disk.stamp(path)!) } },
      save: { (text, target, expecting) throws(TodoFileError) in try disk.write(text, to: target, expecting: expecting) },
      stamp: { _ in disk.stamp(path) }
    )
  }
}

/// Files in memory, for tests: a save can be made to fail like a full disk.
public final class InMemoryDisk: Sendable {
  private let files = Mutex<[String: (text: String, version: UInt64)]>([:])
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

  /// Saves fail with `error` until set back to nil.
  public func failSaves(with error: TodoFileError?) { failure.withLock { $0 = error } }

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

  func stamp(_ path: String) -> DiskStamp? {
    files.withLock { files in
      files[path].map {
        DiskStamp(inode: 1, size: Int64($0.text.utf8.count), modified: timespec(tv_sec: Int($0.version), tv_nsec: 0),
                  hash: TodoFile.fnv1a($0.text.utf8))
      }
    }
  }
}
