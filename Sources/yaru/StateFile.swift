import TodoModel
import TodoStorage
import Todos

/// The state file, `$XDG_STATE_HOME/yaru/state` (`~/.local/state/yaru/state`):
/// the choices yaru remembers between runs. Read at start — a file that
/// cannot be read or understood is passed over with a warning, never a
/// reason not to start — and written atomically when yaru quits, if the
/// choices changed; only its owner may read it (0600).
struct StateFile {
  let path: String
  /// The choices read at start (none if there was no usable file).
  let remembered: RememberedChoices
  /// Why the file was passed over, to tell the user.
  let warning: String?
  /// The text on disk when it was read: not written again if unchanged.
  private let text: String?

  static func path(_ environment: EnvironmentVariables = .process) -> String {
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/yaru/state" }
    return TodoFilePath.home(environment) + "/.local/state/yaru/state"
  }

  /// The folder of yaru's state (`$XDG_STATE_HOME/yaru`): the state file,
  /// the histories, the rescue copies.
  static func folder(_ environment: EnvironmentVariables = .process) -> String {
    String(path(environment).dropLast("/state".count))
  }

  /// Where a rescue copy goes when the todo file's folder cannot take it
  /// (`$XDG_STATE_HOME/yaru/rescue`).
  static func rescueFolder(_ environment: EnvironmentVariables = .process) -> String {
    String(path(environment).dropLast("state".count)) + "rescue"
  }

  init(path: String = Self.path()) {
    self.path = path
    var text: String?
    var remembered = RememberedChoices()
    var warning: String?
    do {
      text = try TodoFile.read(path)?.text
      if let text { remembered = try RememberedChoices.parse(text, path: path) }
    } catch let error as TodoFileError {
      warning = error.message
    } catch {
      warning = "\(error)"
    }
    (self.text, self.remembered, self.warning) = (warning == nil ? text : nil, remembered, warning)
  }

  /// Writes `choices` unless the file already says exactly that; the reason
  /// if it could not be written.
  func save(_ choices: RememberedChoices) -> String? {
    let formatted = choices.formatted
    guard formatted != text else { return nil }
    do {
      // Private: it names the user's views and choices. (A symlinked state
      // file is left as it is, and written through as before.)
      try? NewFile.makePrivate(path)
      try TodoFile.write(formatted, to: path)
      return nil
    } catch {
      return error.message
    }
  }
}
