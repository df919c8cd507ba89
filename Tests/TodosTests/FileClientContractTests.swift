import Foundation
import Testing
import TodoModel
import TodoStorage
import TodoTestSupport

/// The two file clients: the in-memory one that the app's tests trust, and
/// the live one on a real disk, which is the truth.
enum Client: String, CaseIterable, Sendable {
  case inMemory, live
}

/// A fresh client of one kind with its files beside each other (a fresh
/// InMemoryDisk, or a fresh temporary folder), and another program's hands
/// on those files.
final class FileBench {
  let kind: Client
  let client: TodoFileClient
  private let folder: String
  private let disk = InMemoryDisk()

  init(_ kind: Client) {
    self.kind = kind
    switch kind {
    case .inMemory:
      folder = "/lists"
    case .live:
      var template = Array((FileManager.default.temporaryDirectory.path + "/yaru-contract-XXXXXX").utf8CString)
      folder = String(cString: mkdtemp(&template)!)
    }
    client = kind == .inMemory
      ? .inMemory(path: folder + "/todo.txt", donePath: folder + "/done.txt", disk: disk)
      : .live(path: folder + "/todo.txt", donePath: folder + "/done.txt")
  }

  deinit {
    if kind == .live { try? FileManager.default.removeItem(atPath: folder) }
  }

  var path: String { client.path }
  var donePath: String { client.donePath }

  /// Another program writes the file called `name` (atomically, on the disk).
  func write(_ name: String, _ text: String) throws {
    switch kind {
    case .inMemory: disk.replace(folder + "/" + name, with: text)
    case .live: try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
  }

  /// Another program (a sync tool) deletes the file.
  func remove(_ name: String) {
    switch kind {
    case .inMemory: disk.remove(folder + "/" + name)
    case .live: unlink(folder + "/" + name)
    }
  }

  /// `chmod a-w`.
  func makeReadOnly(_ name: String) {
    switch kind {
    case .inMemory: disk.setReadOnly(folder + "/" + name)
    case .live: chmod(folder + "/" + name, 0o444)
    }
  }

  /// What another program would read there (nil: no file).
  func read(_ name: String) -> String? {
    switch kind {
    case .inMemory: disk.file(folder + "/" + name)
    case .live: FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// yaru reads the file: the stamp it keeps.
  func loaded() throws -> DiskStamp {
    try #require(try client.load()).stamp
  }

  /// The errors both clients give, word for word.
  func conflict(_ path: String) -> TodoFileError {
    TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)
  }

  func readOnly(_ path: String) -> TodoFileError {
    TodoFileError("Cannot save \(path): the file is read-only (chmod u+w \(path) allows changes)")
  }
}

/// Both file clients answer alike: every test runs on each. When they
/// disagree, the in-memory one is wrong (or the live one has a bug).
struct FileClientContractTests {
  @Test(arguments: Client.allCases) func aMissingFileLoadsAsNothing(_ kind: Client) throws {
    let bench = FileBench(kind)
    #expect(try bench.client.load() == nil)
    #expect(bench.client.look(nil) == .gone)
    #expect(bench.client.conflictCopies() == [])
  }

  @Test(arguments: Client.allCases) func aSaveReturnsTheStampThatLoadGives(_ kind: Client) throws {
    let bench = FileBench(kind)
    let saved = try bench.client.save("one\n", bench.path, .noFile).stamp
    #expect(bench.read("todo.txt") == "one\n")
    #expect(saved.matches("one\n"))
    let loaded = try #require(try bench.client.load())
    #expect(loaded.text == "one\n" && loaded.stamp == saved)
    #expect(bench.client.look(saved) == .unchanged)
    #expect(try bench.client.save("two\n", bench.path, .anything).stamp.matches("two\n"))
  }

  @Test(arguments: Client.allCases) func expectingNoFileWhenThereIsOneIsAConflict(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "theirs\n")
    let error = #expect(throws: TodoFileError.self) { try bench.client.save("mine\n", bench.path, .noFile) }
    #expect(error == bench.conflict(bench.path) && error?.isConflict == true)
    #expect(bench.read("todo.txt") == "theirs\n")
  }

  @Test(arguments: Client.allCases) func expectingItUnchangedWhenAnotherProgramChangedItIsAConflict(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let known = try bench.loaded()
    try bench.write("todo.txt", "one\ntwo\n")
    let error = #expect(throws: TodoFileError.self) { try bench.client.save("mine\n", bench.path, .unchanged(known)) }
    #expect(error == bench.conflict(bench.path) && error?.isConflict == true)
    #expect(bench.read("todo.txt") == "one\ntwo\n")
  }

  /// The same bytes written again (new times) are no change: not a conflict.
  @Test(arguments: Client.allCases) func expectingItUnchangedWhenItIsSaves(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let first = try bench.client.save("two\n", bench.path, .unchanged(try bench.loaded())).stamp
    try bench.write("todo.txt", "two\n")
    _ = try bench.client.save("three\n", bench.path, .unchanged(first))
    #expect(bench.read("todo.txt") == "three\n")
  }

  @Test(arguments: Client.allCases) func expectingItUnchangedWhenItWasDeletedWritesItAgain(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let known = try bench.loaded()
    bench.remove("todo.txt")
    let saved = try bench.client.save("two\n", bench.path, .unchanged(known)).stamp
    #expect(bench.read("todo.txt") == "two\n")
    #expect(try bench.loaded() == saved)
  }

  /// The cheap check: the same inode, size and times say "unchanged"
  /// without a look at the bytes; with no stamp known, the bytes are read.
  @Test(arguments: Client.allCases) func anUnchangedFileIsNotRead(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let known = try bench.loaded()
    #expect(bench.client.look(known) == .unchanged)
    #expect(bench.client.look(nil) == .read(text: "one\n", stamp: known))
    var unhashed = known
    unhashed.hash ^= 1
    #expect(bench.client.look(unhashed) == .unchanged, "the bytes are not read")
  }

  @Test(arguments: Client.allCases) func aChangedFileIsReadWithItsNewStamp(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let known = try bench.loaded()
    try bench.write("todo.txt", "one\ntwo\n")
    guard case .read(let text, let changed) = bench.client.look(known) else { Issue.record("a change not read"); return }
    #expect(text == "one\ntwo\n")
    #expect(changed != known && changed.hash != known.hash && changed.matches("one\ntwo\n"))
    #expect(changed == (try bench.loaded()))
    try bench.write("todo.txt", "one\n")
    guard case .read(let again, let same) = bench.client.look(changed) else { Issue.record("a change not read"); return }
    #expect(again == "one\n" && same != changed && same.hash == known.hash, "new times, the first bytes")
  }

  @Test(arguments: Client.allCases) func aDeletedFileIsGone(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let known = try bench.loaded()
    bench.remove("todo.txt")
    #expect(bench.client.look(known) == .gone)
    #expect(bench.client.look(nil) == .gone)
    #expect(try bench.client.load() == nil)
  }

  @Test(arguments: Client.allCases) func conflictCopiesAreTheNamesBesideTheFile(_ kind: Client) throws {
    let bench = FileBench(kind)
    let copies = [".todo.txt.yaru-inplace-Ab12Cd", "todo (Ann's conflicted copy 2026-11-23).txt", "todo.sync-conflict-20261123-101500-ABCDEFG.txt"]
    for name in ["todo.txt", "done.sync-conflict-20261123-101500-ABCDEFG.txt", "notes.txt"] + copies.reversed() {
      try bench.write(name, "one\n")
    }
    #expect(bench.client.conflictCopies() == copies)
    bench.remove(copies[0])
    #expect(bench.client.conflictCopies() == Array(copies.dropFirst()))
  }

  @Test(arguments: Client.allCases) func readOnlyFilesAreNotSaved(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    let known = try bench.loaded()
    bench.makeReadOnly("todo.txt")
    let error = #expect(throws: TodoFileError.self) { try bench.client.save("two\n", bench.path, .unchanged(known)) }
    #expect(error == bench.readOnly(bench.path) && error?.isConflict == false)
    let conflict = #expect(throws: TodoFileError.self) { try bench.client.save("two\n", bench.path, .noFile) }
    #expect(conflict?.isConflict == true, "the expectation first")
    #expect(bench.read("todo.txt") == "one\n")
  }

  /// Asked at load and at each look, so the footer says so before a change:
  /// the reason a save would give, and nothing for a file that takes saves.
  @Test(arguments: Client.allCases) func aSaveRefusalIsKnownBeforeTheSave(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("todo.txt", "one\n")
    #expect(bench.client.writeRefusal() == nil)
    bench.makeReadOnly("todo.txt")
    #expect(bench.client.writeRefusal().map { "Cannot save \(bench.path): " + $0 } == bench.readOnly(bench.path).message)
  }

  // MARK: The done file

  @Test(arguments: Client.allCases) func archivingAppendsLinesMakingTheFile(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.client.archive([])
    #expect(bench.read("done.txt") == nil, "nothing to archive writes nothing")
    try bench.client.archive(["x a", "x b"])
    try bench.client.archive(["x c"])
    #expect(bench.read("done.txt") == "x a\nx b\nx c\n")
  }

  /// Judged by the last byte: a Windows file's `\r\n` already ends its line.
  @Test(arguments: Client.allCases) func archivingAddsTheLineBreakTheLastLineLacks(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("done.txt", "x old")
    try bench.client.archive(["x new"])
    #expect(bench.read("done.txt") == "x old\nx new\n")
    try bench.write("done.txt", "x old\r\n")
    try bench.client.archive(["x new"])
    #expect(bench.read("done.txt") == "x old\r\nx new\n")
  }

  @Test(arguments: Client.allCases) func unarchivingTakesOutTheLastCopyOfEachLine(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("done.txt", "x a\nx b\nx a\n\nx c\n")
    try bench.client.unarchive(["x a", "x c", "x missing"])
    #expect(bench.read("done.txt") == "x a\nx b\n\n", "blank lines stay")
    try bench.write("done.txt", "x a\nx b")
    try bench.client.unarchive(["x b"])
    #expect(bench.read("done.txt") == "x a\n")
  }

  /// Undo after archiving to a Windows done file: the lines are found
  /// (splitting on Characters glued the file's `\r\n` lines into one).
  @Test(arguments: Client.allCases) func unarchivingFindsLinesInAWindowsFile(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("done.txt", "x old\r\nx older\r\n")
    try bench.client.archive(["x new", "x newer"])
    try bench.client.unarchive(["x new", "x newer"])
    #expect(bench.read("done.txt") == "x old\r\nx older\r\n")
  }

  /// Saved as `yaru add` saves: a missing done file is made, empty.
  @Test(arguments: Client.allCases) func unarchivingFromAMissingDoneFileLeavesItEmpty(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.client.unarchive(["x a"])
    #expect(bench.read("done.txt") == "")
  }

  /// A read-only done file refuses the save, unless nothing changes.
  @Test(arguments: Client.allCases) func unarchivingFromAReadOnlyDoneFileFails(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("done.txt", "x a\nx b\n")
    bench.makeReadOnly("done.txt")
    let error = #expect(throws: TodoFileError.self) { try bench.client.unarchive(["x b"]) }
    #expect(error == bench.readOnly(bench.donePath) && error?.isConflict == false)
    try bench.client.unarchive(["x missing"])
    #expect(bench.read("done.txt") == "x a\nx b\n")
  }

  /// Appending to a read-only file is refused to anyone but root (the disk
  /// lets root write it; the in-memory disk plays an ordinary user).
  @Test(arguments: Client.allCases) func archivingToAReadOnlyDoneFileFails(_ kind: Client) throws {
    let bench = FileBench(kind)
    try bench.write("done.txt", "x a\n")
    bench.makeReadOnly("done.txt")
    guard kind == .inMemory || geteuid() != 0 else { return }
    let error = #expect(throws: TodoFileError.self) { try bench.client.archive(["x b"]) }
    #expect(error == TodoFileError("Cannot archive to \(bench.donePath): Permission denied"))
    #expect(bench.read("done.txt") == "x a\n")
  }
}
