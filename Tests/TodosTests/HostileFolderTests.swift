import Foundation
import Testing
import TodoModel
import TodoStorage

/// A folder others can write in (a shared or synced one): what yaru finds or
/// makes beside the todo file must not lead it elsewhere (issue #32).
struct HostileFolderTests {
  let folder: String

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-hostile-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private let copyName = "todo.sync-conflict-20261123-101500-ABCDEFG.txt"

  /// A symlink named like a sync tool's copy, pointing at a secret outside
  /// the folder, is neither announced nor read for `yaru merge`.
  @Test func aSymlinkedConflictCopyIsNeitherOfferedNorRead() throws {
    try "one\n".write(toFile: folder + "/todo.txt", atomically: false, encoding: .utf8)
    try "SECRET KEY\n".write(toFile: folder + "-secret", atomically: false, encoding: .utf8)
    symlink(folder + "-secret", folder + "/" + copyName)
    defer { unlink(folder + "-secret") }
    #expect(TodoFile.conflictCopies(of: folder + "/todo.txt") == [])
    #expect(throws: TodoFileError.self) { try TodoFile.readCopy(folder + "/" + copyName) }
  }

  /// A hard link to a file elsewhere is not a copy of its own either; a
  /// plain copy is offered and read.
  @Test func onlyAFileOfItsOwnIsACopy() throws {
    try "one\n".write(toFile: folder + "/todo.txt", atomically: false, encoding: .utf8)
    try "two\n".write(toFile: folder + "/elsewhere", atomically: false, encoding: .utf8)
    link(folder + "/elsewhere", folder + "/" + copyName)
    #expect(TodoFile.conflictCopies(of: folder + "/todo.txt") == [])
    #expect(throws: TodoFileError.self) { try TodoFile.readCopy(folder + "/" + copyName) }
    unlink(folder + "/elsewhere")
    #expect(TodoFile.conflictCopies(of: folder + "/todo.txt") == [copyName])
    #expect(try TodoFile.readCopy(folder + "/" + copyName) == "two\n")
  }
}
