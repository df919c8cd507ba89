import Synchronization
import TodoModel

/// Files in memory, for tests: another program can change them, and saves
/// can be made to fail like a full disk or a read-only file. It answers as
/// `TodoFileClient.live` does (FileClientContractTests hold both to that).
public final class InMemoryDisk: Sendable {
  private struct File {
    var text: String
    /// Stands for the file's times: the disk's clock when it was last
    /// written, never reused, so a file written again never looks unchanged.
    var version: Int64
    var isReadOnly = false

    /// As `TodoFile.stamp(_:unlessSameAs:)`: `known` itself when the times
    /// and size say nothing changed, without looking at the bytes.
    func stamp(unlessSameAs known: DiskStamp?) -> DiskStamp {
      var now = DiskStamp(inode: 1, size: Int64(text.utf8.count), modified: version, changed: version, hash: known?.hash ?? 0)
      if let known, now == known { return known }
      now.hash = DiskStamp.hash(text.utf8)
      return now
    }
  }

  private struct Contents {
    var files: [String: File] = [:]
    var clock: Int64 = 0
    var failure: TodoFileError?
    /// What another program writes at the last moment of the next save, by path.
    var lastMomentWrites: [String: @Sendable (String?) -> String] = [:]
    /// Another writer holds the folders' lock (`yaru add` writing its history).
    var isFolderLocked = false

    mutating func write(_ path: String, _ text: String) {
      clock += 1
      files[path, default: File(text: text, version: clock)].text = text
      files[path]?.version = clock
    }

    /// The write a save makes, failing as a read-only file or a full disk does.
    mutating func save(_ text: String, to path: String) throws(TodoFileError) -> DiskStamp {
      if files[path]?.isReadOnly == true {
        throw TodoFileError("Cannot save \(path): the file is read-only (chmod u+w \(path) allows changes)")
      }
      if let failure { throw failure }
      write(path, text)
      return files[path]!.stamp(unlessSameAs: nil)
    }
  }

  private let contents = Mutex(Contents())

  public init(_ files: [String: String] = [:]) {
    contents.withLock { disk in
      for (path, text) in files.sorted(by: { $0.key < $1.key }) { disk.write(path, text) }
    }
  }

  public func file(_ path: String) -> String? { contents.withLock { $0.files[path]?.text } }

  /// Every file on the disk, sorted.
  public var fileNames: [String] { contents.withLock { $0.files.keys.sorted() } }

  /// Another program writes the file.
  public func replace(_ path: String, with text: String) {
    contents.withLock { $0.write(path, text) }
  }

  /// Another program deletes the file.
  public func remove(_ path: String) {
    contents.withLock { $0.files[path] = nil }
  }

  /// `chmod u-w` (or `u+w`): yaru's saves refuse a read-only file.
  public func setReadOnly(_ path: String, _ isReadOnly: Bool = true) {
    contents.withLock { $0.files[path]?.isReadOnly = isReadOnly }
  }

  /// Is the file there and read-only?
  public func isReadOnly(_ path: String) -> Bool { contents.withLock { $0.files[path]?.isReadOnly ?? false } }

  /// Saves fail with `error` until set back to nil.
  public func failSaves(with error: TodoFileError?) { contents.withLock { $0.failure = error } }

  /// The stamp of the file now (nil: none), hashed.
  public func stamp(_ path: String) -> DiskStamp? { contents.withLock { $0.files[path]?.stamp(unlessSameAs: nil) } }

  /// Another writer takes (or lets go of) the folders' lock: a look
  /// meanwhile reads nothing (`.busy`), as `TodoFile.look` does.
  public func holdFolderLock(_ isLocked: Bool = true) { contents.withLock { $0.isFolderLocked = isLocked } }

  /// As `TodoFile.look(_:since:)`: the bytes only when the times say they may have changed.
  public func look(_ path: String, since known: DiskStamp?) -> FileLook {
    contents.withLock { disk in
      guard let file = disk.files[path] else { return .gone }
      if let known, file.stamp(unlessSameAs: known) == known { return .unchanged }
      if disk.isFolderLocked { return .busy }
      return .read(text: file.text, stamp: file.stamp(unlessSameAs: nil))
    }
  }

  func read(_ path: String) -> (text: String, stamp: DiskStamp)? {
    contents.withLock { $0.files[path].map { ($0.text, $0.stamp(unlessSameAs: nil)) } }
  }

  /// As `TodoFile.write`: the expectation first, then the write itself.
  /// As `TodoFile.write`: the check, then the swap; what another program
  /// wrote in between (`writeAtTheLastMoment`) comes back displaced.
  func write(_ text: String, to path: String, expecting: DiskExpectation) throws(TodoFileError) -> SavedFile {
    try contents.withLock { (disk: inout Contents) throws(TodoFileError) in
      let conflict = TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)
      let file = disk.files[path]
      switch expecting {
      case .anything: break
      case .noFile: if file != nil { throw conflict }
      case .unchanged(let known):
        // A file deleted meanwhile is written again, as on the disk.
        if let file, file.stamp(unlessSameAs: known).hash != known.hash { throw conflict }
      }
      if let write = disk.lastMomentWrites.removeValue(forKey: path) { disk.write(path, write(disk.files[path]?.text)) }
      let displaced = disk.files[path].flatMap { now in now.text.utf8.elementsEqual((file?.text ?? "").utf8) && file != nil ? nil : now.text }
      let stamp = try disk.save(text, to: path)
      guard let displaced, expecting != .anything else { return SavedFile(stamp: stamp) }
      disk.clock += 1
      let kept = Self.displacedPath(of: path, number: disk.clock)
      disk.write(kept, displaced)
      return SavedFile(stamp: stamp, displaced: DisplacedFile(path: kept, text: displaced))
    }
  }

  /// Another program writes `path` (given its text, nil: none) after the
  /// next save's check and before that save's text takes its place.
  public func writeAtTheLastMoment(_ path: String, _ change: @escaping @Sendable (String?) -> String) {
    contents.withLock { $0.lastMomentWrites[path] = change }
  }

  /// As the live client: `.NAME.yaru-displaced-N` beside the file.
  private static func displacedPath(of path: String, number: Int64) -> String {
    let (folder, name) = split(path)
    return (folder.isEmpty ? "" : folder + "/") + "." + name + SyncConflictCopy.displacedMarker + String(number)
  }

  /// As `RescueCopy.write`: a new `.NAME.yaru-rescue-N` beside the file;
  /// fails as the disk's saves do (but for a conflict: a new file has no
  /// other writer).
  func rescue(_ text: String, besides path: String) throws(TodoFileError) -> String {
    try contents.withLock { (disk: inout Contents) throws(TodoFileError) in
      if let failure = disk.failure, !failure.isConflict { throw failure }
      disk.clock += 1
      let (folder, name) = Self.split(path)
      let copy = (folder.isEmpty ? "" : folder + "/") + "." + name + SyncConflictCopy.rescueMarker + String(disk.clock)
      disk.write(copy, text)
      return copy
    }
  }

  /// Removes a file (a displaced version, once merged and saved).
  func discard(_ path: String) { contents.withLock { $0.files[path] = nil } }

  /// As `DoneFile.append`: nothing to add writes nothing; a read-only file
  /// refuses appends (for anyone but root).
  func append(_ lines: [String], to path: String) throws(TodoFileError) {
    guard !lines.isEmpty else { return }
    try contents.withLock { (disk: inout Contents) throws(TodoFileError) in
      let old = disk.files[path]
      if old?.isReadOnly == true { throw TodoFileError("Cannot archive to \(path): Permission denied") }
      if let failure = disk.failure { throw failure }
      disk.write(path, (old?.text ?? "") + DoneFileText.addition(lines, after: old?.text.utf8.last))
    }
  }

  /// As `DoneFile.remove`: saved like any save, and only when the bytes change.
  func removeLines(_ lines: [String], from path: String) throws(TodoFileError) {
    try contents.withLock { (disk: inout Contents) throws(TodoFileError) in
      let old = disk.files[path]?.text
      let text = DoneFileText.removing(lines, from: old)
      if let old, old.utf8.elementsEqual(text.utf8) { return }
      _ = try disk.save(text, to: path)
    }
  }

  /// As `TodoFile.conflictCopies`: names (no folders) beside `path`, sorted.
  func conflictCopies(of path: String) -> [String] {
    let (folder, name) = Self.split(path)
    return fileNames.map(Self.split).filter { $0.folder == folder && SyncConflictCopy.isShown($0.name, of: name) }.map { $0.name }
  }

  static func split(_ path: String) -> (folder: Substring, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (path[..<slash], String(path[path.index(after: slash)...]))
  }
}

extension TodoFileClient {
  /// A file that lives in `disk`: tests read and change it there.
  public static func inMemory(path: String = "todo.txt", donePath: String = "done.txt", disk: InMemoryDisk) -> TodoFileClient {
    TodoFileClient(
      path: path,
      load: { () throws(TodoFileError) in disk.read(path) },
      save: { (text, target, expecting) throws(TodoFileError) in try disk.write(text, to: target, expecting: expecting) },
      readCopy: { name in
        let (folder, _) = InMemoryDisk.split(path)
        return disk.file((folder.isEmpty ? "" : folder + "/") + name)
      },
      discard: { disk.discard($0) },
      rescue: { (text) throws(TodoFileError) in try disk.rescue(text, besides: path) },
      look: { disk.look(path, since: $0) },
      conflictCopies: { disk.conflictCopies(of: path) },
      writeRefusal: { disk.isReadOnly(path) ? "the file is read-only (chmod u+w \(path) allows changes)" : nil },
      donePath: donePath,
      archive: { (lines) throws(TodoFileError) in try disk.append(lines, to: donePath) },
      unarchive: { (lines) throws(TodoFileError) in try disk.removeLines(lines, from: donePath) }
    )
  }
}
