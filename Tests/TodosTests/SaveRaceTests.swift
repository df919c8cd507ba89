import Architecture
import Foundation
import IdentifiedCollections
import Synchronization
import SystemPackage
import Terminal
import Testing
@testable import TodoModel
@testable import Todos
@testable import TodoStorage
import TodoTestSupport

/// Whether the kernel tells a file's open writers in the temporary folder
/// (leases; not on every file system): what the save's wait needs.
private let leasesTellWriters: Bool = {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-lease-\(UUID().uuidString)").path
  guard FileManager.default.createFile(atPath: path, contents: Data()) else { return false }
  defer { unlink(path) }
  let writer = open(path, O_WRONLY), reader = open(path, O_RDONLY)
  defer { close(writer); close(reader) }
  return TodoFile.isOpenForWriting(reader) == true
}()

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

  /// `body` on a todo file holding `text`, written as yaru saves, in a
  /// folder of its own that goes away after; `checked` is its stamp.
  private func withTodoFile(_ text: String, _ body: (_ folder: String, _ path: String, _ checked: DiskStamp) throws -> Void) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todo.txt"
    try body(folder, path, try TodoFile.write(text, to: path).stamp)
  }

  @Test func anAppendAfterTheCheckComesBackDisplaced() throws {
    try withTodoFile("a\nb\n") { folder, path, checked in
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
  }

  @Test func aRenameByAnotherProgramAfterTheCheckComesBackDisplaced() throws {
    try withTodoFile("a\nb\n") { folder, path, checked in
      try "a\nB edited by sed\n".write(toFile: folder + "/sedXYZ", atomically: false, encoding: .utf8)
      #expect(rename(folder + "/sedXYZ", path) == 0)
      let saved = try swap("a\nb\nmine\n", into: path, checked: checked)
      #expect(try read(path) == "a\nb\nmine\n")
      #expect(saved.displaced?.text == "a\nB edited by sed\n")
    }
  }

  /// An append that lands on yaru's new file right after the swap, before
  /// its stamp is taken (found by the stress: `echo >>` at that moment).
  /// The stamp was the path's status — with the append — and the hash of
  /// yaru's text: the looks found the file "unchanged", the next save's
  /// check passed on the status alone, and its swap removed the line.
  @Test func anAppendRightAfterTheSwapIsNotTakenForYarusOwnBytes() throws {
    try withTodoFile("a\nb\n") { folder, path, checked in
      let saved = try TodoFile.replace(
        FilePath(path), in: FilePath(folder), with: "a\nb\nmine\n", path: path, expecting: .unchanged(checked),
        whenWritten: {
          let append = open(path, O_WRONLY | O_APPEND)
          _ = write(append, "appended by todo.sh\n", 20)
          close(append)
        }
      )
      #expect(saved.displaced == nil)
      guard case .read(let text, _) = TodoFile.look(path, since: saved.stamp) else {
        Issue.record("the look took the appended file for yaru's own")
        return
      }
      #expect(text == "a\nb\nmine\nappended by todo.sh\n")
      let next = #expect(throws: TodoFileError.self) { try TodoFile.write("a\nb\nmine\nmore\n", to: path, expecting: .unchanged(saved.stamp)) }
      #expect(next?.isConflict == true, "the next save reads and merges instead")
      #expect(try read(path) == "a\nb\nmine\nappended by todo.sh\n")
    }
  }

  /// The same for a hard-linked file, written in place: the append after
  /// the write is read by the next look, not taken for yaru's bytes.
  @Test func anAppendRightAfterAnInPlaceWriteIsNotTakenForYarusOwnBytes() throws {
    try withTodoFile("a\n") { folder, path, checked in
      try FileManager.default.linkItem(atPath: path, toPath: folder + "/link.txt")
      let saved = try TodoFile.replace(
        FilePath(path), in: FilePath(folder), with: "a\nmine\n", path: path, expecting: .unchanged(checked),
        whenWritten: {
          let append = open(path, O_WRONLY | O_APPEND)
          _ = write(append, "appended\n", 9)
          close(append)
        }
      )
      guard case .read(let text, _) = TodoFile.look(path, since: saved.stamp) else {
        Issue.record("the look took the appended file for yaru's own")
        return
      }
      #expect(text == "a\nmine\nappended\n")
    }
  }

  /// A shell's `>>` opened the file before the swap and writes after it:
  /// its line goes into the displaced file. The save waits while another
  /// program holds that file open for writing, so the line is in what it
  /// reads — it used to find the displaced file untouched and remove it,
  /// the line with it.
  @Test(.enabled(if: leasesTellWriters, "the temporary folder's file system tells no open writers (leases)"))
  func anAppendOpenedBeforeTheSwapAndWrittenAfterItComesBackDisplaced() throws {
    try withTodoFile("a\nb\n") { folder, path, checked in
      var shell = open(path, O_WRONLY | O_APPEND)
      func append() {
        guard shell >= 0 else { return }
        _ = write(shell, "appended by todo.sh\n", 20)
        close(shell)
        shell = -1
      }
      let saved = try TodoFile.replace(
        FilePath(path), in: FilePath(folder), with: "a\nb\nmine\n", path: path, expecting: .unchanged(checked),
        whileOldFileIsOpen: append
      )
      append()  // where the shell wrote had the save not waited
      #expect(try read(path) == "a\nb\nmine\n")
      #expect(saved.displaced?.text == "a\nb\nappended by todo.sh\n")
    }
  }

  /// Likewise a program that renames its version over the path right after
  /// the swap (`sed -i`): its file is not taken for yaru's.
  @Test func aRenameRightAfterTheSwapIsNotTakenForYarusOwnBytes() throws {
    try withTodoFile("a\nb\n") { folder, path, checked in
      let saved = try TodoFile.replace(
        FilePath(path), in: FilePath(folder), with: "a\nb\nmine\n", path: path, expecting: .unchanged(checked),
        whenWritten: {
          try? "a\nB by sed\nmine\n".write(toFile: folder + "/sedXYZ", atomically: false, encoding: .utf8)
          rename(folder + "/sedXYZ", path)
        }
      )
      #expect(TodoFile.look(path, since: saved.stamp) != .unchanged)
      let next = #expect(throws: TodoFileError.self) { try TodoFile.write("a\nb\nmine\nmore\n", to: path, expecting: .unchanged(saved.stamp)) }
      #expect(next?.isConflict == true)
      #expect(try read(path) == "a\nB by sed\nmine\n")
    }
  }

  @Test func nothingWrittenMeanwhileLeavesNothingBehind() throws {
    try withTodoFile("a\n") { folder, path, checked in
      let saved = try swap("a\nb\n", into: path, checked: checked)
      #expect(saved.displaced == nil)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.txt"])
    }
  }

  /// A hard-linked file is written in place: it is read again through the
  /// descriptor that writes it, and an append made after the check makes
  /// the save a conflict (merged and saved again by the app), never lost.
  @Test func anAppendToAHardLinkedFileAfterTheCheckIsAConflict() throws {
    try withTodoFile("a\n") { folder, path, checked in
      try FileManager.default.linkItem(atPath: path, toPath: folder + "/link.txt")
      let append = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try append.seekToEnd()
      try append.write(contentsOf: Data("appended\n".utf8))
      try append.close()
      let error = #expect(throws: TodoFileError.self) { try swap("a\nmine\n", into: path, checked: checked) }
      #expect(error?.isConflict == true)
      #expect(try read(path) == "a\nappended\n" && read(folder + "/link.txt") == "a\nappended\n")
    }
  }

  /// `sed -i` read the file before another `yaru add` wrote its todo and
  /// renamed its result at the moment of this save: its version lacks that
  /// todo because it never saw it. Merged as a deletion, the todo was lost
  /// (found by the stress test); put back, only sed's edit is sed's.
  @Test func aDisplacedVersionDropsNothingItNeverSaw() {
    let base = "seed 1\nseed 2\nadd a\nadd b\n"
    let ours = base + "add c\n"
    let sedFromOlder = "seed 1\nseed 2 edited\nadd a\n"
    #expect(LineMerge.mergedText(base: base, ours: ours, theirs: sedFromOlder, tag: "") == "seed 1\nseed 2 edited\nadd a\nadd b\nadd c\n")
    let restored = LineMerge.restoringDropped(base: ["a", "b", "c", "d"], theirs: ["a", "C", "x", "d"])
    #expect(restored.map(\.line) == ["a", "C", "x", "d"] || restored.map(\.line) == ["a", "b", "C", "x", "d"])
    #expect(LineMerge.restoringDropped(base: ["a", "b", "c"], theirs: ["a", "c"]).map(\.line) == ["a", "b", "c"])
    #expect(LineMerge.restoringDropped(base: ["a", "b", "c"], theirs: ["a", "c"]).map(\.theirs) == [0, nil, 1])
    #expect(LineMerge.restoringDropped(base: ["a", "b"], theirs: ["a", "B"]).map(\.line) == ["a", "B"], "an edit is kept")
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

  /// A kill between a save's swap and the merge of what it displaced
  /// leaves the displaced version beside the file: the next start merges
  /// it (every line of both), saves, and removes it. Never lost.
  @Test func aDisplacedVersionLeftByAKillIsMergedAtTheNextStart() {
    let disk = InMemoryDisk(["todo.txt": "one\nmine\n", ".todo.txt.yaru-displaced-7": "one\nfrom todo.sh\n"])
    let store = startedStore(.inMemory(disk: disk), on: scheduler)
    #expect(store.state.list.todos.map(\.text) == ["one", "mine", "from todo.sh"] || store.state.list.todos.map(\.text) == ["one", "from todo.sh", "mine"])
    #expect(disk.file("todo.txt").map { $0.contains("mine\n") && $0.contains("from todo.sh\n") } == true)
    #expect(disk.fileNames == ["todo.txt"])
    store.cancelAllEffects()
  }

  @Test func aVersionWrittenAsYaruSavedIsMergedAndSavedAgain() {
    let disk = InMemoryDisk(["todo.txt": "one\ntwo\n"])
    let store = startedStore(.inMemory(disk: disk), on: scheduler)
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

/// A todo file another program made unreadable while it is open (invalid
/// UTF-8): the screen says why, and no save is tried until it changes.
@MainActor
struct UnreadableFileTests {
  let scheduler = TestScheduler(now: startDate)

  @Test func anUnreadableFileStopsTheSavesUntilItChanges() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-bad-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todo.txt"
    try "one\ntwo\n".write(toFile: path, atomically: true, encoding: .utf8)
    let saves = Mutex(0)
    var file = TodoFileClient.live(path: path, donePath: folder + "/done.txt")
    let save = file.save
    file.save = { (text, target, expecting) throws(TodoFileError) in
      saves.withLock { $0 += 1 }
      return try save(text, target, expecting)
    }
    let store = startedStore(file, on: scheduler)
    try Data([0x6F, 0x6E, 0x65, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
    store.send(.list(.todo(id: store.state.list.todos[0].id, action: .toggleCompleteTapped)))
    scheduler.advance()
    let why = "Cannot read \(path): line 2 is not valid UTF-8"
    #expect(store.state.file.unreadable == why)
    #expect(store.state.flash == "\(why): not saved until it changes")
    #expect(AppView.render(store.state, Size(columns: 80, rows: 24)).lines[23].contains("NOT SAVED"))
    let tried = saves.withLock { $0 }
    scheduler.advance(by: .seconds(10))
    #expect(saves.withLock { $0 } == tried, "no save loop while the file cannot be read")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).last == 0x0A && (try Data(contentsOf: URL(fileURLWithPath: path))).count == 7)

    try "one\ntwo\nthree\n".write(toFile: path, atomically: true, encoding: .utf8)
    scheduler.advance(by: .seconds(1))
    scheduler.advance()
    #expect(store.state.file.unreadable == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "x 2026-01-01 one\ntwo\nthree\n")
    store.cancelAllEffects()
  }
}
