/// The escape sequences a `ScreenWriter` sends, as the terminal's terminfo
/// entry gives them (the ncurses backend loads them; tests spell xterm's).
/// A nil sequence is one the terminal lacks: the writer does without it.
public struct TerminalControls: Sendable {
  /// Moves the cursor to a row and column, both from 0 (`cup`).
  public var moveTo: @Sendable (_ row: Int, _ column: Int) -> [UInt8]
  /// Moves the cursor right / left by a number of columns (`cuf`, `cub`).
  public var right: (@Sendable (Int) -> [UInt8])?
  public var left: (@Sendable (Int) -> [UInt8])?
  /// One column left (`cub1`), one row down (`cud1`), to column 0 (`cr`).
  public var leftOne: [UInt8]?
  public var down: [UInt8]?
  public var carriageReturn: [UInt8]?
  /// Back to plain text (`sgr0`), without the character-set switch some
  /// entries carry (xterm's `ESC ( B`): yaru never leaves the default set,
  /// so only the first reset of a screen needs it (`fullReset`).
  public var attributesOff: [UInt8]
  public var fullReset: [UInt8]
  public var bold: [UInt8]?
  public var dim: [UInt8]?
  public var italic: [UInt8]?
  public var reverse: [UInt8]?
  public var underline: [UInt8]?
  /// A foreground colour by number (`setaf`); nil draws without colour.
  public var foreground: (@Sendable (Int) -> [UInt8])?
  /// The default colours again (`op`), after a coloured cell.
  public var defaultColors: [UInt8]?
  public var showCursor: [UInt8]?
  public var hideCursor: [UInt8]?
  /// Whether writing the bottom-right cell scrolls the screen (automatic
  /// margins without the xterm-style delayed wrap): that cell is then left unwritten.
  public var scrollsAtBottomRight: Bool
  /// Whether the cursor may move with attributes on (`msgr`); if not, the
  /// writer turns them off first.
  public var movesInStandout: Bool

  public init(
    moveTo: @escaping @Sendable (Int, Int) -> [UInt8], right: (@Sendable (Int) -> [UInt8])?, left: (@Sendable (Int) -> [UInt8])?,
    leftOne: [UInt8]?, down: [UInt8]?, carriageReturn: [UInt8]?, attributesOff: [UInt8], fullReset: [UInt8],
    bold: [UInt8]?, dim: [UInt8]?, italic: [UInt8]?, reverse: [UInt8]?, underline: [UInt8]?,
    foreground: (@Sendable (Int) -> [UInt8])?, defaultColors: [UInt8]?, showCursor: [UInt8]?, hideCursor: [UInt8]?,
    scrollsAtBottomRight: Bool, movesInStandout: Bool
  ) {
    self.moveTo = moveTo
    self.right = right
    self.left = left
    self.leftOne = leftOne
    self.down = down
    self.carriageReturn = carriageReturn
    self.attributesOff = attributesOff
    self.fullReset = fullReset
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.defaultColors = defaultColors
    self.showCursor = showCursor
    self.hideCursor = hideCursor
    self.scrollsAtBottomRight = scrollsAtBottomRight
    self.movesInStandout = movesInStandout
  }

  /// xterm's sequences (what `xterm-256color` says), for tests and as the
  /// shape every terminal yaru meets today speaks.
  public static let xterm = TerminalControls(
    moveTo: { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) },
    right: { Array("\u{1B}[\($0)C".utf8) }, left: { Array("\u{1B}[\($0)D".utf8) },
    leftOne: [0x08], down: [0x0A], carriageReturn: [0x0D],
    attributesOff: Array("\u{1B}[m".utf8), fullReset: Array("\u{1B}(B\u{1B}[m".utf8),
    bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8), italic: Array("\u{1B}[3m".utf8),
    reverse: Array("\u{1B}[7m".utf8), underline: Array("\u{1B}[4m".utf8),
    foreground: { Array("\u{1B}[3\($0)m".utf8) }, defaultColors: Array("\u{1B}[39;49m".utf8),
    showCursor: Array("\u{1B}[?12l\u{1B}[?25h".utf8), hideCursor: Array("\u{1B}[?25l".utf8),
    scrollsAtBottomRight: false, movesInStandout: true
  )
}
