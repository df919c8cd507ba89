import Architecture
import Foundation
import Synchronization
import Testing

struct TestSchedulerTests {
  @Test func runsDueWorkInTimeOrderAndTiesInScheduleOrder() {
    let scheduler = TestScheduler(now: Date(timeIntervalSince1970: 100))
    let order = Mutex<[String]>([])
    _ = scheduler.schedule(after: .seconds(2)) { order.withLock { $0.append("b") } }
    _ = scheduler.schedule(after: .seconds(1)) { order.withLock { $0.append("a") } }
    _ = scheduler.schedule(after: .seconds(2)) { order.withLock { $0.append("c") } }
    scheduler.advance(by: .seconds(1))
    #expect(order.withLock { $0 } == ["a"])
    #expect(scheduler.now == Date(timeIntervalSince1970: 101))
    scheduler.advance(by: .seconds(5))
    #expect(order.withLock { $0 } == ["a", "b", "c"])
    #expect(scheduler.now == Date(timeIntervalSince1970: 106))
  }

  @Test func workSeesTheClockAtItsDueTime() {
    let scheduler = TestScheduler()
    let seen = Mutex<[Date]>([])
    _ = scheduler.schedule(after: .milliseconds(250)) { seen.withLock { $0.append(scheduler.now) } }
    scheduler.advance(by: .seconds(10))
    #expect(seen.withLock { $0 } == [Date(timeIntervalSince1970: 0.25)])
  }

  @Test func workScheduledByWorkRunsInTheSameAdvanceWhenDue() {
    let scheduler = TestScheduler()
    let count = Mutex(0)
    _ = scheduler.schedule(after: .seconds(1)) {
      count.withLock { $0 += 1 }
      _ = scheduler.schedule(after: .seconds(1)) { count.withLock { $0 += 10 } }
    }
    scheduler.advance(by: .seconds(2))
    #expect(count.withLock { $0 } == 11)
  }

  @Test func runNextJobRunsOneDueJobAndNotWhatItSchedules() {
    let scheduler = TestScheduler()
    let count = Mutex(0)
    _ = scheduler.schedule(after: .zero) {
      count.withLock { $0 += 1 }
      _ = scheduler.schedule(after: .zero) { count.withLock { $0 += 10 } }
    }
    _ = scheduler.schedule(after: .seconds(1)) { count.withLock { $0 += 100 } }
    #expect(scheduler.runNextJob())
    #expect(count.withLock { $0 } == 1)
    #expect(scheduler.runNextJob())
    #expect(count.withLock { $0 } == 11)
    #expect(!scheduler.runNextJob(), "nothing else is due now")
    #expect(count.withLock { $0 } == 11 && scheduler.elapsed == .zero)
  }

  @Test func cancelledWorkDoesNotRun() {
    let scheduler = TestScheduler()
    let ran = Mutex(false)
    let work = scheduler.schedule(after: .seconds(1)) { ran.withLock { $0 = true } }
    work.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(ran.withLock { $0 } == false)
    #expect(!scheduler.hasPendingWork)
  }

  @Test func repeatingWorkRunsOncePerIntervalUntilCancelled() {
    let scheduler = TestScheduler()
    let count = Mutex(0)
    let work = scheduler.schedule(every: .milliseconds(500)) { count.withLock { $0 += 1 } }
    scheduler.advance(by: .milliseconds(1_600))
    #expect(count.withLock { $0 } == 3)
    work.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(count.withLock { $0 } == 3)
  }

  @Test func runFinishesOneShotWorkButDoesNotSpinOnTimers() {
    let scheduler = TestScheduler()
    let ticks = Mutex(0)
    let done = Mutex(false)
    let timer = scheduler.schedule(every: .seconds(1)) { ticks.withLock { $0 += 1 } }
    _ = scheduler.schedule(after: .seconds(5)) { done.withLock { $0 = true } }
    scheduler.run()
    #expect(done.withLock { $0 })
    #expect(ticks.withLock { $0 } == 5)
    #expect(scheduler.elapsed == .seconds(5))
    timer.cancel()
  }
}
