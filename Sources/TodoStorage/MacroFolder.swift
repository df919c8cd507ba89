import SystemPackage
import TodoModel

/// The macros `Q` records, a key script a letter: `FOLDER/a.yaru`…, in
/// `$XDG_DATA_HOME/yaru/macros` (`~/.local/share/yaru/macros`). Written
/// whole and atomically, as the todo file is; a file a person edited is
/// read as they left it.
public struct MacroFolder: Sendable {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// `$XDG_DATA_HOME/yaru/macros`, else `$HOME/.local/share/yaru/macros`.
  public static func path(environment: EnvironmentVariables = .process) -> String {
    if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/yaru/macros" }
    return (environment["HOME"] ?? "") + "/.local/share/yaru/macros"
  }

  public func file(of register: Character) -> String { path + "/\(register).yaru" }

  public var client: MacroClient {
    MacroClient(
      readAll: {
        // Most lists have no macro folder: one look at it, not 26 failed
        // opens ahead of the todo file on the I/O queue at every start.
        guard (try? Stat(path))?.type == .directory else { return [:] }
        var texts: [Character: String] = [:]
        for code in UInt8(ascii: "a")...UInt8(ascii: "z") {
          let register = Character(Unicode.Scalar(code))
          if case .success(let text) = Self.readFile(file(of: register)) { texts[register] = text }
        }
        return texts
      },
      write: { register, text in
        let path = file(of: register)
        do throws(TodoFileError) {
          try TodoFile.makeFolder(TodoFile.folderPath(of: FilePath(path)), for: path)
          _ = try TodoFile.write(text, to: path)
          return nil
        } catch {
          return error.message
        }
      },
      readFile: Self.readFile
    )
  }

  /// A macro file's text (the config's `[macros]` names one by its path, `~/` for the home folder).
  @Sendable public static func readFile(_ path: String) -> Result<String, MacroFileError> {
    var path = path
    if path.hasPrefix("~/"), let home = EnvironmentVariables.process["HOME"] { path = home + path.dropFirst() }
    do throws(TodoFileError) {
      guard let (text, _) = try TodoFile.read(path) else { return .failure(MacroFileError("\(path): no such file")) }
      return .success(text)
    } catch {
      return .failure(MacroFileError(error.message))
    }
  }
}
