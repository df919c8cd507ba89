import Foundation
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

/// The file on a real disk, in a fresh folder per test.
struct TodoFileTests {
  let folder: String

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-tests-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }

  @Test func aMissingFileIsAnEmptyListAndTheFirstSaveCreatesItsFolders() throws {
    let path = folder + "/deep/er/todo.txt"
    #expect(try TodoFile.read(path) == nil)
    try TodoFile.write("one\n", to: path)
    #expect(bytes(path) == Array("one\n".utf8))
    #expect(try TodoFile.read(path)?.text == "one\n")
  }

  /// What goes with a shell's change (its history record) is written
  /// while the folder is still locked: an open list looking at the file
  /// then does not read it yet, so it never sees the change without its
  /// record (and takes it for another program's — make test's history
  /// e2e caught that under load).
  @Test func whatGoesWithAnUpdateIsWrittenBeforeAnOpenListMayLook() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    let before = try #require(try TodoFile.read(path)).stamp
    var looked: FileLook?
    try TodoFile.update(path, { text in ((text ?? "") + "two\n", ()) }, written: { text in
      #expect(text == "one\ntwo\n")
      looked = TodoFile.look(path, since: before)
    })
    #expect(looked == .busy, "a look while the shell still holds the folder reads nothing")
    guard case .read(let text, _) = TodoFile.look(path, since: before) else { Issue.record("the look after reads the change"); return }
    #expect(text == "one\ntwo\n")
  }

  @Test func saveKeepsPermissionsAndLeavesNoTemporaryFiles() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    chmod(path, 0o600)
    try TodoFile.write("two\n", to: path)
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.txt"])
  }

  @Test func aSymlinkIsFollowedNotReplaced() throws {
    let real = folder + "/real.txt"
    let link = folder + "/todo.txt"
    try TodoFile.write("one\n", to: real)
    symlink(real, link)
    try TodoFile.write("two\n", to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    #expect(bytes(real) == Array("two\n".utf8))
  }

  /// A link to a file in a folder that is not there yet (a sync folder
  /// still coming): the file is made there, and the link stays a link.
  @Test func aDanglingSymlinkIsFollowedToo() throws {
    let link = folder + "/todo.txt"
    symlink("cloud/notyet/todo.txt", link)
    try TodoFile.write("one\n", to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "cloud/notyet/todo.txt")
    #expect(bytes(folder + "/cloud/notyet/todo.txt") == Array("one\n".utf8))
  }

  @Test func aReadOnlyFileIsRefusedAndKept() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    chmod(path, 0o444)
    #expect(throws: TodoFileError("Cannot save \(path): the file is read-only (chmod u+w \(path) allows changes)")) {
      try TodoFile.write("two\n", to: path)
    }
    #expect(bytes(path) == Array("one\n".utf8))
  }

  /// Asked at load: the footer says read-only before a change is refused.
  @Test func aReadOnlyFileIsKnownBeforeASave() throws {
    let path = folder + "/todo.txt"
    #expect(TodoFile.writeRefusal(path) == nil, "no file yet: the first change makes it")
    try TodoFile.write("one\n", to: path)
    #expect(TodoFile.writeRefusal(path) == nil)
    chmod(path, 0o444)
    #expect(TodoFile.writeRefusal(path) == "the file is read-only (chmod u+w \(path) allows changes)")
    #expect(TodoFileClient.live(path: path, donePath: folder + "/done.txt").writeRefusal() != nil)
  }

  @Test(.enabled(if: getuid() == 0, "only root can save a file someone else owns"))
  func aSaveKeepsTheFilesOwner() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    chown(path, 4_321, 4_321)
    try TodoFile.write("two\n", to: path)
    var info = stat()
    stat(path, &info)
    #expect(info.st_uid == 4_321 && info.st_gid == 4_321)
  }

  /// A file with a second name (a hard link): a save keeps both names on
  /// the same file (a rename used to split them), and leaves no copy behind.
  @Test func aHardLinkedFileStaysLinked() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    link(path, folder + "/also.txt")
    try TodoFile.write("two\n", to: path)
    #expect(bytes(folder + "/also.txt") == Array("two\n".utf8))
    try TodoFile.write("three, longer\n", to: path)
    try TodoFile.write("4\n", to: path)
    #expect(bytes(folder + "/also.txt") == Array("4\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["also.txt", "todo.txt"])
  }

  /// The copy an in-place save cut short leaves is offered like a sync
  /// tool's conflict copy (yaru merge brings it back).
  @Test func anInPlaceCopyLeftBehindIsOffered() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    _ = FileManager.default.createFile(atPath: folder + "/.todo.txt.yaru-inplace-Ab12Cd", contents: Data("one\ntwo\n".utf8))
    _ = FileManager.default.createFile(atPath: folder + "/todo.sync-conflict-20261123-101500-ABCDEFG.txt", contents: Data())
    #expect(TodoFile.conflictCopies(of: path) == [".todo.txt.yaru-inplace-Ab12Cd", "todo.sync-conflict-20261123-101500-ABCDEFG.txt"])
    TodoFile.removeLeftoverTemporaryFiles(of: path)
    #expect(FileManager.default.fileExists(atPath: folder + "/.todo.txt.yaru-inplace-Ab12Cd"), "never removed unasked")
  }

  /// Saves killed midway leave their temporary files; the next start removes
  /// them, and nothing else.
  @Test func leftoverTemporaryFilesAreRemoved() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    for name in [".todo.txt.yaru-a1B2c3", ".todo.txt.yaru-Zz9Yy8", ".todo.txt.yaru-lock", ".other.txt.yaru-a1B2c3", "notes.txt"] {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
    }
    TodoFile.removeLeftoverTemporaryFiles(of: path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      == [".other.txt.yaru-a1B2c3", ".todo.txt.yaru-lock", "notes.txt", "todo.txt"])
  }

  @Test func invalidUTF8NamesThePathAndTheLine() throws {
    let path = folder + "/todo.txt"
    let original: [UInt8] = Array("good\nalso good\n".utf8) + [0x62, 0xFF, 0x0A]
    _ = FileManager.default.createFile(atPath: path, contents: Data(original))
    #expect(throws: TodoFileError("Cannot read \(path): line 3 is not valid UTF-8")) { try TodoFile.read(path) }
    #expect(bytes(path) == original)
  }

  /// Opening a FIFO used to wait forever for a writer.
  @Test func aFIFOIsRefusedAtOnce() {
    let path = folder + "/fifo.txt"
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: TodoFileError("Cannot use \(path): it is not a regular file")) { try TodoFile.read(path) }
  }

  @Test func aFolderIsNotATodoFile() {
    #expect(throws: TodoFileError("Cannot use \(folder): it is not a regular file")) { try TodoFile.read(folder) }
  }

  @Test func aFileWhereAFolderShouldBeIsReported() throws {
    let blocker = folder + "/blocker"
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
    #expect(throws: TodoFileError("Cannot use \(blocker)/todo.txt: \(blocker) is not a folder")) {
      try TodoFile.read(blocker + "/todo.txt")
    }
  }

  @Test(.enabled(if: getuid() != 0, "root may write anywhere"))
  func anUnwritableFolderFailsTheSaveAndLeavesTheFileAlone() throws {
    let path = folder + "/todo.txt"
    try TodoFile.write("one\n", to: path)
    chmod(folder, 0o500)
    defer { chmod(folder, 0o700) }
    #expect(throws: TodoFileError.self) { try TodoFile.write("two\n", to: path) }
    #expect(bytes(path) == Array("one\n".utf8))
  }

  /// Root may write into any folder, so CI (root) also tries a folder no one
  /// may create files in: /proc. Nothing may appear there.
  @Test func aFolderNoOneMayWriteFailsTheSaveWithAClearMessage() throws {
    let path = "/proc/yaru-todo.txt"
    let before = try TodoFile.read(path)?.text
    #expect(throws: TodoFileError.self) { try TodoFile.write("two\n", to: path) }
    do {
      try TodoFile.write("two\n", to: path)
    } catch {
      #expect(error.message.hasPrefix("Cannot save /proc/yaru-todo.txt: cannot create a temporary file:"))
    }
    #expect(try TodoFile.read(path)?.text == before)
  }

  @Test func aWriteExpectingAnotherVersionIsRefusedAndChangesNothing() throws {
    let path = folder + "/todo.txt"
    let first = try TodoFile.write("one\n", to: path, expecting: .noFile).stamp
    #expect(throws: TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)) {
      try TodoFile.write("again\n", to: path, expecting: .noFile)
    }
    _ = FileManager.default.createFile(atPath: path, contents: Data("theirs\n".utf8))
    #expect(throws: TodoFileError.self) { try TodoFile.write("ours\n", to: path, expecting: .unchanged(first)) }
    #expect(bytes(path) == Array("theirs\n".utf8))
    let theirs = try #require(try TodoFile.read(path)?.stamp)
    try TodoFile.write("ours\n", to: path, expecting: .unchanged(theirs))
    #expect(bytes(path) == Array("ours\n".utf8))
    unlink(path)
    try TodoFile.write("back\n", to: path, expecting: .unchanged(theirs))
    #expect(bytes(path) == Array("back\n".utf8), "a file deleted meanwhile is written again")
  }

  @Test func theStampNoticesAnotherProgramsWrite() throws {
    let path = folder + "/todo.txt"
    let first = try TodoFile.write("one\n", to: path).stamp
    #expect(TodoFile.stamp(path, unlessSameAs: first) == first)
    _ = FileManager.default.createFile(atPath: path, contents: Data("one\ntwo\n".utf8))
    let second = TodoFile.stamp(path, unlessSameAs: first)
    #expect(second != nil && second != first)
    #expect(second?.hash == DiskStamp.hash("one\ntwo\n".utf8))
  }

  /// `rsync --inplace -t` or `cp -p`: same size, same inode, the old
  /// modification time put back. Only the status change time tells.
  @Test func anInPlaceRewriteThatKeepsSizeAndTimeIsNoticed() throws {
    let path = folder + "/todo.txt"
    let first = try TodoFile.write("one\n", to: path).stamp
    var info = stat()
    stat(path, &info)
    let descriptor = open(path, O_WRONLY)
    _ = "two\n".withCString { write(descriptor, $0, 4) }
    close(descriptor)
    var times = [info.st_atim, info.st_mtim]
    utimensat(AT_FDCWD, path, &times, 0)
    let second = TodoFile.stamp(path, unlessSameAs: first)
    #expect(second?.modified == first.modified && second?.size == first.size && second?.inode == first.inode)
    #expect(second?.hash == DiskStamp.hash("two\n".utf8))
  }
}
