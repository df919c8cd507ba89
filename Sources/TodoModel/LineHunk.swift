import FoundationEssentials

/// One change to a file's lines, told by content: the lines it removed and
/// added, and the line above and below, so that it can be found again in a
/// later version of the file (after other programs added or moved lines, or
/// after a restart) — which is what lets undo work by content, not by index.
///
/// A step's hunks apply in order: each is read in the file as the ones
/// before it left it.
public struct LineHunk: Equatable, Sendable {
  /// Where `removed` started in the file before (and `added` starts after).
  public var at: Int
  /// The line just above, nil at the top of the file.
  public var above: String?
  /// The line just below, nil at the end of the file.
  public var below: String?
  public var removed: [String]
  public var added: [String]

  public init(at: Int, above: String?, below: String?, removed: [String], added: [String]) {
    self.at = at
    self.above = above
    self.below = below
    self.removed = removed
    self.added = added
  }

  /// The hunk that takes the change back.
  public var inverse: LineHunk {
    LineHunk(at: at, above: above, below: below, removed: added, added: removed)
  }

  /// Where this hunk's `removed` lines are in a file of `count` lines read
  /// by `line`: the place that holds exactly them, with the same lines
  /// around them if several do, nearest `at` if still several. A hunk that
  /// only adds goes between its old neighbours (or next to one of them, or
  /// at `at`). `.missing` names a removed line no longer there as it was.
  public func place(inFileOf count: Int, line: (Int) -> String) -> Place {
    func holdsRemoved(_ start: Int) -> Bool {
      start >= 0 && start + removed.count <= count
        && removed.indices.allSatisfy { line(start + $0) == removed[$0] }
    }
    func context(_ start: Int) -> Int {
      let up = start > 0 ? line(start - 1) : nil
      let down = start + removed.count < count ? line(start + removed.count) : nil
      return (up == above ? 1 : 0) + (down == below ? 1 : 0)
    }
    let last = count - removed.count
    let home = min(max(at, 0), max(last, 0))
    var best: (start: Int, score: Int)?
    // Outward from where it was: the first place with both neighbours wins.
    for distance in 0...max(home, max(last, 0) - home) {
      for start in distance == 0 ? [home] : [home - distance, home + distance] where start >= 0 && start <= last {
        guard removed.isEmpty || holdsRemoved(start) else { continue }
        let score = context(start)
        if score == 2 { return .at(start) }
        if best == nil || score > best!.score { best = (start, score) }
      }
    }
    if let best { return .at(best.start) }
    if removed.isEmpty { return .at(min(max(at, 0), count)) }
    var present: [String: Int] = [:]
    for index in 0..<count { present[line(index), default: 0] += 1 }
    return .missing(removed.first { present[$0, default: 0] == 0 } ?? removed[0])
  }

  /// A line's todo text, without dates and priority, cut to 40
  /// characters, in quotes: how messages and the history name a line.
  public static func quoted(_ line: String) -> String {
    let text = TodoTxt.parse(line[...], id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))).text
    // Strings joined, not a Substring into a String: that `+` is generic,
    // and its first call in a process looked its types up by name (~190,000
    // instructions on the first toggle's key).
    let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
    return "\"" + shown + "\""
  }

  /// `lines` with `hunks` made on them in order, each where its lines are
  /// now; nil if one's removed lines are not there.
  public static func apply(_ hunks: [LineHunk], to lines: [String]) -> [String]? {
    var lines = lines
    for hunk in hunks {
      guard case .at(let start) = hunk.place(inFileOf: lines.count, line: { lines[$0] }) else { return nil }
      lines.replaceSubrange(start..<start + hunk.removed.count, with: hunk.added)
    }
    return lines
  }

  public enum Place: Equatable, Sendable {
    case at(Int)
    case missing(String)
  }
}
