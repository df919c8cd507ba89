/// When the work the last keys left for later (their saves, their timers)
/// may start: once the input has paused for `pause`, or `longestWait` after
/// the first of those keys if keys keep coming. By then the keys' frames
/// are with the terminal, and a save's thread or a timer's wake does not
/// compete with the terminal drawing them for the processor.
///
/// Times are a monotonic clock's nanoseconds, given by the caller.
public struct KeyPause: Sendable {
  public let pause: UInt64
  public let longestWait: UInt64
  /// When the first key whose work is waiting was read.
  private var waitingSince: UInt64?

  public init(pause: UInt64, longestWait: UInt64) {
    self.pause = pause
    self.longestWait = longestWait
  }

  /// Whether work is waiting for a pause.
  public var isWaiting: Bool { waitingSince != nil }

  /// Keys were read (and their work held) at `now`.
  public mutating func keysRead(at now: UInt64) {
    if waitingSince == nil { waitingSince = now }
  }

  /// How long to wait for more input at `now` before the work is due:
  /// nil when nothing waits (wait for ever), 0 when it is due.
  public func timeout(at now: UInt64) -> UInt64? {
    guard let since = waitingSince else { return nil }
    let elapsed = now &- since
    guard elapsed < longestWait else { return 0 }
    return min(pause, longestWait - elapsed)
  }

  /// Whether the work is due at `now` whatever the input does: keys have
  /// kept coming for `longestWait`.
  public func isOverdue(at now: UInt64) -> Bool {
    timeout(at: now) == 0
  }

  /// The waiting work is being started.
  public mutating func started() {
    waitingSince = nil
  }
}
