/// What the kernel says about the todo file (`FileNoticeClient`).
public enum FileNotice: Equatable, Sendable {
  /// Something happened to the file's name in its folder (written and
  /// closed, replaced by a rename, created, deleted, its mode changed), or
  /// notices were lost (the kernel's queue overflowed): time to look.
  case changed
  /// No notices come from here on (no inotify, a file system that sends
  /// none for other machines' writes, the folder moved or deleted): why.
  /// The file must be polled instead.
  case unavailable(String)
}

/// Notices of changes to the todo file, so that another program's change
/// is seen at once and an idle yaru does not poll: the kernel's (inotify)
/// live, a test's own in tests.
public struct FileNoticeClient: Sendable {
  /// A way to stop listening.
  public struct Stop: Sendable {
    public let stop: @Sendable () -> Void
    public init(_ stop: @escaping @Sendable () -> Void) { self.stop = stop }
  }

  /// Starts listening; `notice` is called, on any thread, with each notice
  /// (`.unavailable` at once when there are none to be had). Returns how
  /// to stop.
  public var listen: @Sendable (_ notice: @escaping @Sendable (FileNotice) -> Void) -> Stop

  public init(listen: @escaping @Sendable (_ notice: @escaping @Sendable (FileNotice) -> Void) -> Stop) {
    self.listen = listen
  }
}
