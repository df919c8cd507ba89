import Glibc
import SystemPackage
import TodoModel

/// The done file, where archiving moves completed todos (`done.txt` beside
/// the todo file, as todo.sh keeps it). Archiving appends to it first and
/// flushes that to the disk, and only then is the todo file rewritten: a
/// crash in between leaves a todo in both files, never in neither.
public enum DoneFile {
  /// `$DONE_FILE` when set, else `done.txt` in the todo file's folder.
  public static func path(besides todoPath: String, environment: EnvironmentVariables) -> String {
    if let done = environment["DONE_FILE"], !done.isEmpty { return done }
    let folder = TodoFile.folderPath(of: FilePath(todoPath))
    return folder == "." && !todoPath.hasPrefix("./") ? "done.txt" : folder.appending("done.txt").string
  }

  /// Appends `lines` byte for byte, each on a line of its own, and flushes
  /// them (fsync) before returning. Makes the file (and its folders) when
  /// missing. Takes no lock: it is called under the todo file's folder lock
  /// by `yaru archive`, and appends do not tear each other.
  public static func append(_ lines: [String], to path: String) throws(TodoFileError) {
    guard !lines.isEmpty else { return }
    let target = TodoFile.resolved(FilePath(path))
    let folder = TodoFile.folderPath(of: target)
    try TodoFile.makeFolder(folder, for: path)
    let existed = (try? Stat(target)) != nil
    do {
      let file = try FileDescriptor.open(
        target, .readWrite, options: [.append, .create, .closeOnExec],
        permissions: FilePermissions(rawValue: TodoFile.defaultFileMode())
      )
      defer { try? file.close() }
      // A file whose last line has no line break gets one first.
      let size = try file.seek(offset: 0, from: .end)
      var last: UInt8? = nil
      if size > 0 {
        var byte: UInt8 = 0
        _ = try withUnsafeMutableBytes(of: &byte) { try file.read(fromAbsoluteOffset: size - 1, into: $0) }
        last = byte
      }
      _ = try file.writeAll(DoneFileText.addition(lines, after: last).utf8)
      guard fsync(file.rawValue) == 0 else { throw Errno(rawValue: errno) }
    } catch {
      throw TodoFileError("Cannot archive to \(path): \((error as? Errno ?? .ioError).reason)")
    }
    if !existed { TodoFile.syncFolder(folder) }
  }

  /// Takes `lines` back out of the file (the last copy of each), saved
  /// atomically under the folder lock: what undoing an archive does. Saved
  /// only when the bytes change; a missing file is made, empty.
  public static func remove(_ lines: [String], from path: String) throws(TodoFileError) {
    do {
      try TodoFile.update(path) { text in (DoneFileText.removing(lines, from: text), ()) }
    } catch let error as TodoFileError {
      throw error
    } catch {
      throw TodoFileError("Cannot take the archived todos back out of \(path)")
    }
  }
}
