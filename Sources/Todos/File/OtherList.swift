import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Another list's todo file, written while that list is not shown: a move
/// (`T`) appends its todos there first, and its undo takes them back out
/// once the list they came back to has saved them. Each write is read,
/// changed and saved under the file's folder lock (the client's save checks
/// the file is as read), with a record in that list's history, kind
/// `outside` with `movedTo` naming where they came from: it is the other
/// half of a step `u` undoes in the list that made it. When that list is
/// shown again, its file is read and the change merged like any other.
/// I/O queue only.
public enum OtherList {
  /// Appends `lines` to `list`'s file. Nil when done, else why not.
  static func append(
    _ lines: [String], to list: ListClients, from origin: String?, summary: String,
    uuid: @escaping @Sendable () -> UUID, now: @Sendable () -> Date
  ) -> String? {
    change(list, from: origin, summary: summary, arrived: lines, uuid: uuid, now: now) { todos in
      for line in lines { todos.todos.append(TodoTxt.parse(line[...], id: uuid())) }
    }
  }

  /// Takes the last copy of each of `lines` out of `list`'s file. Nil when
  /// done, else why not — also when a line is no longer there as it was
  /// (changed there since): that todo stays in both lists, never in neither.
  public static func remove(
    _ lines: [String], from list: ListClients, summary: String, uuid: @escaping @Sendable () -> UUID, now: @Sendable () -> Date
  ) -> String? {
    var missing = 0
    let failure = change(list, from: nil, summary: summary, uuid: uuid, now: now) { todos in
      missing = 0
      for line in lines.reversed() {
        if let index = todos.todos.lastIndex(where: { TodoTxt.format($0) == line }) {
          todos.todos.remove(at: index)
        } else {
          missing += 1
        }
      }
    }
    if let failure { return failure }
    guard missing > 0 else { return nil }
    return "\(missing) \(missing == 1 ? "todo was" : "todos were") changed in \(list.name) since the move"
  }

  /// "moved 2 todos from home".
  public static func summary(_ verb: String, _ count: Int, _ place: String) -> String {
    "\(verb) \(count) \(count == 1 ? "todo" : "todos") \(place)"
  }

  /// A few tries: a program that wrote between the read and the save
  /// makes the save refuse, and the change is made again on its version.
  private static let tries = 3

  /// `arrived`: the lines a move brought, kept in the record (`archived`)
  /// so that a move cut short can be told at the next start (`cutShort`).
  private static func change(
    _ list: ListClients, from origin: String?, summary: String, arrived: [String] = [], uuid: @escaping @Sendable () -> UUID,
    now: @Sendable () -> Date, _ body: (inout TodoList) -> Void
  ) -> String? {
    guard let file = list.file else { return "\(list.name) is a list in memory" }
    var why = ""
    for _ in 0..<tries {
      do throws(TodoFileError) {
        let contents = try file.load()
        let text = contents?.text ?? ""
        var todos = TodoList(parsing: text, makeID: uuid)
        body(&todos)
        var written = todos.formatted()
        guard written != text else { return nil }
        var saved = try file.save(written, file.path, contents.map { .unchanged($0.stamp) } ?? .noFile)
        if let displaced = saved.displaced {
          // Another program wrote at that very moment: theirs and ours, merged.
          let merged = LineMerge.mergedText(base: text, ours: written, theirs: displaced.text, tag: " conflict:\(Day(now(), at: .utc))")
          saved = try file.save(merged, file.path, .unchanged(saved.stamp))
          file.discard(displaced.path)
          written = merged
        }
        let hunks = LineMerge.hunks(from: TodoList.lines(of: text), to: TodoList.lines(of: written))
        let record = HistoryRecord(
          id: "move." + uuid().uuidString.lowercased(), time: now(), source: HistoryRecord.thisScreen, kind: .outside,
          summary: summary, hunks: hunks, archived: arrived, movedTo: origin ?? file.path
        )
        _ = list.history?.append([record])
        list.history?.keepBase(written)
        return nil
      } catch {
        why = error.message
        if !error.isConflict { break }
      }
    }
    return why
  }
}

extension OtherList {
  /// What to say at start when a move was cut short (yaru ended between
  /// writing the other list and saving the list they left): a list whose
  /// newest record is a move's arrival, while the list they came from
  /// still has every line and recorded no step that sent them there since
  /// they were last back in it. Other programs' changes recorded after the
  /// arrival are looked past: ended before the arrival's text was kept as
  /// the base, the next start records that text as another program's
  /// change. Reads the lists' histories' tails, and the file they came
  /// from only then. I/O queue only.
  static func cutShort(in lists: [ListClients]) -> String? {
    for list in lists {
      let newest = list.history?.read().records.last { $0.source != HistoryRecord.anotherProgram }
      guard let arrival = newest, arrival.kind == .outside, !arrival.archived.isEmpty,
            let origin = arrival.movedTo, let destination = list.file?.path, origin != destination,
            let source = lists.first(where: { $0.file?.path == origin }), let sourceHistory = source.history,
            !sentThere(arrival, to: destination, in: sourceHistory.read().records),
            let text = try? source.file?.load()?.text
      else { continue }
      let lines = Set(TodoList.lines(of: text))
      guard arrival.archived.allSatisfy(lines.contains) else { continue }
      let count = arrival.archived.count
      return "A move was cut short: \(count) \(count == 1 ? "todo is" : "todos are") in both \(source.name) and \(list.name)"
    }
    return nil
  }

  /// Whether the source's history ends with the step (or its redo) that
  /// sent the arrival's lines to `destination`, with nothing after it that
  /// brought one of them back (a move back, an undo): a step of an earlier
  /// move of the same todo can be as new as the arrival — times are kept
  /// to the second — but the todo came back after it.
  private static func sentThere(_ arrival: HistoryRecord, to destination: String, in records: [HistoryRecord]) -> Bool {
    func sends(_ step: HistoryRecord) -> Bool { step.movedTo == destination && step.archived == arrival.archived }
    let recent = records.drop(while: { $0.time < arrival.time.addingTimeInterval(-1) })
    guard let sent = recent.lastIndex(where: { record in
      switch record.kind {
      case .step: sends(record)
      case .redo(let id): records.contains { $0.id == id && sends($0) }
      case .undo, .outside: false
      }
    }) else { return false }
    let lines = Set(arrival.archived)
    return !recent[(sent + 1)...].contains { $0.hunks.contains { $0.added.contains(where: lines.contains) } }
  }
}
