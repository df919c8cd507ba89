import CMainQueue
import Glibc
import Terminal
import TodoModel

/// Runs the main queue on the main thread until the process exits: what
/// `dispatchMain()` does, without its cost. `dispatchMain()` parks the main
/// thread with `pthread_exit`, which unwinds the stack: glibc loads
/// libgcc_s and the unwinder reads the binary's unwind tables, about 0.5 MB
/// resident and a dlopen at every start, for a thread that never returns.
///
/// The same `poll` waits for the terminal: a key wakes this thread and is
/// handled at once, where a Dispatch read source would first wake
/// libdispatch's manager thread, which would then wake this one.
@MainActor
enum MainQueueLoop {
  /// `onInput` runs whenever `input` is readable (or closed); it returns
  /// false once the descriptor is done with (closed), so that it is no
  /// longer polled. `onPause` runs once the input has paused after it
  /// (`KeyPause`): the keys' saves and timers start then.
  static func run(input: Int32, onInput: () -> Bool, onPause: () -> Void) -> Never {
    let wakeups = _dispatch_get_main_queue_handle_4CF()
    var isReadingInput = true
    // About what a terminal takes to be woken by a frame and read it.
    var pause = KeyPause(pause: 1_000_000, longestWait: 20_000_000)
    while true {
      _dispatch_main_queue_callback_4CF(nil)
      let now = monotonicNanoseconds()
      if pause.isOverdue(at: now) {
        pause.started()
        onPause()
      }
      var ready = [
        pollfd(fd: wakeups, events: Int16(POLLIN), revents: 0),
        pollfd(fd: isReadingInput ? input : -1, events: Int16(POLLIN), revents: 0),
      ]
      // Milliseconds, rounded up: poll's unit.
      let timeout = pause.timeout(at: now).map { Int32(($0 + 999_999) / 1_000_000) } ?? -1
      let count = poll(&ready, 2, timeout)
      guard count >= 0 || errno == EINTR else {
        fatalError("poll on the main queue's eventfd failed: errno \(errno)")
      }
      if count == 0, pause.isWaiting {
        pause.started()
        onPause()
        continue
      }
      if ready[0].revents != 0 {
        // Reset the eventfd before draining, so that work queued while the
        // queue drains wakes the next turn. It is non-blocking.
        var count: UInt64 = 0
        _ = read(wakeups, &count, MemoryLayout<UInt64>.size)
      }
      if ready[1].revents != 0 {
        isReadingInput = onInput()
        pause.keysRead(at: monotonicNanoseconds())
      }
    }
  }

  private static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}
