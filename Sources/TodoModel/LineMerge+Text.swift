extension LineMerge {
  /// Three versions of a todo file merged line by line (as `merge`), as
  /// text in `ours`' shape (line endings, byte order mark): what a save
  /// writes when another program wrote at the same moment. The user's side
  /// of a line both changed differently is kept after theirs, with `tag`.
  public static func mergedText(base: String, ours: String, theirs: String, tag: String) -> String {
    let ourLines = TodoList.lines(of: ours), theirLines = TodoList.lines(of: theirs)
    let shape = TodoList.shape(of: ours)
    let lines = merge(base: TodoList.lines(of: base), ours: ourLines, theirs: theirLines).map { source in
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
