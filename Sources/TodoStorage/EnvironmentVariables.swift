import Glibc

/// The process's environment variables, read one by one with `getenv`:
/// Foundation's `ProcessInfo.environment` builds a dictionary of all of
/// them, about 0.4 M instructions a time, and a start asked for it six
/// times. Tests give the variables as a dictionary literal.
public struct EnvironmentVariables: Sendable, ExpressibleByDictionaryLiteral {
  private let given: [String: String]?

  /// This process's variables.
  public static let process = EnvironmentVariables(given: nil)

  private init(given: [String: String]?) {
    self.given = given
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    given = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  public subscript(_ name: String) -> String? {
    if let given { return given[name] }
    return getenv(name).map { String(cString: $0) }
  }
}
