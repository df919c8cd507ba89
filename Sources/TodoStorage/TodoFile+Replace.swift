import CRename
import Glibc
import SystemPackage
import TodoModel

extension TodoFile {
  /// Why a save of `path` would be refused now (its owner's write bit is
  /// off: the check `replace` makes), nil if it would not: asked at load
  /// and at each look, so the footer says so before a change is lost to it.
  public static func writeRefusal(_ path: String) -> String? {
    guard let stat = try? Stat(resolved(FilePath(path))), stat.permissions.rawValue & 0o200 == 0 else { return nil }
    return readOnlyReason(path)
  }

  static func readOnlyReason(_ path: String) -> String {
    "the file is read-only (chmod u+w \(path) allows changes)"
  }

  /// The atomic replacement itself: a temporary file beside the target,
  /// written, given the target's mode and owner, flushed, then swapped with
  /// the target in one step (`renameat2` with `RENAME_EXCHANGE`).
  ///
  /// Other programs take no lock: one may append to the file (`>>`) or
  /// rename its own version over it (`sed -i`) after yaru's check and
  /// before the swap. The swap leaves whatever sat at the path at that
  /// moment at the temporary's name, so it is read: if it is not what the
  /// check saw, it is kept (`.NAME.yaru-displaced-XXXXXX`) and returned, for
  /// the caller to merge; else it is removed. Where the file system cannot
  /// swap, the old file is held open across a plain rename and read after it.
  ///
  /// A file with hard links is written in place instead (a rename would
  /// split the links): it is read again through the descriptor that writes
  /// it, and refused as a conflict if it changed; the new text is first
  /// flushed to a copy beside it, `.NAME.yaru-inplace-XXXXXX`, removed once
  /// the file itself is flushed. If a crash cuts the in-place write short,
  /// that copy stays, yaru shows it like a sync tool's conflict copy, and
  /// `yaru merge` brings it back.
  ///
  /// The stamp it returns is that of the bytes yaru wrote (`savedStamp`),
  /// never of what another program made of them since.
  ///
  /// Where tests write as another program would at those moments:
  /// `whileOldFileIsOpen` runs while another program holds the displaced
  /// file open for writing (`waitForLateWriters`), `whenWritten` once the
  /// new text is in place, before its stamp is taken.
  static func replace(
    _ target: FilePath, in folder: FilePath, with text: String, path: String, expecting: DiskExpectation,
    whileOldFileIsOpen: () -> Void = {}, whenWritten: () -> Void = {}
  ) throws(TodoFileError) -> SavedFile {
    func failure(_ what: String, _ error: Errno = Errno(rawValue: errno)) -> TodoFileError {
      TodoFileError("Cannot save \(path): \(what): \(error.reason)")
    }
    let old = try? Stat(target)
    if let old, old.permissions.rawValue & 0o200 == 0 { throw TodoFileError("Cannot save \(path): \(readOnlyReason(path))") }
    let name = target.lastComponent?.string ?? "todo.txt"
    let isLinked = (old?.linkCount ?? 1) > 1
    let marker = isLinked ? inPlaceCopyMarker : ".yaru-"
    var template = Array(folder.appending("." + name + marker + "XXXXXX").string.utf8CString)
    let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard raw >= 0 else { throw failure("cannot create a temporary file") }
    _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let descriptor = FileDescriptor(rawValue: raw)
    var isOpen = true
    var keepsCopy = false
    defer { if isOpen { try? descriptor.close() } }
    var displaced: DisplacedFile?
    var written: Stat
    do throws(TodoFileError) {
      do {
        _ = try descriptor.writeAll(text.utf8)
      } catch {
        throw failure("cannot write", error as? Errno ?? .ioError)
      }
      guard fchmod(raw, old?.permissions.rawValue ?? defaultFileMode()) == 0 else { throw failure("cannot set permissions") }
      // Root saving someone's file leaves it theirs. (Others cannot give a
      // file away; their new file is theirs as the old one was.)
      if let old, old.userID.rawValue != getuid() || old.groupID.rawValue != getgid() {
        _ = fchown(raw, old.userID.rawValue, old.groupID.rawValue)
      }
      guard fsync(raw) == 0 else { throw failure("cannot flush to disk") }
      do {
        written = try descriptor.stat()
      } catch {
        throw failure("cannot check the saved file", error)
      }
      isOpen = false
      do {
        try descriptor.close()
      } catch {
        throw failure("cannot close", error as? Errno ?? .ioError)
      }
      if isLinked {
        do throws(TodoFileError) {
          written = try overwrite(target, with: text, path: path, expecting: expecting)
        } catch {
          // The file may be cut short now: the flushed copy is the whole text.
          keepsCopy = !error.isConflict
          throw keepsCopy ? TodoFileError(error.message + "; the whole new text is in \(temporary)") : error
        }
        unlink(temporary)
      } else {
        displaced = try swap(temporary, into: target, path: path, expecting: expecting, whileOldFileIsOpen: whileOldFileIsOpen)
      }
    } catch {
      if !keepsCopy { unlink(temporary) }
      throw error
    }
    whenWritten()
    syncFolder(folder)
    return SavedFile(stamp: savedStamp(of: target, written: written, text: text), displaced: displaced)
  }

  /// The stamp of the file yaru just wrote (`written`: its status once
  /// flushed), as the path shows it now: the swap changed its status-change
  /// time. Other programs take no lock: one may have appended to it
  /// (`>>`) or renamed its own version over it since the swap. Its status
  /// must not then be paired with the hash of yaru's text — the looks and
  /// the next save's check would take their change for yaru's own bytes,
  /// and that save would drop it (the stress lost an appended line so).
  /// So unless the path still holds yaru's file, unchanged, the stamp is of
  /// the file as yaru wrote it, which the path no longer matches: the next
  /// look reads the file and merges what was written. (Its size is always
  /// that of `text`: a file written in place may have grown before
  /// `written` was taken.)
  static func savedStamp(of target: FilePath, written: Stat, text: String) -> DiskStamp {
    var ours = DiskStamp(written, hash: DiskStamp.hash(text.utf8))
    ours.size = Int64(text.utf8.count)
    guard let info = try? Stat(target) else { return ours }
    let now = DiskStamp(info, hash: ours.hash)
    return now.inode == ours.inode && now.size == ours.size && now.modified == ours.modified ? now : ours
  }

  /// Marks the copy an in-place save flushes first (`.todo.txt.yaru-inplace-XXXXXX`).
  static let inPlaceCopyMarker = SyncConflictCopy.inPlaceMarker

  /// Puts `temporary` at `target` in one step; what was at `target` then,
  /// if it is not what the check saw, is another program's and comes back.
  private static func swap(
    _ temporary: String, into target: FilePath, path: String, expecting: DiskExpectation, whileOldFileIsOpen: () -> Void
  ) throws(TodoFileError) -> DisplacedFile? {
    func failure() -> TodoFileError { TodoFileError("Cannot save \(path): cannot replace the file: \(Errno(rawValue: errno).reason)") }
    if yaru_exchange(temporary, target.string) == 0 {
      return keep(displacedAt: temporary, path: path, unless: expecting, whileOldFileIsOpen: whileOldFileIsOpen)
    }
    switch errno {
    case ENOENT:
      // No file now (deleted meanwhile): ours goes in, unless one just came.
      if yaru_rename_no_replace(temporary, target.string) == 0 { return nil }
      if errno == EEXIST { return try swap(temporary, into: target, path: path, expecting: expecting, whileOldFileIsOpen: whileOldFileIsOpen) }
      if errno == EINVAL, rename(temporary, target.string) == 0 { return nil }
      throw failure()
    case EINVAL, ENOSYS, EOPNOTSUPP:
      // A file system that cannot swap: hold the old file open, rename, read it.
      let old = open(target.string, O_RDONLY | O_CLOEXEC)
      defer { if old >= 0 { close(old) } }
      guard rename(temporary, target.string) == 0 else { throw failure() }
      if old >= 0 { waitForLateWriters(to: old, whileOpen: whileOldFileIsOpen) }
      guard old >= 0, let bytes = readAll(from: old), let text = String(validating: bytes, as: UTF8.self),
            !isExpected(bytes, expecting)
      else { return nil }
      return keepCopy(of: text, besides: target, path: path)
    default:
      throw failure()
    }
  }

  /// Waits, up to `lateWriterPatience`, while another program holds the
  /// displaced file (`descriptor`) open for writing. A shell's `>>` opens
  /// the path and then writes: when the swap falls between the two, the
  /// line goes into the displaced file, perhaps after yaru has read it —
  /// and would go with it. Once no program holds it open, nothing can
  /// reach it any more (its name is yaru's temporary one). Where the kernel
  /// cannot tell (no leases on the file system), it is read at once.
  private static func waitForLateWriters(to descriptor: Int32, whileOpen: () -> Void) {
    let clock = ContinuousClock()
    let deadline = clock.now + lateWriterPatience
    while isOpenForWriting(descriptor) == true, clock.now < deadline {
      whileOpen()
      usleep(500)
    }
  }

  /// Whether a program holds the file open for writing now; nil where the
  /// kernel cannot tell (no leases on this file system, or not allowed).
  static func isOpenForWriting(_ descriptor: Int32) -> Bool? {
    switch yaru_is_open_for_writing(descriptor) {
    case 1: true
    case 0: false
    default: nil
    }
  }

  /// How long a save waits for a writer that holds the displaced file open:
  /// a shell writes microseconds after it opens, a loaded machine may
  /// delay it some milliseconds; a program that keeps it open longer is
  /// not waited for.
  static let lateWriterPatience: Duration = .milliseconds(100)

  /// Whether the displaced file is, by its inode, size and modification
  /// time, the one the check saw (its status-change time moved with the
  /// swap): the common case, known without reading it. A save that expects
  /// anything never reads it.
  private static func isUntouched(_ displaced: String, since expecting: DiskExpectation) -> Bool {
    switch expecting {
    case .anything: return true
    case .noFile: return false
    case .unchanged(let known):
      guard let now = try? Stat(FilePath(displaced)) else { return false }
      let seen = DiskStamp(now, hash: known.hash)
      return seen.inode == known.inode && seen.size == known.size && seen.modified == known.modified
    }
  }

  /// Whether `bytes` are what the save's check saw on disk.
  private static func isExpected(_ bytes: [UInt8], _ expecting: DiskExpectation) -> Bool {
    switch expecting {
    case .anything: true
    case .noFile: false
    case .unchanged(let known): DiskStamp.hash(bytes) == known.hash
    }
  }

  /// The file a swap displaced, now at `temporary`: removed if it is what
  /// the check saw; else kept under a name of its own and returned.
  private static func keep(
    displacedAt temporary: String, path: String, unless expecting: DiskExpectation, whileOldFileIsOpen: () -> Void
  ) -> DisplacedFile? {
    let file = open(temporary, O_RDONLY | O_CLOEXEC)
    defer { if file >= 0 { close(file) } }
    if file >= 0 { waitForLateWriters(to: file, whileOpen: whileOldFileIsOpen) }
    if isUntouched(temporary, since: expecting) {
      unlink(temporary)
      return nil
    }
    let bytes = file >= 0 ? readAll(from: file) : nil
    guard let bytes, !isExpected(bytes, expecting) else {
      unlink(temporary)
      return nil
    }
    let kept = displacedName(for: temporary)
    guard rename(temporary, kept) == 0 else { return nil }
    // Not UTF-8: kept on disk (shown like a conflict copy), not merged.
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    return DisplacedFile(path: kept, text: text)
  }

  /// `text` written (flushed) beside `target` as a displaced version.
  private static func keepCopy(of text: String, besides target: FilePath, path: String) -> DisplacedFile? {
    let name = target.lastComponent?.string ?? "todo.txt"
    let prefix = folderPath(of: target).appending("." + name + displacedMarker).string
    return RescueCopy.newFile(text, named: prefix).map { DisplacedFile(path: $0, text: text) }
  }

  /// `.todo.txt.yaru-XXXXXX` → `.todo.txt.yaru-displaced-XXXXXX`: a name the
  /// start's clean-up of leftover temporaries never removes.
  private static func displacedName(for temporary: String) -> String {
    String(temporary.dropLast(6 + ".yaru-".count)) + displacedMarker + String(temporary.suffix(6))
  }

  /// Marks another program's version that a save displaced.
  static let displacedMarker = SyncConflictCopy.displacedMarker

  /// Writes `text` into the file itself, keeping its inode and so its hard
  /// links; first reads it through the same descriptor, and refuses (a
  /// conflict) if another program changed it since the check. Returns its
  /// status once flushed.
  private static func overwrite(
    _ target: FilePath, with text: String, path: String, expecting: DiskExpectation
  ) throws(TodoFileError) -> Stat {
    do {
      let file = try FileDescriptor.open(target, .readWrite, options: [.closeOnExec])
      defer { try? file.close() }
      guard let bytes = readAll(from: file.rawValue) else { throw Errno(rawValue: errno) }
      if case .unchanged(let known) = expecting, DiskStamp.hash(bytes) != known.hash {
        throw TodoFileError("Not saved: \(path) was changed by another program", isConflict: true)
      }
      _ = try file.writeAll(toAbsoluteOffset: 0, text.utf8)
      guard ftruncate(file.rawValue, off_t(text.utf8.count)) == 0, fsync(file.rawValue) == 0 else { throw Errno(rawValue: errno) }
      return try file.stat()
    } catch let error as TodoFileError {
      throw error
    } catch {
      throw TodoFileError("Cannot save \(path): cannot write it in place: \((error as? Errno ?? .ioError).reason)")
    }
  }
}
