import Synchronization
import TodoModel

/// File-change notices that a test sends when it wants, where the live app
/// has the kernel's: `client` goes in the environment, `send` is the kernel.
public final class TestFileNotices: Sendable {
  private struct Listeners {
    var next = 0
    var byNumber: [Int: @Sendable (FileNotice) -> Void] = [:]
  }

  private let listeners = Mutex(Listeners())

  public init() {}

  public var client: FileNoticeClient {
    FileNoticeClient { [self] notice in
      let number = listeners.withLock { listeners in
        listeners.next += 1
        listeners.byNumber[listeners.next] = notice
        return listeners.next
      }
      return FileNoticeClient.Stop { [self] in _ = listeners.withLock { $0.byNumber.removeValue(forKey: number) } }
    }
  }

  /// How many listen now: the app starts one, and stops it as it ends.
  public var listening: Int { listeners.withLock { $0.byNumber.count } }

  /// Tells every listener, as the kernel would.
  public func send(_ notice: FileNotice) {
    let all = listeners.withLock { Array($0.byNumber.values) }
    for listener in all { listener(notice) }
  }
}
