/// How a cell looks. Colours are the eight basic terminal colours, so the
/// user's own terminal theme decides the exact shades.
///
/// Kept in one 16-bit word: a frame compares its 1,920 cells with the last
/// frame's at every key, and a style then compares in one instruction
/// instead of seven branches.
public struct Style: Hashable, Sendable, BitwiseCopyable {
  public enum Color: UInt8, Hashable, Sendable, CaseIterable, BitwiseCopyable {
    case black = 1, red, green, yellow, blue, magenta, cyan, white
  }

  /// Bits 0-4: bold, dim, italic, reverse, underline; 5-8: the foreground's
  /// raw value (0: none); 9-12: the background's.
  private var bits: UInt16 = 0

  public var bold: Bool {
    get { flag(0) }
    set { setFlag(0, newValue) }
  }
  public var dim: Bool {
    get { flag(1) }
    set { setFlag(1, newValue) }
  }
  public var italic: Bool {
    get { flag(2) }
    set { setFlag(2, newValue) }
  }
  public var reverse: Bool {
    get { flag(3) }
    set { setFlag(3, newValue) }
  }
  public var underline: Bool {
    get { flag(4) }
    set { setFlag(4, newValue) }
  }
  /// nil: the terminal's default.
  public var foreground: Color? {
    get { color(at: 5) }
    set { setColor(newValue, at: 5) }
  }
  public var background: Color? {
    get { color(at: 9) }
    set { setColor(newValue, at: 9) }
  }

  public init(
    bold: Bool = false, dim: Bool = false, italic: Bool = false, reverse: Bool = false, underline: Bool = false,
    foreground: Color? = nil, background: Color? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  public static let plain = Style()

  /// The style without its background, and without its foreground too
  /// unless `colors`: what a terminal writer draws (by mask, for every cell).
  func drawn(colors: Bool) -> Style {
    var style = self
    style.bits &= colors ? ~(0xF << 9) : ~(0xFF << 5)
    return style
  }

  /// Zero when the styles are the same (for the frame diff's row check).
  func difference(from other: Style) -> UInt64 { UInt64(bits ^ other.bits) }

  /// `other` laid over this style: its attributes added, its colour (if it
  /// names one) taking the place of this one's. How a word's colour goes on
  /// a row's text, and the selection on a row. On the bits: it runs for
  /// every cell of a row restyled (through the accessors, ~25 instructions
  /// a cell).
  public mutating func layer(_ other: Style) {
    var bits = self.bits | other.bits & 0x1F
    for color: UInt16 in [0xF << 5, 0xF << 9] where other.bits & color != 0 {
      bits = bits & ~color | other.bits & color
    }
    self.bits = bits
  }

  private func flag(_ bit: UInt16) -> Bool { bits & 1 << bit != 0 }

  private mutating func setFlag(_ bit: UInt16, _ on: Bool) {
    bits = on ? bits | 1 << bit : bits & ~(1 << bit)
  }

  private func color(at shift: UInt16) -> Color? { Color(rawValue: UInt8(bits >> shift & 0xF)) }

  private mutating func setColor(_ color: Color?, at shift: UInt16) {
    bits = bits & ~(0xF << shift) | UInt16(color?.rawValue ?? 0) << shift
  }
}
