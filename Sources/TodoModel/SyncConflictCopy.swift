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
}
