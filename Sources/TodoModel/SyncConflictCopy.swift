/// The copies sync tools leave beside a file when two devices changed it at
/// once: Syncthing's `todo.sync-conflict-20261123-101500-ABCDEFG.txt` and
/// Dropbox's `todo (Ann's conflicted copy 2026-11-23).txt`.
public enum SyncConflictCopy {
  /// Whether `name` is such a copy of the file named `fileName` (names
  /// without folders).
  public static func isCopy(_ name: String, of fileName: String) -> Bool {
    let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
    let stem = dot.map { fileName[..<$0] } ?? fileName[...]
    let suffix = dot.map { fileName[$0...] } ?? ""
    guard name != fileName, name.hasPrefix(stem), name.hasSuffix(suffix),
          name.utf8.count > stem.utf8.count + suffix.utf8.count
    else { return false }
    let middle = name.dropFirst(stem.count).dropLast(suffix.count)
    return middle.hasPrefix(".sync-conflict-")
      || (middle.hasPrefix(" (") && middle.hasSuffix(")") && middle.contains("conflicted copy"))
  }

  /// Marks the copy a cut-short in-place save leaves (`.todo.txt.yaru-inplace-XXXXXX`).
  public static let inPlaceMarker = ".yaru-inplace-"
  /// Marks another program's version a save displaced and kept
  /// (`.todo.txt.yaru-displaced-XXXXXX`), until its lines are saved.
  public static let displacedMarker = ".yaru-displaced-"
  /// Marks the copy of changes yaru could not save when it had to end
  /// (`.todo.txt.yaru-rescue-XXXXXX`).
  public static let rescueMarker = ".yaru-rescue-"

  /// Whether `name` is shown as a copy of `fileName` beside it: a sync
  /// tool's, the whole text an interrupted in-place save left, another
  /// program's version a save displaced, or a rescue copy.
  public static func isShown(_ name: String, of fileName: String) -> Bool {
    isCopy(name, of: fileName)
      || [inPlaceMarker, displacedMarker, rescueMarker].contains { name.hasPrefix("." + fileName + $0) }
  }
}
