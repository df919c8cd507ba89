import Terminal

/// The config file's `[keys]`: list-mode keys given to a command by its
/// name (`"ctrl-d" = "delete"`), or taken away (`"x" = "none"`). The keymap
/// stays one table; these rows go over it.
public struct KeyOverrides: Equatable, Sendable {
  /// Each key's command name, `none` for a key that does nothing.
  public private(set) var commands: [Key: String] = [:]

  public init() {}

  public static let unbound = "none"

  public enum Failure: Error, Equatable {
    case unknownKey(String)
    case unknownCommand(String)
    case boundTwice(String)
  }

  /// Binds `keyName` (as key scripts name keys; `ctrl-`/`alt-` in any case)
  /// to the command `name` (or `none`).
  public mutating func bind(_ keyName: String, to name: String) throws(Failure) {
    guard let key = Self.key(named: keyName) else { throw .unknownKey(keyName) }
    guard name == Self.unbound || Keymap.commandNames.contains(name) else { throw .unknownCommand(name) }
    guard commands[key] == nil else { throw .boundTwice(keyName) }
    commands[key] = name
  }

  /// A key's name as scripts write it, with `ctrl-`, `alt-` and named keys
  /// in any case (`ctrl-d`, `Ctrl-D`, `enter`); letters keep their case.
  static func key(named name: String) -> Key? {
    if let key = Key(name: name) { return key }
    let lower = name.lowercased()
    for (prefix, proper) in [("ctrl-", "Ctrl-"), ("alt-", "Alt-")] where lower.hasPrefix(prefix) {
      let rest = String(name.dropFirst(prefix.count))
      if proper == "Ctrl-", rest.count == 1 { return Key(name: proper + rest.uppercased()) }
      return key(named: rest).flatMap { Key(name: proper + $0.name) }
    }
    return Key.allNamed.first { $0.name.lowercased() == lower }
  }
}
