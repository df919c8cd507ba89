import Terminal

/// A `[keys]` table may move quitting to other keys, never take it away:
/// with `q` and Ctrl-C both `none` and nothing else bound to quit, the only
/// way out of yaru would be killing it from another terminal.
extension Config {
  /// The commands that end the session from the list.
  static let quittingCommands: Set<String> = ["quit", "interrupt"]

  /// Throws, naming the `[keys]` line that took the last way to quit away,
  /// when no list key quits.
  static func checkAWayToQuit(
    _ keys: KeyOverrides, macroKeys: some Collection<Key> = [Key](), entries: [ConfigParser.Entry], path: String
  ) throws(Failure) {
    // A key `[macros]` takes plays its macro instead.
    let quitting = Keymap.commands(keys).filter { quittingCommands.contains($0.name) }
    guard quitting.allSatisfy({ $0.keys.allSatisfy(macroKeys.contains) }) else { return }
    let defaults = Keymap.commands(KeyOverrides()).filter { quittingCommands.contains($0.name) }.flatMap(\.keys)
    let keyEntries = entries.filter { $0.table == "keys" || $0.table == "macros" }
    let line = keyEntries.last { KeyOverrides.key(named: $0.key).map(defaults.contains) == true }?.line ?? keyEntries.last?.line ?? 1
    let names = defaults.map(\.name).joined(separator: " and ")
    throw Failure(description: "\(path):\(line): no key is left to quit yaru (\(names) are taken away): bind one to \"quit\"")
  }
}
