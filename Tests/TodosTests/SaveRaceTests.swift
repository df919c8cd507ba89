import Architecture
import Foundation
import IdentifiedCollections
import SystemPackage
import Testing
@testable import TodoModel
@testable import Todos
@testable import TodoStorage
import TodoTestSupport

/// Another program writes between yaru's check and yaru's swap (todo.sh's
/// `>>`, `sed -i`, a sync tool's rename): nothing it wrote is lost. On the
/// real disk, by calling the swap right after another program's write.
struct SaveRaceTests {
  private func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-race-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The save as `TodoFile.write` makes it, once its check has passed.
  private func swap(_ text: String, into path: String, checked: DiskStamp) throws -> SavedFile {
    let target = FilePath(path)
    return try TodoFile.replace(target, in: TodoFile.folderPath(of: target), with: text, path: path, expecting: .unchanged(checked))
  }

  private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func anAppendAfterTheCheckComesBackDisplaced() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todo.txt"
    let checked = try TodoFile.write("a\nb\n", to: path).stamp
    let append = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try append.seekToEnd()
    try append.write(contentsOf: Data("appended by todo.sh\n".utf8))
    try append.close()
    let saved = try swap("a\nb\nmine\n", into: path, checked: checked)
    #expect(try read(path) == "a\nb\nmine\n")
    let displaced = try #require(saved.displaced)
    #expect(displaced.text == "a\nb\nappended by todo.sh\n")
    #expect(displaced.path.hasPrefix(folder + "/.todo.txt.yaru-displaced-"))
    #expect(try read(displaced.path) == displaced.text, "kept on disk until merged")
    #expect(TodoFile.conflictCopies(of: path) == [String(displaced.path.dropFirst(folder.count + 1))])
  }

  @Test func aRenameByAnotherProgramAfterTheCheckComesBackDisplaced() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todo.txt"
    let checked = try TodoFile.write("a\nb\n", to: path).stamp
    try "a\nB edited by sed\n".write(toFile: folder + "/sedXYZ", atomically: false, encoding: .utf8)
    #expect(rename(folder + "/sedXYZ", path) == 0)
    let saved = try swap("a\nb\nmine\n", into: path, checked: checked)
    #expect(try read(path) == "a\nb\nmine\n")
    #expect(saved.displaced?.text == "a\nB edited by sed\n")
  }

  @Test func nothingWrittenMeanwhileLeavesNothingBehind() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todo.txt"
    let checked = try TodoFile.write("a\n", to: path).stamp
    let saved = try swap("a\nb\n", into: path, checked: checked)
    #expect(saved.displaced == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.txt"])
  }

  /// A hard-linked file is written in place: it is read again through the
  /// descriptor that writes it, and an append made after the check makes
  /// the save a conflict (merged and saved again by the app), never lost.
  @Test func anAppendToAHardLinkedFileAfterTheCheckIsAConflict() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todo.txt"
    let checked = try TodoFile.write("a\n", to: path).stamp
    try FileManager.default.linkItem(atPath: path, toPath: folder + "/link.txt")
    let append = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try append.seekToEnd()
    try append.write(contentsOf: Data("appended\n".utf8))
    try append.close()
    let error = #expect(throws: TodoFileError.self) { try swap("a\nmine\n", into: path, checked: checked) }
    #expect(error?.isConflict == true)
    #expect(try read(path) == "a\nappended\n" && read(folder + "/link.txt") == "a\nappended\n")
  }

  /// The shell's update merges a displaced version itself, three-way.
  @Test func mergedTextKeepsBothSidesChanges() {
    let merged = LineMerge.mergedText(base: "a\nb\n", ours: "a\nb\nmine\n", theirs: "a\nb\ntheirs\n", tag: " conflict:x")
    #expect(merged == "a\nb\nmine\ntheirs\n" || merged == "a\nb\ntheirs\nmine\n")
    #expect(LineMerge.mergedText(base: "a\r\nb\r\n", ours: "A\r\nb\r\n", theirs: "a\r\nb\r\nc\r\n", tag: "") == "A\r\nb\r\nc\r\n")
  }
}

/// The app's side: a save that displaced another program's version merges
/// it into the list and saves again; the displaced copy goes once saved.
@MainActor
struct DisplacedSaveTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func aVersionWrittenAsYaruSavedIsMergedAndSavedAgain() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = Store(initialState: AppReducer.State(now: startDate), reducer: AppReducer(environment: .virtual(scheduler, file: .inMemory(disk: disk))))
    store.send(.started)
    scheduler.advance()
    disk.writeAtTheLastMoment("todo.txt") { ($0 ?? "") + "added by todo.sh\n" }
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance()
    #expect(store.state.list.todos.map(\.text) == ["one", "two", "added by todo.sh"])
    #expect(disk.file("todo.txt") == "x 2026-01-01 one\ntwo\nadded by todo.sh\n")
    #expect(disk.fileNames == ["todo.txt"], "the displaced copy is gone once its line is saved")
    #expect(store.state.flash == "todo.txt changed elsewhere: merged with yours")
    store.cancelAllEffects()
  }
}
