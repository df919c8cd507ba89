/// Conflict markers that a merge made without yaru's driver left in a todo
/// file (a phone's git app, a plain `git pull`): healed, never shown. Each
/// block's two sides become lines — the other side's first, then the local
/// lines it lacks, tagged `conflict:` — and the markers (and a diff3 base
/// section) go, so nobody edits `<<<<<<<` by hand.
public enum ConflictMarkers {
  /// `lines` healed, and how many blocks there were; nil when it has none
  /// (a marker line alone, without its block, is a todo like any other).
  public static func heal(_ lines: [String], tag: String) -> (lines: [String], blocks: Int)? {
    var healed: [String] = []
    var blocks = 0
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("<<<<<<< ") || lines[index] == "<<<<<<<",
            let block = block(in: lines, from: index)
      else {
        healed.append(lines[index])
        index += 1
        continue
      }
      blocks += 1
      let theirs = Array(lines[block.theirs])
      healed += theirs
      healed += lines[block.ours].filter { !theirs.contains($0) }.map { $0 + tag }
      index = block.end
    }
    return blocks == 0 ? nil : (healed, blocks)
  }

  /// The lines of a block starting at `start`: ours (after `<<<<<<<`, up to
  /// a `|||||||` base or `=======`), theirs (up to `>>>>>>>`), and where it
  /// ends; nil if it is not closed.
  private static func block(in lines: [String], from start: Int) -> (ours: Range<Int>, theirs: Range<Int>, end: Int)? {
    var oursEnd: Int?
    var separator: Int?
    for index in start + 1..<lines.count {
      let line = lines[index]
      if separator == nil, oursEnd == nil, line.hasPrefix("|||||||") { oursEnd = index }
      if separator == nil, line == "=======" {
        separator = index
        if oursEnd == nil { oursEnd = index }
      } else if let separator, line.hasPrefix(">>>>>>> ") || line == ">>>>>>>" {
        return (start + 1..<oursEnd!, separator + 1..<index, index + 1)
      } else if line.hasPrefix("<<<<<<< ") {
        return nil  // another block opens before this one closed
      }
    }
    return nil
  }
}
