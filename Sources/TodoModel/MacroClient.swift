import Synchronization

/// Where the macros `Q` records are kept, as key scripts: a file a letter
/// in `$XDG_DATA_HOME/yaru/macros` live (TodoStorage's `MacroFolder`),
/// memory in tests and replays (which never write the user's files).
/// Neither throws: a macro that cannot be read or written is a message.
public struct MacroClient: Sendable {
  /// Each register's script text, by its letter.
  public var readAll: @Sendable () -> [Character: String]
  /// Keeps one register's script; a message if it could not be written.
  public var write: @Sendable (_ register: Character, _ text: String) -> String?
  /// The script of a file the config's `[macros]` names, or why it cannot be read.
  public var readFile: @Sendable (_ path: String) -> Result<String, MacroFileError>

  public init(
    readAll: @escaping @Sendable () -> [Character: String], write: @escaping @Sendable (Character, String) -> String?,
    readFile: @escaping @Sendable (String) -> Result<String, MacroFileError>
  ) {
    self.readAll = readAll
    self.write = write
    self.readFile = readFile
  }

  /// Registers in memory, which outlive the app that uses them: a replay's
  /// `restart` starts the next app on the same ones. The files `[macros]`
  /// names are read by `readFile` (a replay reads them from the disk).
  public static func inMemory(
    _ registers: [Character: String] = [:],
    readFile: @escaping @Sendable (String) -> Result<String, MacroFileError> = { .failure(MacroFileError("\($0): no such file")) }
  ) -> MacroClient {
    let kept = Mutex(registers)
    return MacroClient(
      readAll: { kept.withLock { $0 } },
      write: { register, text in
        kept.withLock { $0[register] = text }
        return nil
      },
      readFile: readFile
    )
  }
}

/// Why a macro file could not be read.
public struct MacroFileError: Error, Equatable, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
}
