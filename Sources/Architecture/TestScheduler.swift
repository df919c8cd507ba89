import FoundationEssentials
import Synchronization

/// A scheduler whose clock moves only when told to, so tests and `yaru replay`
/// see the same effects at the same virtual times on every run.
///
/// Work runs on the thread that calls `advance`, in order of due time (ties in
/// the order they were scheduled).
public final class TestScheduler: Scheduler {
  private struct Job {
    /// For cancelling; a repeating job keeps it across its runs.
    let id: Int
    /// Breaks ties between jobs due at the same time: first scheduled runs first.
    var order: Int
    var due: Duration
    let interval: Duration?
    let work: @Sendable () -> Void
  }

  private struct Queue {
    var elapsed: Duration = .zero
    var counter = 0
    var jobs: [Job] = []
  }

  private let start: Date
  private let queue = Mutex(Queue())

  public init(now start: Date = Date(timeIntervalSince1970: 0)) {
    self.start = start
  }

  public var now: Date {
    start.addingTimeInterval(queue.withLock { $0.elapsed }.timeInterval)
  }

  /// How far virtual time has moved since the scheduler was made.
  public var elapsed: Duration { queue.withLock { $0.elapsed } }

  /// Whether any work is waiting (repeating timers count).
  public var hasPendingWork: Bool { queue.withLock { !$0.jobs.isEmpty } }

  public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    add(delay: max(delay, .zero), interval: nil, work)
  }

  public func schedule(every interval: Duration, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    precondition(interval > .zero, "a repeating interval must be positive")
    return add(delay: interval, interval: interval, work)
  }

  /// Moves virtual time forward by `duration`, running every job that falls due.
  public func advance(by duration: Duration = .zero) {
    let target = queue.withLock { $0.elapsed } + duration
    while let job = takeNextJob(dueBy: target) {
      job()
    }
    queue.withLock { $0.elapsed = max($0.elapsed, target) }
  }

  /// Runs the earliest job due now, and nothing it schedules: a test can
  /// stop between work and the work it starts (a result, then a retry).
  /// False when no job is due.
  @discardableResult
  public func runNextJob() -> Bool {
    guard let job = takeNextJob(dueBy: queue.withLock { $0.elapsed }) else { return false }
    job()
    return true
  }

  /// Runs all one-shot work, however far ahead it lies (repeating timers fire
  /// on the way, but do not keep it going forever).
  public func run() {
    while let last = queue.withLock({ $0.jobs.filter { $0.interval == nil }.map(\.due).max() }) {
      advance(by: max(last - elapsed, .zero))
    }
  }

  private func add(delay: Duration, interval: Duration?, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    let id = queue.withLock { queue in
      queue.counter += 1
      queue.jobs.append(Job(id: queue.counter, order: queue.counter, due: queue.elapsed + delay, interval: interval, work: work))
      return queue.counter
    }
    return ScheduledWork { [weak self] in
      self?.queue.withLock { $0.jobs.removeAll { $0.id == id } }
    }
  }

  /// Removes the earliest job due by `target` (rescheduling it if it repeats)
  /// and moves the clock to its due time.
  private func takeNextJob(dueBy target: Duration) -> (@Sendable () -> Void)? {
    queue.withLock { queue in
      let due = queue.jobs.indices.filter { queue.jobs[$0].due <= target }
      guard let index = due.min(by: { (queue.jobs[$0].due, queue.jobs[$0].order) < (queue.jobs[$1].due, queue.jobs[$1].order) })
      else { return nil }
      let job = queue.jobs[index]
      queue.elapsed = max(queue.elapsed, job.due)
      if let interval = job.interval {
        queue.counter += 1
        queue.jobs[index].order = queue.counter
        queue.jobs[index].due = job.due + interval
      } else {
        queue.jobs.remove(at: index)
      }
      return job.work
    }
  }
}
