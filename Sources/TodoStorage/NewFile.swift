import Glibc
import SystemPackage
import TodoModel

/// Files yaru makes beside the user's todo file (the done file, a state
/// file): private stays private. A new file gets the todo file's mode, never
/// the umask's looser default (a 0600 todo.txt must not be archived into a
/// 0644 done.txt), and root making one for another user's todo file gives
/// it to that user, as saving the todo file itself does.
public enum NewFile {
  /// The mode and owner a file made beside `todoPath` gets: the todo file's
  /// read and write bits (the umask's default without one); its owner only
  /// when root makes it and the todo file is someone else's.
  static func likeness(of todoPath: String?) -> (mode: mode_t, owner: (uid_t, gid_t)?) {
    var info = stat()
    guard let todoPath, stat(todoPath, &info) == 0 else { return (TodoFile.defaultFileMode(), nil) }
    let isOthers = geteuid() == 0 && (info.st_uid != 0 || info.st_gid != getegid())
    return (info.st_mode & 0o666, isOthers ? (info.st_uid, info.st_gid) : nil)
  }

  /// Opens `path` for appending, making it (never through a final symlink)
  /// with the todo file's mode and owner when it is missing. Whether it was made.
  static func openForAppending(_ path: FilePath, like todoPath: String?) throws(Errno) -> (FileDescriptor, isNew: Bool) {
    let likeness = likeness(of: todoPath)
    let flags = O_RDWR | O_APPEND | O_CLOEXEC  // read too: the end says what is there
    for _ in 0..<10 {
      let made = open(path.string, flags | O_CREAT | O_EXCL | O_NOFOLLOW, likeness.mode)
      if made >= 0 {
        // The umask may have taken bits away; the todo file's mode is the rule.
        fchmod(made, likeness.mode)
        if let (user, group) = likeness.owner { _ = fchown(made, user, group) }
        return (FileDescriptor(rawValue: made), true)
      }
      guard errno == EEXIST else { throw Errno(rawValue: errno) }
      let existing = open(path.string, flags)
      if existing >= 0 { return (FileDescriptor(rawValue: existing), false) }
      guard errno == ENOENT else { throw Errno(rawValue: errno) }  // removed in between: make it
    }
    throw Errno.resourceTemporarilyUnavailable
  }

  /// Makes `path` (and its folders) an empty file only its owner reads,
  /// or takes group and others' bits off the file there: for yaru's own
  /// files that name the user's todos (the state file). Never through a
  /// final symlink. Saves over it keep its mode.
  public static func makePrivate(_ path: String) throws(TodoFileError) {
    let file = FilePath(path)
    try TodoFile.makeFolder(TodoFile.folderPath(of: file), for: path)
    let descriptor = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw TodoFileError("Cannot make \(path): \(Errno(rawValue: errno).reason)") }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0 {
      fchmod(descriptor, info.st_mode & 0o700)
    }
  }
}
