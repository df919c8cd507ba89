extension LineMerge {
  /// How `old` became `new`, as hunks told by content (`LineHunk`), in
  /// order: each placed in the file as the ones before it left it. What the
  /// history keeps of a change it did not make itself (another program's,
  /// the shell's).
  public static func hunks(from old: [String], to new: [String]) -> [LineHunk] {
    Diff(old.map(Line.init), new.map(Line.init)).hunks.map { hunk in
      LineHunk(
        at: hunk.new.lowerBound,
        above: hunk.new.lowerBound > 0 ? new[hunk.new.lowerBound - 1] : nil,
        below: hunk.new.upperBound < new.count ? new[hunk.new.upperBound] : nil,
        removed: Array(old[hunk.base]), added: Array(new[hunk.new])
      )
    }
  }
}
