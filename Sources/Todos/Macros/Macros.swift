import Terminal

/// `Q` and `@`: keys recorded into a register (a letter) and played back.
/// Keys, not actions, are recorded — they are caught as they arrive, before
/// the keymap (`AppProgram.press`) — so a macro is a key script: played, each
/// key goes through the keymap in the state it meets, as if typed.
public struct Macros: Equatable, Sendable {
  /// The registers, as recorded or read from their files.
  public var registers: [Character: MacroScript] = [:]
  /// Files that are not macros, with why: said when they are played.
  public var problems: [Character: String] = [:]
  /// The config's `[macros]`: keys that play a file's script.
  public var bound: [Key: Result<MacroScript, MacroBindingProblem>] = [:]
  /// The register being recorded into, and its keys so far.
  public var recording: Recording?
  /// What `@@` plays again.
  public var lastPlayed: Character?
  /// How many macros are playing (one plays another with `@`): while any
  /// is, what a key would start after it (a save) waits for the end of the run.
  public var playDepth = 0
  public var isPlaying: Bool { playDepth > 0 }
  /// Macros that play macros stop this deep (`@a` inside `a` would never end).
  public static let deepest = 8

  /// A run `@` or a `[macros]` key asked for, played once the action that
  /// asked is reduced (`AppReducer.reduce`).
  public var queued: Run?

  public init() {}

  public struct Run: Equatable, Sendable {
    public var script: MacroScript
    public var name: String
  }

  public struct Recording: Equatable, Sendable {
    public var register: Character
    public var keys: [Key] = []
  }

  /// Whether a key goes into a macro: keys and pastes do; a click or the
  /// wheel, which hit what happens to be on screen, do not.
  public static func records(_ key: Key) -> Bool {
    switch key {
    case .click, .wheelUp, .wheelDown, .resize: false
    default: true
    }
  }

  /// The letters that name registers.
  public static func isRegister(_ character: Character) -> Bool {
    character.isASCII && character.isLowercase
  }
}

/// A `[macros]` file that could not be read or is not a macro.
public struct MacroBindingProblem: Error, Equatable, Sendable {
  public let message: String
}

/// `Q` or `@` was pressed: the next letter names the register.
public enum RegisterUse: Equatable, Sendable { case record, play }
