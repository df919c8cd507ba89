/// The two halves of a file path that the file code needs, meaning what
/// NSString's `lastPathComponent` and `deletingLastPathComponent` meant:
/// trailing slashes are ignored, and a bare name's folder is "".
public enum PathName {
  public static func lastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" { return "/" }
    return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
  }

  public static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if trimmed == "/" { return "/" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.last == "/" { path.removeLast() }
    return String(path)
  }
}
