import Glibc
import Synchronization

/// Where a combinator or a test step was written, so that the issues it
/// reports point there.
///
/// Issues are programmer errors found at run time (an action for an element
/// that is gone). The app writes them to standard error, as a warning rather
/// than a crash; `ArchitectureTesting` sends them to the test runner. The
/// core does not use IssueReporting for this because that imports all of
/// Foundation, which the app does not otherwise link.
public struct IssueLocation: Sendable {
  public let fileID: StaticString
  public let filePath: StaticString
  public let line: UInt
  public let column: UInt

  public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  public func report(_ message: String) {
    IssueLocation.reporter.withLock { $0 }(message, self)
  }

  /// Where every issue goes from now on.
  public static func setReporter(_ reporter: @escaping @Sendable (_ message: String, _ location: IssueLocation) -> Void) {
    self.reporter.withLock { $0 = reporter }
  }

  private static let reporter = Mutex<@Sendable (String, IssueLocation) -> Void> { message, location in
    var text = "yaru: issue at \(location.fileID):\(location.line): \(message)\n"
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
