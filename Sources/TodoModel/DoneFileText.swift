/// The done file's bytes as archiving and its undo change them: one
/// definition for the disk (`DoneFile`) and the in-memory disk, so that
/// the two cannot drift apart.
public enum DoneFileText {
  /// What archiving `lines` adds to a done file whose last byte is `last`
  /// (nil: empty or missing): each on a line of its own, with a line break
  /// first when the file's last line lacks one.
  public static func addition(_ lines: [String], after last: UInt8?) -> String {
    guard !lines.isEmpty else { return "" }
    let text = lines.joined(separator: "\n") + "\n"
    return last == nil || last == UInt8(ascii: "\n") ? text : "\n" + text
  }

  /// `text` without the last copy of each of `lines`, every line ending in a
  /// line break. Lines are split on the byte `\n`: a `\r\n` pair is one
  /// Character, so splitting on Characters glued a Windows file's lines
  /// into one and never found an archived line in it.
  public static func removing(_ lines: [String], from text: String?) -> String {
    var kept = (text ?? "").utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    if kept.last == "" { kept.removeLast() }
    for line in lines.reversed() {
      if let index = kept.lastIndex(where: { $0.utf8.elementsEqual(line.utf8) }) { kept.remove(at: index) }
    }
    return kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n"
  }
}
