import Dispatch
import Synchronization
import TodoStorage

/// The instance locks of the session's lists, by their place in `[lists]`
/// (one, at 0, without it): a list's is taken when it is first shown (the
/// one yaru opens on, at start), so another yaru can have the others. One
/// another yaru holds is waited for on a thread of its own, blocked in the
/// kernel until that yaru quits or dies (no polling: an idle read-only
/// yaru makes no system calls); `whenFreed`'s handler is then called.
final class ListLocks: Sendable {
  private let paths: [String]
  private let held = Mutex<[Int: InstanceLock]>([:])
  /// Lists whose lock another yaru had when it was tried: each waited for.
  private let waiting = Mutex<Set<Int>>([])
  /// Who is told a list's lock is held now, and the lists freed before
  /// anyone was there to be told.
  private let freed = Mutex<(handler: (@Sendable (Int) -> Void)?, untold: [Int])>((nil, []))

  init(paths: [String]) {
    self.paths = paths
  }

  /// `handler` is called (on the waiting thread) with each list whose lock
  /// was refused once this yaru holds it — at once for those freed already.
  func whenFreed(_ handler: @escaping @Sendable (Int) -> Void) {
    let untold = freed.withLock { freed in
      freed.handler = handler
      defer { freed.untold = [] }
      return freed.untold
    }
    untold.forEach(handler)
  }

  /// Takes list `index`'s lock; false while another yaru has it (it is
  /// then waited for).
  func take(_ index: Int) -> Bool {
    if held.withLock({ $0[index] != nil }) { return true }
    guard let lock = InstanceLock.acquire(for: paths[index]) else {
      waitFor(index)
      return false
    }
    held.withLock { $0[index] = lock }
    return true
  }

  private func waitFor(_ index: Int) {
    guard waiting.withLock({ $0.insert(index).inserted }) else { return }
    let path = paths[index]
    // A serial queue of its own for each wait: a concurrent queue's blocked
    // thread has libdispatch's pool monitor wake every second.
    DispatchQueue(label: "yaru.writer-wait.\(index)").async { [self] in
      guard let lock = InstanceLock.acquire(for: path, waiting: true) else { return }
      held.withLock { $0[index] = lock }
      waiting.withLock { _ = $0.remove(index) }
      let handler = freed.withLock { freed in
        if freed.handler == nil { freed.untold.append(index) }
        return freed.handler
      }
      handler?(index)
    }
  }

  func releaseAll() {
    for lock in held.withLock({ $0.values }) { lock.release() }
  }
}
