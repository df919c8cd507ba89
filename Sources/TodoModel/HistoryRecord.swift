import FoundationEssentials

/// One change to a todo file, as its history keeps it: when, who, what in a
/// few words, and the lines it removed and added (`LineHunk`s), so that it
/// can be undone by content in a later version of the file, after a
/// restart or another program's change.
public struct HistoryRecord: Sendable {
  public enum Kind: Equatable, Sendable {
    /// A person's change, which undo can take back.
    case step
    /// The step with this id taken back (`u`, `yaru undo`) or made again.
    case undo(of: String)
    case redo(of: String)
    /// A change yaru saw but did not make: another program's, a sync's.
    case outside
  }

  /// Unique across runs and processes: the run's origin and a count.
  public var id: String
  public var time: Date
  /// `this screen`, `yaru add`, `another program`…
  public var source: String
  public var kind: Kind
  /// What the change did, in a few words: as given, else read from the
  /// hunks when asked. A key's step is recorded without it (formatting
  /// its todo and quoting it cost the toggle ~50 lines of code before its
  /// frame); the history file and the overlay read it later.
  public var summary: String {
    get { givenSummary ?? content.summary }
    set { givenSummary = newValue }
  }
  private var givenSummary: String?
  /// The hunks as kept: lines, or a step's todos not formatted yet.
  public var content: HistoryHunks
  /// The hunks as lines, formatted on each read when they are todos: read
  /// once, not in a loop.
  public var hunks: [LineHunk] {
    get { content.lines }
    _modify {
      var lines = content.lines
      content = .lines([])
      defer { content = .lines(lines) }
      yield &lines
    }
  }
  /// Lines the change appended to the done file (an archive), or to
  /// another list's todo file (`movedTo`: a move with `T`).
  public var archived: [String]
  /// The todo file `archived` went to when it is not the done file: the
  /// path of the list a move (`T`) wrote them to first.
  public var movedTo: String?

  public init(
    id: String, time: Date, source: String, kind: Kind, summary: String, hunks: [LineHunk], archived: [String] = [],
    movedTo: String? = nil
  ) {
    self.init(
      id: id, time: time, source: source, kind: kind, summary: summary, content: .lines(hunks), archived: archived,
      movedTo: movedTo
    )
  }

  /// `summary`: nil reads it from `content` when asked.
  public init(
    id: String, time: Date, source: String, kind: Kind, summary: String?, content: HistoryHunks, archived: [String] = [],
    movedTo: String? = nil
  ) {
    self.id = id
    self.time = time
    self.source = source
    self.kind = kind
    self.givenSummary = summary
    self.content = content
    self.archived = archived
    self.movedTo = movedTo
  }

  public static let thisScreen = "this screen"
  public static let anotherProgram = "another program"
}

extension HistoryRecord: Equatable {
  /// Records are equal by what they say: a summary given is equal to the
  /// same one read from the hunks.
  public static func == (lhs: HistoryRecord, rhs: HistoryRecord) -> Bool {
    lhs.id == rhs.id && lhs.time == rhs.time && lhs.source == rhs.source && lhs.kind == rhs.kind
      && lhs.content == rhs.content && lhs.archived == rhs.archived && lhs.movedTo == rhs.movedTo
      && lhs.summary == rhs.summary
  }
}

extension HistoryRecord {
  /// The file's versions, newest first, from `lines` (the file now) back
  /// through `records` (oldest first): each record's change taken back in
  /// turn, for as long as its lines are there (a change nobody recorded
  /// ends the walk). What a sync's conflict copy most likely started from
  /// is one of them.
  public static func versions(backFrom lines: [String], through records: [HistoryRecord], limit: Int = 200) -> [[String]] {
    var versions = [lines]
    var current = lines
    for record in records.reversed().prefix(limit) where !record.content.isEmpty {
      guard let earlier = LineHunk.apply(record.hunks.reversed().map(\.inverse), to: current) else { break }
      if earlier != current { versions.append(earlier) }
      current = earlier
    }
    return versions
  }
}
