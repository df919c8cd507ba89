import Terminal
import Testing

/// When the live loop starts the work its keys left for later.
struct KeyPauseTests {
  let millisecond: UInt64 = 1_000_000

  @Test func nothingWaitsUntilKeysAreRead() {
    let pause = KeyPause(pause: millisecond, longestWait: 20 * millisecond)
    #expect(!pause.isWaiting)
    #expect(pause.timeout(at: 5) == nil, "poll for ever")
    #expect(!pause.isOverdue(at: .max))
  }

  @Test func workWaitsForAPauseAfterTheKeys() {
    var pause = KeyPause(pause: millisecond, longestWait: 20 * millisecond)
    pause.keysRead(at: 100 * millisecond)
    #expect(pause.isWaiting)
    #expect(pause.timeout(at: 100 * millisecond) == millisecond)
    #expect(!pause.isOverdue(at: 101 * millisecond), "a pause is for the poll to see")
    pause.started()
    #expect(!pause.isWaiting)
    #expect(pause.timeout(at: 102 * millisecond) == nil)
  }

  /// Keys that keep coming within the pause do not hold the work for
  /// ever: it is due `longestWait` after the first of them.
  @Test func keysThatKeepComingHoldTheWorkNoLongerThanTheLongestWait() {
    var pause = KeyPause(pause: millisecond, longestWait: 20 * millisecond)
    var now = 100 * millisecond
    pause.keysRead(at: now)
    while !pause.isOverdue(at: now) {
      #expect(pause.timeout(at: now)! <= millisecond)
      now += millisecond / 2
      pause.keysRead(at: now)
    }
    #expect(now == 120 * millisecond)
    #expect(pause.timeout(at: now) == 0)
    #expect(pause.timeout(at: 119 * millisecond + millisecond / 2) == millisecond / 2, "never past the longest wait")
  }
}
