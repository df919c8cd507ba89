import Foundation
import Synchronization
import Testing
import TodoModel
@testable import TodoStorage

/// The live notices: which of the kernel's events are about the file
/// (given as events), then on a real folder, what the kernel tells and
/// when notices stop. A real-folder test waits for the notice it expects
/// (bounded, so a broken watch fails instead of hanging).
struct KernelFileNoticesTests {
  let folder: String

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("yaru-notices-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? "one\n".write(toFile: folder + "/todo.txt", atomically: false, encoding: .utf8)
  }

  /// Notices as they come, and a way to wait for the next.
  final class Heard: Sendable {
    private let notices = Mutex<[FileNotice]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func take(_ notice: FileNotice) {
      notices.withLock { $0.append(notice) }
      arrived.signal()
    }

    /// The next notice, or nil if none came in 10 s.
    func next() -> FileNotice? {
      guard arrived.wait(timeout: .now() + .seconds(10)) == .success else { return nil }
      return notices.withLock { $0.removeFirst() }
    }
  }

  /// As `echo TEXT >> NAME`: opened to append (made if missing), written, closed.
  private func append(_ text: String, to name: String) {
    let descriptor = open(folder + "/" + name, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, text.utf8.count) }
    close(descriptor)
  }

  let targets = [KernelFileNotices.Target(watch: 1, name: "todo.txt")]

  private func event(_ mask: Int32, _ name: String, watch: Int32 = 1) -> KernelFileNotices.Event {
    KernelFileNotices.Event(watch: watch, mask: UInt32(mask), name: name)
  }

  @Test func eventsAboutTheFileOrACopyBesideItAreAChange() {
    for mask in [IN_CLOSE_WRITE, IN_MOVED_TO, IN_MOVED_FROM, IN_DELETE, IN_ATTRIB] {
      #expect(KernelFileNotices.notices(for: [event(mask, "todo.txt")], watching: targets) == [.changed])
    }
    #expect(KernelFileNotices.notices(for: [event(IN_CLOSE_WRITE, "todo.sync-conflict-20261123-101500-ABCDEFG.txt")], watching: targets) == [.changed])
    #expect(KernelFileNotices.notices(for: [event(IN_Q_OVERFLOW, "", watch: -1)], watching: targets) == [.changed], "events lost: look")
  }

  @Test func eventsAboutOtherNamesAreNot() {
    let others = [event(IN_CLOSE_WRITE, "notes.txt"), event(IN_MOVED_TO, "todo.txt.bak"), event(IN_CLOSE_WRITE, "todo.txt", watch: 2),
                  event(IN_DELETE, ".todo.txt.yaru-Ab3dEf"), event(IN_CLOSE_WRITE, ".todo.txt.yaru-lock")]
    #expect(KernelFileNotices.notices(for: others, watching: targets) == [])
    #expect(KernelFileNotices.notices(for: others + [event(IN_CLOSE_WRITE, "todo.txt")], watching: targets) == [.changed], "one for the lot")
  }

  @Test func theFolderGoneEndsTheWatch() {
    for mask in [IN_DELETE_SELF, IN_MOVE_SELF, IN_UNMOUNT, IN_IGNORED] {
      #expect(KernelFileNotices.notices(for: [event(mask, "")], watching: targets)
        == [.unavailable("the todo file's folder was moved, deleted or unmounted")])
    }
  }

  @Test func anAppendIsNoticed() throws {
    let heard = Heard()
    let listening = FileNoticeClient.kernel(path: folder + "/todo.txt").listen { heard.take($0) }
    defer { listening.stop() }
    append("two\n", to: "todo.txt")
    #expect(heard.next() == .changed)
    #expect(try String(contentsOfFile: folder + "/todo.txt", encoding: .utf8) == "one\ntwo\n")
  }

  @Test func aReplaceByRenameIsNoticed() throws {
    let heard = Heard()
    let listening = FileNoticeClient.kernel(path: folder + "/todo.txt").listen { heard.take($0) }
    defer { listening.stop() }
    try "zero\none\n".write(toFile: folder + "/.todo.txt.sed", atomically: false, encoding: .utf8)
    rename(folder + "/.todo.txt.sed", folder + "/todo.txt")
    #expect(heard.next() == .changed)
  }

  @Test func aSyncToolsConflictCopyBesideIsNoticed() {
    let heard = Heard()
    let listening = FileNoticeClient.kernel(path: folder + "/todo.txt").listen { heard.take($0) }
    defer { listening.stop() }
    append("theirs\n", to: "todo.sync-conflict-20261123-101500-ABCDEFG.txt")
    #expect(heard.next() == .changed)
  }

  @Test func theFolderMovedStopsTheNoticesAndSaysWhy() {
    let heard = Heard()
    let listening = FileNoticeClient.kernel(path: folder + "/todo.txt").listen { heard.take($0) }
    defer { listening.stop() }
    rename(folder, folder + "-moved")
    defer { try? FileManager.default.removeItem(atPath: folder + "-moved") }
    #expect(heard.next() == .unavailable("the todo file's folder was moved, deleted or unmounted"))
  }

  @Test func aFolderThatIsNotThereIsNoNoticesNotAFailure() {
    let heard = Heard()
    let listening = FileNoticeClient.kernel(path: folder + "/missing/todo.txt").listen { heard.take($0) }
    defer { listening.stop() }
    guard case .unavailable(let why) = heard.next() else {
      Issue.record("expected .unavailable")
      return
    }
    #expect(why.contains("missing"))
  }
}
