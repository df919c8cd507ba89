/// Lines a move (`T`) wrote to another list's todo file: what undoing it
/// takes back out of that file, once this list's file has them again.
public struct MovedLines: Equatable, Sendable {
  /// The other list's todo file.
  public var path: String
  public var lines: [String]

  public init(path: String, lines: [String]) {
    self.path = path
    self.lines = lines
  }
}
