import Dispatch
import Glibc
import FoundationEssentials

/// Where and when effects run. Live code uses a Dispatch queue; tests and
/// replay use `TestScheduler`, whose time moves only when told to.
public protocol Scheduler: Sendable {
  /// The scheduler's current time: the wall clock live, virtual time in tests.
  var now: Date { get }

  /// Runs `work` once after `delay`, unless the returned token is cancelled first.
  func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> ScheduledWork

  /// Runs `work` every `interval`, until the returned token is cancelled.
  func schedule(every interval: Duration, _ work: @escaping @Sendable () -> Void) -> ScheduledWork

  /// Runs `work` once when the scheduler's clock reaches `date`, unless the
  /// returned token is cancelled first. Live, that is the wall clock: a
  /// machine that was suspended runs it as it wakes, where a delay would
  /// not count the time asleep.
  func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> ScheduledWork
}

extension Scheduler {
  /// A scheduler whose clock does not sleep (virtual time): a delay until then.
  public func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    let seconds = date.timeIntervalSince(now)
    let delay: Duration = seconds > 0 ? .nanoseconds(Int64((seconds * 1e9).rounded(.up))) : .zero
    return schedule(after: delay, work)
  }
}

/// A handle on scheduled work; cancelling it means the work will not start again.
public struct ScheduledWork: Sendable {
  let cancelWork: @Sendable () -> Void

  public init(cancel: @escaping @Sendable () -> Void) {
    self.cancelWork = cancel
  }

  public func cancel() { cancelWork() }
}

/// The live scheduler: work runs on a Dispatch queue at wall-clock times.
public struct DispatchQueueScheduler: Scheduler {
  public let queue: DispatchQueue

  public init(_ queue: DispatchQueue) {
    self.queue = queue
  }

  public var now: Date { Date() }

  public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    // Dispatch work items and sources are thread-safe to cancel; they are just not marked Sendable.
    nonisolated(unsafe) let item = DispatchWorkItem(block: work)
    if delay <= .zero {
      queue.async(execute: item)
    } else {
      queue.asyncAfter(deadline: .now() + delay.timeInterval, execute: item)
    }
    return ScheduledWork { item.cancel() }
  }

  public func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    nonisolated(unsafe) let item = DispatchWorkItem(block: work)
    let since1970 = date.timeIntervalSince1970
    let seconds = since1970.rounded(.down)
    let deadline = DispatchWallTime(timespec: timespec(tv_sec: Int(seconds), tv_nsec: Int((since1970 - seconds) * 1e9)))
    queue.asyncAfter(wallDeadline: deadline, execute: item)
    return ScheduledWork { item.cancel() }
  }

  public func schedule(every interval: Duration, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    nonisolated(unsafe) let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + interval.timeInterval, repeating: interval.timeInterval)
    timer.setEventHandler(handler: work)
    timer.resume()
    return ScheduledWork { timer.cancel() }
  }
}

extension Duration {
  /// Seconds as a floating-point number, for Foundation and Dispatch APIs.
  public var timeInterval: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
