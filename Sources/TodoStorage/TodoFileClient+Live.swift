import TodoModel

extension TodoFileClient {
  /// The todo file on disk at `path`, its done file at `donePath`.
  public static func live(path: String, donePath: String) -> TodoFileClient {
    TodoFileClient(
      path: path,
      load: { () throws(TodoFileError) in try TodoFile.read(path) },
      save: { (text, target, expecting) throws(TodoFileError) in try TodoFile.write(text, to: target, expecting: expecting) },
      look: { TodoFile.look(path, since: $0) },
      conflictCopies: { TodoFile.conflictCopies(of: path) },
      donePath: donePath,
      archive: { (lines) throws(TodoFileError) in try DoneFile.append(lines, to: donePath, besides: path) },
      unarchive: { (lines) throws(TodoFileError) in try DoneFile.remove(lines, from: donePath, besides: path) }
    )
  }
}
