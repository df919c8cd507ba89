/// `[lists]`: several todo files, each with its own lock, done file
/// (`done.txt` beside it) and history; `L` switches, `T` then N moves todos
/// to the N-th, `--list NAME` opens one.
extension Config {
  /// One list of `[lists]`: its name and its todo file's path as written.
  public struct NamedList: Equatable, Sendable {
    public let name: String
    public var path: String
    public init(name: String, path: String) {
      self.name = name
      self.path = path
    }
  }

  /// `T` takes one digit: lists 1 to 9.
  public static let mostLists = 9

  mutating func addList(_ entry: ConfigParser.Entry) throws(Failure) {
    guard case .string(let path) = entry.value else { throw entry.failure("a list is the path of its todo file in quotes, such as \"~/work/todo.txt\"") }
    guard !path.allSatisfy(\.isWhitespace) else { throw entry.failure("the list \(entry.key) has no path") }
    if let same = lists.first(where: { $0.path == path }) {
      throw entry.failure("the lists \(same.name) and \(entry.key) name the same file")
    }
    guard lists.count < Self.mostLists else {
      throw entry.failure("at most \(Self.mostLists) lists (T takes one digit)")
    }
    lists.append(NamedList(name: entry.key, path: path))
  }

  /// The list called `name`, for `--list`; an error names the lists there are.
  public func list(named name: String) throws(Failure) -> NamedList {
    if let list = lists.first(where: { $0.name == name }) { return list }
    let known = lists.isEmpty ? "the config file has no [lists]" : "lists: " + lists.map(\.name).joined(separator: ", ")
    throw Failure(description: "there is no list \(name) (\(known))")
  }
}
