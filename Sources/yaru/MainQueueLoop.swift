import CMainQueue
import Glibc
import TodoModel

/// Runs the main queue on the main thread until the process exits: what
/// `dispatchMain()` does, without its cost. `dispatchMain()` parks the main
/// thread with `pthread_exit`, which unwinds the stack: glibc loads
/// libgcc_s and the unwinder reads the binary's unwind tables, about 0.5 MB
/// resident and a dlopen at every start, for a thread that never returns.
enum MainQueueLoop {
  static func run() -> Never {
    let wakeups = _dispatch_get_main_queue_handle_4CF()
    while true {
      _dispatch_main_queue_callback_4CF(nil)
      var ready = pollfd(fd: wakeups, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, -1) >= 0 || errno == EINTR else {
        fatalError("poll on the main queue's eventfd failed: errno \(errno)")
      }
      // Reset the eventfd before draining, so that work queued while the
      // queue drains wakes the next turn. It is non-blocking.
      var count: UInt64 = 0
      _ = read(wakeups, &count, MemoryLayout<UInt64>.size)
    }
  }
}
