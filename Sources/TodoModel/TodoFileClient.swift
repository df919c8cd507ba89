import FoundationEssentials

/// Why the todo file could not be read or written, in words for the user:
/// always the path, and the line when it is about the content.
public struct TodoFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String
  /// Another program changed the file since yaru last read or wrote it.
  public let isConflict: Bool
  public init(_ message: String, isConflict: Bool = false) {
    self.message = message
    self.isConflict = isConflict
  }
  public var description: String { message }
}

/// What a save expects to find on disk before it replaces the file: it
/// refuses (a conflict) rather than overwrite a version it has not seen.
public enum DiskExpectation: Equatable, Sendable {
  case anything
  case noFile
  case unchanged(DiskStamp)
}

/// What the file on disk looked like when yaru last read or wrote it: enough
/// to notice cheaply that another program changed it.
public struct DiskStamp: Equatable, Sendable {
  public var inode: UInt64
  public var size: Int64
  /// The modification time, in nanoseconds since 1970.
  public var modified: Int64
  /// The status change time (ctime), in nanoseconds since 1970: a copy that
  /// sets the modification time back (`rsync -t`, `cp -p`) still changes it.
  public var changed: Int64
  public var hash: UInt64

  public init(inode: UInt64, size: Int64, modified: Int64, changed: Int64, hash: UInt64) {
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
    self.hash = hash
  }

  /// A hash of a whole file's bytes, to tell "same list" apart when the
  /// file's status changed (a `touch`, a copy over it). Made at every load
  /// and save, and only compared within a run: never kept, so it is free
  /// to change. 8 bytes a step (FNV-1a, a byte a step, took 0.55 ms of
  /// every start at 10,000 todos: each step waits for the last multiply).
  public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    if let found = bytes.withContiguousStorageIfAvailable({ Self.hash(of: $0.span) }) { return found }
    return Self.hash(of: Array(bytes).span)
  }

  static func hash(of bytes: Span<UInt8>) -> UInt64 {
    let raw = bytes.bytes
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    // Each step a bijection of the state (xor a word, multiply by an odd
    // number, fold the high half down): texts of one length that differ in
    // one word always hash apart, and the steps that follow spread a
    // word's bits over the whole state.
    func mix(_ word: UInt64) {
      hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
      hash ^= hash >> 32
    }
    var offset = 0
    while offset &+ 8 <= raw.byteCount {
      // A load of plain bytes as an integer: every bit pattern is a UInt64.
      mix(raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset &+= 8
    }
    var tail: UInt64 = 0
    for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
    mix(tail)
    // The length last: "" and "\0", "a" and "\0a" leave the same tail word.
    mix(UInt64(bytes.count))
    return hash
  }

  /// Whether the file would hold exactly `text`.
  public func matches(_ text: String) -> Bool {
    size == Int64(text.utf8.count) && hash == Self.hash(text.utf8)
  }
}

/// Another program's version of the file that a save pushed aside: it was
/// written between yaru's last look and the moment yaru's text took its
/// place (an append by todo.sh's `>>`, a rename by `sed -i`). Kept on disk
/// at `path` until its lines are merged into the list and saved.
public struct DisplacedFile: Equatable, Sendable {
  public let path: String
  public let text: String
  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }
}

/// What a save did: the stamp of the text it wrote, and another program's
/// version it displaced, if any.
public struct SavedFile: Equatable, Sendable {
  public let stamp: DiskStamp
  public let displaced: DisplacedFile?
  public init(stamp: DiskStamp, displaced: DisplacedFile? = nil) {
    self.stamp = stamp
    self.displaced = displaced
  }
}

/// What a look at the file found (`TodoFileClient.look`).
public enum FileLook: Equatable, Sendable {
  /// Its inode, size and times are the known ones: the bytes were not read.
  case unchanged
  /// There is no file.
  case gone
  /// Another writer holds the folder's lock (`yaru add`, `yaru sync`): the
  /// file is not read halfway; look again shortly.
  case busy
  /// The file is there but cannot be read as a todo list (not valid UTF-8,
  /// no permission): why, in words for the user.
  case unreadable(String)
  /// The file as it is now, read once.
  case read(text: String, stamp: DiskStamp)
}

/// The todo file as the app sees it: a few operations, so that the app does
/// no I/O of its own. TodoStorage has the live one (the disk), tests an
/// in-memory one.
public struct TodoFileClient: Sendable {
  public let path: String
  public var load: @Sendable () throws(TodoFileError) -> (text: String, stamp: DiskStamp)?
  /// Writes `text` to `path`, refusing (a conflict error) if the file is not
  /// as expected; what another program wrote at the last moment is handed
  /// back as displaced, never lost.
  public var save: @Sendable (_ text: String, _ path: String, _ expecting: DiskExpectation) throws(TodoFileError) -> SavedFile
  /// The text of a copy beside the file, by its name (from
  /// `conflictCopies`); nil if it cannot be read as one.
  public var readCopy: @Sendable (_ name: String) -> String?
  /// Removes a displaced version once its lines are saved in the file.
  public var discard: @Sendable (_ displaced: String) -> Void
  /// Writes changes that could not be saved to a new copy (`RescueCopy`)
  /// and says where.
  public var rescue: @Sendable (_ text: String) throws(TodoFileError) -> String
  /// Has the file changed since `known`? Its inode, size and times first;
  /// its bytes are read, once, only when those differ (always when `known`
  /// is nil, to catch a copy that put every time back).
  public var look: @Sendable (_ known: DiskStamp?) -> FileLook
  /// The names of sync tools' conflict copies beside the file (`SyncConflictCopy`).
  public var conflictCopies: @Sendable () -> [String]
  /// Why a save would be refused now (a read-only file), nil if it would
  /// not: so the footer can say so before the first change is refused.
  public var writeRefusal: @Sendable () -> String?
  /// Where archived todos go (`done.txt` beside the file unless set otherwise).
  public let donePath: String
  /// Appends lines to the done file and flushes them: archiving's first step.
  public var archive: @Sendable (_ lines: [String]) throws(TodoFileError) -> Void
  /// Takes archived lines back out of the done file: undoing an archive.
  public var unarchive: @Sendable (_ lines: [String]) throws(TodoFileError) -> Void

  public init(
    path: String,
    load: @escaping @Sendable () throws(TodoFileError) -> (text: String, stamp: DiskStamp)?,
    save: @escaping @Sendable (_ text: String, _ path: String, _ expecting: DiskExpectation) throws(TodoFileError) -> SavedFile,
    readCopy: @escaping @Sendable (_ name: String) -> String? = { _ in nil },
    discard: @escaping @Sendable (_ displaced: String) -> Void = { _ in },
    rescue: @escaping @Sendable (_ text: String) throws(TodoFileError) -> String = { _ throws(TodoFileError) in
      throw TodoFileError("this list has no folder for a rescue copy")
    },
    look: @escaping @Sendable (_ known: DiskStamp?) -> FileLook,
    conflictCopies: @escaping @Sendable () -> [String] = { [] },
    writeRefusal: @escaping @Sendable () -> String? = { nil },
    donePath: String = "done.txt",
    archive: @escaping @Sendable (_ lines: [String]) throws(TodoFileError) -> Void = { _ throws(TodoFileError) in
      throw TodoFileError("This list has no done file to archive to")
    },
    unarchive: @escaping @Sendable (_ lines: [String]) throws(TodoFileError) -> Void = { _ throws(TodoFileError) in
      throw TodoFileError("This list has no done file")
    }
  ) {
    self.path = path
    self.load = load
    self.save = save
    self.readCopy = readCopy
    self.discard = discard
    self.rescue = rescue
    self.look = look
    self.conflictCopies = conflictCopies
    self.writeRefusal = writeRefusal
    self.donePath = donePath
    self.archive = archive
    self.unarchive = unarchive
  }

  /// The done file's name without its folders, for messages.
  public var doneFileName: String {
    donePath.split(separator: "/").last.map(String.init) ?? donePath
  }

  /// The file's name without its folders, for messages.
  public var fileName: String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
