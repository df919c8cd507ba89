import CFileSystem
import Dispatch
import Glibc
import SystemPackage
import TodoModel

extension FileNoticeClient {
  /// The kernel's notices (inotify) for the todo file at `path`. Its folder
  /// is watched, not the file: a save (yaru's, `sed -i`'s, a sync tool's)
  /// replaces the file by a rename, and a watch on the file would stay on
  /// the old one. Where notices cannot be had, `.unavailable` says why and
  /// the app polls.
  public static func kernel(path: String) -> FileNoticeClient {
    FileNoticeClient { notice in
      switch KernelFileNotices.start(path: path, notice: notice) {
      case .success(let watch):
        return Stop { watch.stop() }
      case .failure(let why):
        notice(.unavailable(why.reason))
        return Stop {}
      }
    }
  }
}

/// One inotify descriptor watching the folders of the todo file (the path
/// as given, and where its symlinks lead), read on its own queue when the
/// kernel has events; none are read, and nothing wakes, while nothing changes.
final class KernelFileNotices: Sendable {
  /// Why notices cannot be had; the file is polled instead.
  struct Unavailable: Error {
    let reason: String
  }

  /// A name watched in a watched folder.
  struct Target: Sendable {
    let watch: Int32
    let name: String
  }

  /// One event as the kernel reports it: on which watch, what, and the
  /// name in the folder it is about (empty for the folder itself).
  struct Event {
    let watch: Int32
    let mask: UInt32
    let name: String
  }

  /// What happens to the file's name: written and closed, renamed onto or
  /// away, deleted, its mode or owner changed. Not IN_MODIFY: a long write
  /// would send one per block, and its close comes anyway. Not IN_CREATE:
  /// a file just made is empty until its writer writes and closes it (a
  /// shell's `>`), and read then it would be taken for a list emptied by
  /// another program; its IN_CLOSE_WRITE comes once it is whole. (A hard
  /// link made onto the name, `ln`, sends only IN_CREATE: the clock's
  /// minute looks at the file too.)
  private static let nameEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)
  /// The folder itself goes away or moves: its watch is over (IN_UNMOUNT
  /// and IN_IGNORED come unasked).
  private static let folderEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED)

  /// File systems whose other machines' writes the kernel never hears of
  /// (linux/magic.h): network ones, FUSE (sshfs, rclone), 9p (WSL, VMs'
  /// shared folders). Their files are polled.
  private static let silentFileSystems: [Int: String] = [
    0x6969: "NFS", 0x517B: "SMB", 0xFE53_4D42: "SMB2", 0xFF53_4D42: "CIFS", 0x6573_5546: "FUSE",
    0x0102_1997: "9p", 0x00C3_6400: "Ceph", 0x5346_414F: "AFS", 0x7375_7245: "Coda", 0x0116_1970: "GFS2",
    0x7461_636F: "OCFS2", 0x564C: "NCP",
  ]

  private let descriptor: Int32
  // A Dispatch source is thread-safe to cancel; it is just not marked Sendable.
  private nonisolated(unsafe) let source: any DispatchSourceRead
  private let targets: [Target]
  private let notice: @Sendable (FileNotice) -> Void

  private init(descriptor: Int32, targets: [Target], notice: @escaping @Sendable (FileNotice) -> Void) {
    self.descriptor = descriptor
    self.targets = targets
    self.notice = notice
    source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "yaru.notices"))
  }

  /// Watches the folders of `path` (given, and symlinks followed).
  static func start(
    path: String, notice: @escaping @Sendable (FileNotice) -> Void
  ) -> Result<KernelFileNotices, Unavailable> {
    let given = FilePath(path)
    var places = [(folder: TodoFile.folderPath(of: given), name: given.lastComponent?.string ?? path)]
    let resolved = TodoFile.resolved(given)
    if resolved != given { places.append((TodoFile.folderPath(of: resolved), resolved.lastComponent?.string ?? resolved.string)) }
    for place in places {
      let type = yaru_file_system_type(place.folder.string)
      guard type != -1 else { return .failure(Unavailable(reason: "\(place.folder): \(Errno(rawValue: errno).reason)")) }
      if let name = silentFileSystems[type] {
        return .failure(Unavailable(reason: "\(place.folder) is on \(name), which does not tell of other machines' writes"))
      }
    }
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return .failure(Unavailable(reason: "inotify: \(Errno(rawValue: errno).reason)")) }
    var targets: [Target] = []
    for place in places {
      let watch = inotify_add_watch(descriptor, place.folder.string, nameEvents | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR))
      guard watch >= 0 else {
        let why = Errno(rawValue: errno).reason
        close(descriptor)
        return .failure(Unavailable(reason: "inotify on \(place.folder): \(why)"))
      }
      targets.append(Target(watch: watch, name: place.name))
    }
    let watch = KernelFileNotices(descriptor: descriptor, targets: targets, notice: notice)
    watch.source.setEventHandler { watch.readEvents() }
    watch.source.setCancelHandler { close(descriptor) }
    watch.source.resume()
    return .success(watch)
  }

  func stop() {
    source.cancel()
  }

  /// Reads what the kernel has (on the source's queue) and says what it
  /// means for the file, once for the lot.
  private func readEvents() {
    var events: [Event] = []
    // Aligned for inotify_event; big enough for many events at once.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = offset + MemoryLayout<inotify_event>.size
        let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[nameStart..<min(nameStart + Int(event.len), count)])
        events.append(Event(watch: event.wd, mask: event.mask, name: String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
        offset = nameStart + Int(event.len)
      }
    }
    let notices = Self.notices(for: events, watching: targets)
    if notices.contains(where: { $0 != .changed }) { source.cancel() }
    for notice in notices { self.notice(notice) }
  }

  /// What a batch of events says about the file: changed (its name, a
  /// conflict copy shown beside it, or events lost), and whether the watch
  /// is over (its folder moved, deleted or unmounted). Pure, for the tests.
  static func notices(for events: [Event], watching targets: [Target]) -> [FileNotice] {
    var changed = false
    var isOver = false
    for event in events {
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
        changed = true  // events were dropped: one of them may have been the file's
      } else if event.mask & folderEvents != 0, targets.contains(where: { $0.watch == event.watch }) {
        isOver = true
      } else if targets.contains(where: { $0.watch == event.watch && ($0.name == event.name || SyncConflictCopy.isShown(event.name, of: $0.name)) }) {
        changed = true
      }
    }
    var notices: [FileNotice] = changed ? [.changed] : []
    if isOver { notices.append(.unavailable("the todo file's folder was moved, deleted or unmounted")) }
    return notices
  }
}
