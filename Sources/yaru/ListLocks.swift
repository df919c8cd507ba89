import Synchronization
import TodoStorage

/// The instance locks of the session's lists, by their place in `[lists]`
/// (one, at 0, without it): a list's is taken when it is first shown (the
/// one yaru opens on, at start), so another yaru can have the others. One
/// another yaru holds is tried again every second until it is free.
/// Taken on the I/O queue, tried again and released on the main queue.
final class ListLocks: Sendable {
  private let paths: [String]
  private let held = Mutex<[Int: InstanceLock]>([:])
  /// Lists whose lock another yaru had when it was tried.
  private let waiting = Mutex<Set<Int>>([])

  init(paths: [String]) {
    self.paths = paths
  }

  /// Takes list `index`'s lock; false while another yaru has it.
  func take(_ index: Int) -> Bool {
    if held.withLock({ $0[index] != nil }) { return true }
    guard let lock = InstanceLock.acquire(for: paths[index]) else {
      waiting.withLock { _ = $0.insert(index) }
      return false
    }
    held.withLock { $0[index] = lock }
    return true
  }

  /// The lists whose lock became free since they were refused, now held.
  func takeFreed() -> [Int] {
    let tried = waiting.withLock { $0 }
    let taken = tried.filter { index in
      guard let lock = InstanceLock.acquire(for: paths[index]) else { return false }
      held.withLock { $0[index] = lock }
      return true
    }
    waiting.withLock { $0.subtract(taken) }
    return taken.sorted()
  }

  var isWaiting: Bool { waiting.withLock { !$0.isEmpty } }

  func releaseAll() {
    for lock in held.withLock({ $0.values }) { lock.release() }
  }
}
