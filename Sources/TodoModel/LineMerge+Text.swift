extension LineMerge {
  /// Three versions of a todo file merged line by line (as `merge`), as
  /// text in `ours`' shape (line endings, byte order mark): what a save
  /// writes when another program wrote at the same moment. The user's side
  /// of a line both changed differently is kept after theirs, with `tag`.
  /// When their version is one a save displaced (`isDisplaced`), what it
  /// dropped outright is put back first (`restoringDropped`); a sync's
  /// conflict copy deletes what it deleted.
  public static func mergedText(base: String, ours: String, theirs: String, tag: String, isDisplaced: Bool = true) -> String {
    let baseLines = TodoList.lines(of: base), ourLines = TodoList.lines(of: ours)
    let theirLines = isDisplaced
      ? restoringDropped(base: baseLines, theirs: TodoList.lines(of: theirs)).map(\.line) : TodoList.lines(of: theirs)
    let shape = TodoList.shape(of: ours)
    let lines = merge(base: baseLines, ours: ourLines, theirs: theirLines).map { source in
      switch source {
      case .ours(let index): ourLines[index]
      case .theirs(let index, _): theirLines[index]
      case .conflict(let index): ourLines[index] + tag
      }
    }
    var text = shape.byteOrderMark ? "\u{FEFF}" : ""
    for line in lines { text += line + shape.ending(of: line) }
    return text
  }
}

extension LineMerge {
  /// `theirs` with the lines it dropped from `base` outright (not replaced
  /// by other lines) put back where they were: each line with its index in
  /// `theirs`, or nil when it is one put back.
  ///
  /// For a version another program wrote at the very moment yaru saved (a
  /// save displaced it): such a program (`sed -i`, a sync tool renaming its
  /// copy) most often started from an older text than yaru's, so a line it
  /// lacks is one it never saw, not one it deleted — merged as deleted, a
  /// todo added meanwhile would be lost. A deletion made at that very
  /// moment comes back instead: never a loss.
  public static func restoringDropped(base: [String], theirs: [String]) -> [(line: String, theirs: Int?)] {
    let diff = Diff(base.map(Line.init), theirs.map(Line.init))
    var restored: [(line: String, theirs: Int?)] = []
    var next = 0  // the next line of theirs
    var hunks = diff.hunks[...]
    for (baseIndex, line) in base.enumerated() {
      if let theirIndex = diff.newIndex[baseIndex] {
        while next < theirIndex { restored.append((theirs[next], next)); next += 1 }
        restored.append((theirs[theirIndex], theirIndex))
        next = theirIndex + 1
        continue
      }
      while let hunk = hunks.first, hunk.base.upperBound <= baseIndex { hunks.removeFirst() }
      if let hunk = hunks.first, hunk.base.contains(baseIndex), hunk.new.isEmpty {
        restored.append((line, nil))  // dropped outright: put back
      }
    }
    while next < theirs.count { restored.append((theirs[next], next)); next += 1 }
    return restored
  }
}

extension LineMerge {
  /// The lines two versions share, in order: the base to merge a version
  /// with when the one both started from is not known (a copy left beside
  /// the file), so that every line of both is kept.
  public static func commonLines(_ first: [String], _ second: [String]) -> [String] {
    Diff.matches(first.map(Line.init), second.map(Line.init)).map { first[$0.0] }
  }
}
