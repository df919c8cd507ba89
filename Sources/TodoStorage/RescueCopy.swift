import Glibc
import SystemPackage
import TodoModel

/// Where changes go that could not be saved when yaru had to end (a signal
/// whose save did not finish in time, a confirmed quit while saves fail),
/// as nano writes `NAME.save`: beside the todo file as
/// `.NAME.yaru-rescue-XXXXXX` (shown on the next start like a sync tool's
/// conflict copy, so `yaru merge` brings it back), or, when that folder
/// cannot take it, in `fallbackFolder` (the state folder). Never over
/// anything: each copy is a new file, private to the user.
public enum RescueCopy {
  public static func write(_ text: String, besides path: String, fallbackFolder: String?) throws(TodoFileError) -> String {
    let target = TodoFile.resolved(FilePath(path))
    let name = target.lastComponent?.string ?? "todo.txt"
    if let copy = newFile(text, named: TodoFile.folderPath(of: target).appending("." + name + marker).string) { return copy }
    if let fallbackFolder {
      let folder = FilePath(fallbackFolder)
      try? TodoFile.makeFolder(folder, for: fallbackFolder)
      if let copy = newFile(text, named: folder.appending(name + "-rescue-").string) { return copy }
    }
    throw TodoFileError("no rescue copy could be written beside \(path)\(fallbackFolder.map { " or in \($0)" } ?? ""): \(Errno(rawValue: errno).reason)")
  }

  /// Marks a rescue copy beside the todo file.
  static let marker = SyncConflictCopy.rescueMarker

  /// `text` flushed to a new file `prefix` + six random characters (0600,
  /// never over anything): its path, or nil.
  static func newFile(_ text: String, named prefix: String) -> String? {
    var template = Array((prefix + "XXXXXX").utf8CString)
    let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard raw >= 0 else { return nil }
    defer { close(raw) }
    let copy = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard (try? FileDescriptor(rawValue: raw).writeAll(text.utf8)) != nil, fsync(raw) == 0 else {
      unlink(copy)
      return nil
    }
    TodoFile.syncFolder(TodoFile.folderPath(of: FilePath(copy)))
    return copy
  }
}
