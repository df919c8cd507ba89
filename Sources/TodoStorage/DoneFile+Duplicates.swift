import Glibc
import SystemPackage

/// Two archives of the same todos at once — `yaru archive` from a script
/// and `A` in an open yaru that has not yet seen the script's change — must
/// append them once. What the other archive did is the done file's end,
/// written moments ago: the lines the current archive would add again
/// there are left out. Only a recent end counts, so a todo archived, done
/// again with the same text and archived again later is appended again.
/// (Not caught: an archive of fewer todos than the other's, in between.)
extension DoneFile {
  /// How recent the done file's last change must be to be an archive
  /// running alongside: an open yaru sees another program's change within
  /// about a second.
  static let concurrentWindow: Int64 = 3_000_000_000

  /// The bytes at the end of the done file open as `file` that may hold
  /// another archive's lines, nil when its last change is not recent.
  static func recentTail(of file: FileDescriptor, now: timespec = .now) throws(Errno) -> [UInt8]? {
    var info = stat()
    guard fstat(file.rawValue, &info) == 0 else { throw Errno(rawValue: errno) }
    let age = nanoseconds(now) - nanoseconds(info.st_mtim)
    guard info.st_size > 0, abs(age) <= concurrentWindow else { return nil }
    let count = Int(min(Int64(info.st_size), Int64(tailSize)))
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { pread(file.rawValue, $0.baseAddress, count, off_t(info.st_size) - off_t(count)) }
    guard read >= 0 else { throw Errno(rawValue: errno) }
    return Array(bytes.prefix(read))
  }

  /// The most of the done file's end read: far more than one archive.
  static let tailSize = 1 << 20

  /// The done file's last byte (nil when empty).
  static func lastByte(of file: FileDescriptor) throws(Errno) -> UInt8? {
    var info = stat()
    guard fstat(file.rawValue, &info) == 0 else { throw Errno(rawValue: errno) }
    guard info.st_size > 0 else { return nil }
    var byte: UInt8 = 0
    guard pread(file.rawValue, &byte, 1, off_t(info.st_size) - 1) == 1 else { throw Errno(rawValue: errno) }
    return byte
  }

  /// `lines` without those another archive just appended: the longest run
  /// of lines at the done file's end that are `lines` in their order (its
  /// todos are ours, or some of ours: both come from the todo file's
  /// order). All of `lines` when `tail` is nil (no recent archive).
  static func notYetAppended(_ lines: [String], tail: [UInt8]?) -> [String] {
    guard let tail else { return lines }
    var ending = tail.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if ending.last?.isEmpty == true { ending.removeLast() }
    if tail.count == tailSize, !ending.isEmpty { ending.removeFirst() }  // cut short: not a whole line
    var remaining = lines
    var end = remaining.endIndex
    for line in ending.reversed() {
      guard let index = remaining[..<end].lastIndex(where: { $0.utf8.elementsEqual(line) }) else { break }
      remaining.remove(at: index)
      end = index
    }
    return remaining
  }

  private static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
}

extension timespec {
  /// The wall clock now, as file times are stamped.
  static var now: timespec {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return time
  }
}
