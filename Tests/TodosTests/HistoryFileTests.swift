import Foundation
import Testing
@testable import TodoModel
import TodoStorage

/// The history's text and file: records read back as written, a record cut
/// short or garbage is passed over (and said), only the owner can read it,
/// and start-up reads the tail.
struct HistoryFileTests {
  let record = HistoryRecord(
    id: "ab12.1", time: Date(timeIntervalSince1970: 1_767_258_000), source: "this screen", kind: .undo(of: "ab12.0"),
    summary: "undid completed \"Pay rent\"",
    hunks: [LineHunk(at: 3, above: "(A) above it", below: nil, removed: ["x 2026-01-01 Pay rent"], added: ["Pay rent"])],
    archived: ["x 2026-01-01 old"]
  )

  @Test func recordsReadBackAsWritten() {
    let outside = HistoryRecord(
      id: "cd34.7", time: record.time, source: "another program", kind: .outside, summary: "added 2 lines",
      hunks: [LineHunk(at: 0, above: nil, below: "- a line that starts like a removed one", removed: [], added: ["+ x", ""])]
    )
    let decoded = HistoryText.decode(HistoryText.encode([record, outside])[...])
    #expect(decoded.records == [record, outside])
    #expect(!decoded.isDamaged)
  }

  @Test func aRecordCutShortOrGarbageIsPassedOverAndSaid() {
    let text = HistoryText.encode([record])
    let cut = HistoryText.decode((text + text.prefix(40))[...])
    #expect(cut.records == [record])
    #expect(cut.isDamaged)
    let garbage = HistoryText.decode(("@ nonsense\n\u{1}\u{2}garbage\n" + text)[...])
    #expect(garbage.records == [record])
    #expect(garbage.isDamaged)
    // A tail read starts mid-record: what comes before the first head is no damage.
    let tail = HistoryText.decode((text.dropFirst(10) + text)[...], isWhole: false)
    #expect(tail.records == [record])
    #expect(!tail.isDamaged)
  }

  /// A start reads a thousand records and undoes a few: each one's hunk
  /// lines are checked when read, and made lines only when asked.
  @Test func hunkLinesAreCheckedWhenReadAndMadeLinesWhenAsked() {
    let read = HistoryText.decode(HistoryText.encode([record])[...]).records
    guard case .written(let text)? = read.first?.content else {
      Issue.record("not kept as written: \(read)")
      return
    }
    #expect(text == "= 3\n^ (A) above it\n- x 2026-01-01 Pay rent\n+ Pay rent\n")
    #expect(read.first?.hunks == record.hunks)
    #expect(read.first?.content.inverse.lines == HistoryHunks.lines(record.hunks).inverse.lines)
    // A record's `>` and `:` lines among its hunk lines (as no yaru writes them) are its own.
    let shuffled = "@ ab12.1 1767258000 step this screen\tmoved\n= 3\n> x old\n- a\n: /lists/work.txt\n+ b\n.\n"
    let moved = HistoryText.decode(shuffled[...])
    #expect(moved.records.first?.hunks == [LineHunk(at: 3, above: nil, below: nil, removed: ["a"], added: ["b"])])
    #expect(moved.records.first?.archived == ["x old"] && moved.records.first?.movedTo == "/lists/work.txt")
    #expect(!moved.isDamaged)
    // A hunk line before its `=`, or a `=` without a number, is damage: the record is passed over.
    for damaged in ["- a\n= 3\n", "= three\n- a\n", "= 3\n-a\n"] {
      let reading = HistoryText.decode(("@ ab12.2 1767258000 step this screen\tx\n" + damaged + ".\n")[...] + HistoryText.encode([record]))
      #expect(reading.records == [record] && reading.isDamaged, "\(damaged)")
    }
    // A word with a combining mark after the tag's space is read whole.
    let combining = HistoryRecord(
      id: "ab12.3", time: record.time, source: "yaru add", kind: .step, summary: "added",
      hunks: [LineHunk(at: 0, above: nil, below: nil, removed: [], added: ["\u{301}é accent", "line\r"])]
    )
    #expect(HistoryText.decode(HistoryText.encode([combining])[...]).records.first?.hunks == combining.hunks)
  }

  @Test func theFileIsPrivateAppendedAndReadFromItsTail() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-history-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var file = HistoryFile(of: "/home/someone/todo.txt", in: folder)
    #expect(file.path == folder + "/history/%home%someone%todo.txt")
    #expect(HistoryFile(of: "/nowhere/50%/やる.txt", in: folder).path == folder + "/history/%nowhere%50%25%やる.txt")
    #expect(file.read() == HistoryReading(records: []), "none yet: no warning")
    var records: [HistoryRecord] = []
    for n in 0..<50 {
      var next = record
      next.id = "ab12.\(n)"
      records.append(next)
      #expect(file.append([next]) == nil)
    }
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(file.read().records == records)
    file.tail = 1_000
    let tail = file.read().records
    #expect(!tail.isEmpty && tail.count < 10 && tail == Array(records.suffix(tail.count)), "only the newest")
  }

  @Test func compactionKeepsTheNewestStepsOrTheLastDays() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-history-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var file = HistoryFile(of: "/t/todo.txt", in: folder)
    (file.compactAt, file.keepSteps, file.keepDays) = (2_000, 3, 0)
    var step = record
    step.kind = .step
    for n in 0..<20 {
      step.id = "s.\(n)"
      #expect(file.append([step]) == nil)
    }
    let kept = file.read().records.map(\.id)
    #expect(kept.count < 20 && kept.count >= 3 && kept.last == "s.19", "\(kept)")
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    // Recent records are all kept, however many.
    (file.keepSteps, file.keepDays) = (1, 1)
    step.time = Date()
    for n in 20..<40 {
      step.id = "s.\(n)"
      #expect(file.append([step]) == nil)
    }
    #expect(Array(file.read().records.map(\.id).suffix(20)) == (20..<40).map { "s.\($0)" })
  }

  @Test func garbageInTheFileIsAWarningNotAFailure() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-history-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = HistoryFile(of: "/t/todo.txt", in: folder)
    try FileManager.default.createDirectory(atPath: folder + "/history", withIntermediateDirectories: true)
    try Data([0xff, 0xfe, 0x40, 0x20, 0x0a, 0x00, 0x2e]).write(to: URL(fileURLWithPath: file.path))
    let reading = file.read()
    #expect(reading.records.isEmpty)
    #expect(reading.warning?.hasPrefix("History partly unreadable") == true)
    #expect(file.append([record]) == nil, "still appended after it")
    #expect(file.read().records == [record])
  }

  /// A start or a quit that finds the base already holding the text
  /// leaves it alone (a rewrite is a new file: another inode); a start
  /// that finds another program's change records it and keeps the new text.
  @Test func theBaseIsRewrittenOnlyWhenItsTextChanged() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-history-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let history = HistoryFile(of: "/t/todo.txt", in: folder).client
    func inode() throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: folder + "/history/%t%todo.txt.base")[.systemFileNumber] as? Int
    }
    history.noticeChanges(in: "a\n", id: "start.1", time: Date(timeIntervalSince1970: 0))
    let first = try inode()
    history.noticeChanges(in: "a\n", id: "start.2", time: Date(timeIntervalSince1970: 0))
    history.keepBase(ifChanged: "a\n")
    #expect(try inode() == first)
    #expect(history.read().records.isEmpty)
    history.noticeChanges(in: "a\nb\n", id: "start.3", time: Date(timeIntervalSince1970: 0))
    #expect(try inode() != first)
    #expect(history.base() == "a\nb\n")
    #expect(history.read().records.map(\.id) == ["start.3"])
    history.keepBase(ifChanged: "b\n")
    #expect(history.base() == "b\n")
    // The same text in another normalization (a sync tool's rewrite) is
    // other bytes: the base takes them, so it keeps what the file has.
    let composed = "caf\u{E9}\n", decomposed = "cafe\u{301}\n"
    history.noticeChanges(in: composed, id: "start.4", time: Date(timeIntervalSince1970: 0))
    history.noticeChanges(in: decomposed, id: "start.5", time: Date(timeIntervalSince1970: 0))
    #expect(history.base().map { Array($0.utf8) } == Array(decomposed.utf8))
    history.keepBase(ifChanged: composed)
    #expect(history.base().map { Array($0.utf8) } == Array(composed.utf8))
  }

  /// A base that is missing or cannot be read (not UTF-8) is written anew at quit.
  @Test func aMissingOrUnreadableBaseIsWrittenAtQuit() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-history-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let history = HistoryFile(of: "/t/todo.txt", in: folder).client
    history.keepBase(ifChanged: "a\n")
    #expect(history.base() == "a\n")
    try Data([0x61, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: folder + "/history/%t%todo.txt.base"))
    history.keepBase(ifChanged: "a\n")
    #expect(history.base() == "a\n")
  }
}

/// The file's earlier versions, worked back through the history: what a
/// conflict copy is merged against.
struct HistoryVersionsTests {
  private func record(_ hunks: [LineHunk]) -> HistoryRecord {
    HistoryRecord(id: "r", time: Date(timeIntervalSince1970: 0), source: "yaru add", kind: .step, summary: "", hunks: hunks)
  }

  @Test func eachRecordTakenBackGivesTheVersionBeforeIt() {
    let added = record(LineMerge.hunks(from: ["a", "b"], to: ["a", "b", "c"]))
    let completed = record(LineMerge.hunks(from: ["a", "b", "c"], to: ["x a", "b", "c"]))
    let versions = HistoryRecord.versions(backFrom: ["x a", "b", "c"], through: [added, completed])
    #expect(versions == [["x a", "b", "c"], ["a", "b", "c"], ["a", "b"]])
  }

  @Test func aChangeNobodyRecordedEndsTheWalk() {
    let added = record(LineMerge.hunks(from: ["a"], to: ["a", "b"]))
    let unknownEdit = record(LineMerge.hunks(from: ["q"], to: ["r"]))
    #expect(HistoryRecord.versions(backFrom: ["a", "b"], through: [added, unknownEdit]) == [["a", "b"]])
  }
}
