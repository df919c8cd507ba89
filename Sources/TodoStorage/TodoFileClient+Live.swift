import Glibc
import TodoModel

extension TodoFileClient {
  /// The todo file on disk at `path`, its done file at `donePath`.
  /// `rescueFolder`: where a rescue copy goes when the file's folder cannot take it.
  public static func live(path: String, donePath: String, rescueFolder: String? = nil) -> TodoFileClient {
    TodoFileClient(
      path: path,
      load: { () throws(TodoFileError) in try TodoFile.read(path) },
      save: { (text, target, expecting) throws(TodoFileError) in try TodoFile.write(text, to: target, expecting: expecting) },
      readCopy: { name in (try? TodoFile.readCopy(TodoFile.copyPath(named: name, besides: path))) ?? nil },
      // A displaced version from a save by its path; one found beside the file by its name.
      discard: { unlink($0.contains("/") ? $0 : TodoFile.copyPath(named: $0, besides: path)) },
      rescue: { (text) throws(TodoFileError) in try RescueCopy.write(text, besides: path, fallbackFolder: rescueFolder) },
      look: { TodoFile.look(path, since: $0) },
      conflictCopies: { TodoFile.conflictCopies(of: path) },
      writeRefusal: { TodoFile.writeRefusal(path) },
      donePath: donePath,
      archive: { (lines) throws(TodoFileError) in
        try TodoFile.refuseDoneFile(donePath, ifItIs: path)
        try DoneFile.append(lines, to: donePath, besides: path)
      },
      unarchive: { (lines) throws(TodoFileError) in
        try TodoFile.refuseDoneFile(donePath, ifItIs: path)
        try DoneFile.remove(lines, from: donePath, besides: path)
      }
    )
  }
}
