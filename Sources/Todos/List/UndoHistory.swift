import FoundationEssentials
import TodoModel

/// The list's history: the steps `u` undoes and Ctrl-R redoes — this run's,
/// earlier runs', the shell's — each told by content (`HistoryRecord`), and
/// the changes other programs made, which undo never takes back but names
/// when a step's lines are no longer as it left them.
public struct UndoHistory: Equatable, Sendable {
  struct Step: Equatable, Sendable {
    var record: HistoryRecord
    var selectionBefore: UUID?
    var selectionAfter: UUID?
    /// The todos this run's step removed or added: undo and redo put them
    /// back under their ids, so the selection finds them again.
    var todos: [Todo.State] = []
  }

  /// Records made in this run that wait for the change they describe to
  /// reach the disk (the save of `revision`) before the history file gets them.
  public struct Unwritten: Equatable, Sendable {
    public var revision: Int
    public var record: HistoryRecord
  }

  /// Older steps are forgotten past this many (config `history`).
  public var limit = 1_000
  /// Names this run in record ids, so that two runs' ids never clash.
  public var origin = "run"
  /// Who makes this run's steps, as the history names them.
  public var source = HistoryRecord.thisScreen
  private var count = 0

  private(set) var undoSteps: [Step] = []
  private(set) var redoSteps: [Step] = []
  /// Other programs' changes, newest last (as many as `limit`).
  private(set) var outside: [HistoryRecord] = []
  public internal(set) var unwritten: [Unwritten] = []
  /// Every record made or read, oldest first (as many as twice `limit`):
  /// what `U` shows.
  public private(set) var log: [HistoryRecord] = []
  /// Every record this history has read; with those it made (`made`),
  /// what it knows: another yaru's new ones in the history file are those
  /// it does not.
  private var read: Set<String> = []
  /// The ids this history made: `origin.N`, N in each range (a new range
  /// when the origin changes). Not kept one by one: hashed into a set,
  /// each cost a change ~50 lines of code, and the set grew for as long
  /// as the program ran.
  private var made: [MadeIDs] = []

  struct MadeIDs: Equatable, Sendable {
    let origin: String
    var numbers: ClosedRange<Int>
  }

  public init() {}

  public var canUndo: Bool { !undoSteps.isEmpty }
  public var canRedo: Bool { !redoSteps.isEmpty }
  public var undoDepth: Int { undoSteps.count }
  /// The step `u` would undo, and the one Ctrl-R would make again.
  public var nextUndo: HistoryRecord? { undoSteps.last?.record }
  public var nextRedo: HistoryRecord? { redoSteps.last?.record }

  /// An id no other record has.
  mutating func nextID() -> String {
    count += 1
    if let last = made.indices.last, made[last].origin == origin {
      made[last].numbers = made[last].numbers.lowerBound...count
    } else {
      made.append(MadeIDs(origin: origin, numbers: count...count))
    }
    return "\(origin).\(count)"
  }

  /// Whether this history made or read the record `id`.
  public func knows(_ id: String) -> Bool {
    if read.contains(id) { return true }
    guard let dot = id.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let digits = id[id.utf8.index(after: dot)...]
    // As `nextID` writes numbers: `1`, never `01` or `+1`.
    guard let number = Int(digits), String(number) == digits else { return false }
    let origin = id[..<dot]
    return made.contains { $0.origin == origin && $0.numbers.contains(number) }
  }

  /// A new step: it can be undone, and nothing can be redone any more.
  private mutating func logged(_ record: HistoryRecord) {
    log.append(record)
    if log.count > 2 * limit { log.removeFirst(log.count - 2 * limit) }
  }

  mutating func record(_ step: Step, revision: Int) {
    logged(step.record)
    undoSteps.append(step)
    if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    redoSteps.removeAll()
    unwritten.append(Unwritten(revision: revision, record: step.record))
  }

  /// The latest step, undone as `record` says: moved to the redo stack.
  mutating func undid(_ record: HistoryRecord, revision: Int) {
    guard let step = undoSteps.popLast() else { return }
    logged(record)
    redoSteps.append(step)
    unwritten.append(Unwritten(revision: revision, record: record))
  }

  /// The latest undone step, made again: moved back to the undo stack.
  mutating func redid(_ record: HistoryRecord, revision: Int) {
    guard let step = redoSteps.popLast() else { return }
    logged(record)
    undoSteps.append(step)
    unwritten.append(Unwritten(revision: revision, record: record))
  }

  /// The steps made since the undo stack was `depth` deep, with `top` on
  /// it, made one step (a macro's run: `u` undoes all of it). Left as they
  /// are when the stack went below `top` meanwhile (the run undid), or when
  /// a record of theirs was written already.
  mutating func joinSteps(above depth: Int, under top: String?, summary: String) {
    guard undoSteps.count - depth >= 2, undoSteps[..<depth].last?.record.id == top else { return }
    let steps = undoSteps[depth...]
    let ids = Set(steps.map(\.record.id))
    guard unwritten.filter({ ids.contains($0.record.id) }).count == steps.count,
          let first = steps.first, let last = steps.last
    else { return }
    var record = first.record
    record.time = last.record.time
    record.content = .joined(steps.map(\.record.content))
    record.summary = summary + ": " + record.content.summary
    record.archived = steps.flatMap(\.record.archived)
    let revision = unwritten.last { ids.contains($0.record.id) }?.revision ?? 0
    undoSteps.removeLast(steps.count)
    undoSteps.append(Step(
      record: record, selectionBefore: first.selectionBefore, selectionAfter: last.selectionAfter, todos: steps.flatMap(\.todos)
    ))
    log.removeAll { ids.contains($0.id) }
    logged(record)
    unwritten.removeAll { ids.contains($0.record.id) }
    unwritten.append(Unwritten(revision: revision, record: record))
  }

  /// Another program's change, merged into the list: on the disk already.
  mutating func saw(_ record: HistoryRecord) {
    logged(record)
    outside.append(record)
    if outside.count > limit { outside.removeFirst(outside.count - limit) }
    unwritten.append(Unwritten(revision: 0, record: record))
  }

  /// The records the save of `revision` made true: the history file's now.
  mutating func takeWritable(upTo revision: Int) -> [HistoryRecord] {
    let ready = unwritten.prefix { $0.revision <= revision }
    unwritten.removeFirst(ready.count)
    return ready.map(\.record)
  }

  /// Who last took `line` away, as far as this history knows.
  func whoChanged(_ line: String) -> String {
    outside.last { $0.hunks.contains { $0.removed.contains(line) } }?.source ?? HistoryRecord.anotherProgram
  }

  /// The stacks as the history file tells them (earlier runs, the shell),
  /// oldest first: each step undoable, unless undone since and not redone;
  /// below the steps this run made already (read while they were made).
  public mutating func restore(_ records: [HistoryRecord]) {
    // An origin an earlier run had (ids from the same random start): this
    // run's next ids must not be taken for its.
    while records.contains(where: { $0.id.hasPrefix(origin + ".") }) { origin += "+" }
    let mine = (undo: undoSteps, redo: redoSteps, outside: outside, log: log)
    (undoSteps, redoSteps, outside, log) = ([], [], [], [])
    take(records)
    for record in mine.log { logged(record) }
    undoSteps += mine.undo
    if !mine.undo.isEmpty { redoSteps = mine.redo }
    outside += mine.outside
    if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    if outside.count > limit { outside.removeFirst(outside.count - limit) }
  }

  /// Another yaru's records (the shell's `yaru add` while the list is open),
  /// read from the history file after the change they made: its steps can
  /// be undone here as if made here.
  mutating func ingest(_ records: [HistoryRecord]) {
    take(records)
    if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
    if outside.count > limit { outside.removeFirst(outside.count - limit) }
  }

  private mutating func take(_ records: [HistoryRecord]) {
    for record in records where !knows(record.id) {
      read.insert(record.id)
      logged(record)
      switch record.kind {
      case .step:
        undoSteps.append(Step(record: record))
        redoSteps.removeAll()
      case .undo(let id):
        if let index = undoSteps.lastIndex(where: { $0.record.id == id }) { redoSteps.append(undoSteps.remove(at: index)) }
      case .redo(let id):
        if let index = redoSteps.lastIndex(where: { $0.record.id == id }) { undoSteps.append(redoSteps.remove(at: index)) }
      case .outside:
        outside.append(record)
      }
    }
  }
}
