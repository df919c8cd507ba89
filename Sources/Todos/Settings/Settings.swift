import Terminal
/// The config file's choices the app reads as it runs (the theme, the
/// user's keys, the clock), set at start; only `t` changes one (the clock
/// format).
public struct Settings: Equatable, Sendable {
  public var uses24HourClock = true
  /// `clock = "off"` in the config file: no clock in the header.
  public var showsClock = true
  /// `add-at = "end"` in the config file: `a` appends to the file.
  public var addsAtEnd = false
  /// The config file's `[keys]`, over the keymap.
  public var keyOverrides = KeyOverrides()
  /// The config's `[macros]`: list-mode keys that play a macro file (its path).
  public var macroFiles: [Key: String] = [:]
  /// The standard theme with the config file's `[colors]` over it.
  public var theme = Theme.standard

  public init() {}
}
