/// How a cell looks. Colours are the eight basic terminal colours, so the
/// user's own terminal theme decides the exact shades.
public struct Style: Hashable, Sendable, BitwiseCopyable {
  public enum Color: Hashable, Sendable, CaseIterable, BitwiseCopyable {
    case black, red, green, yellow, blue, magenta, cyan, white
  }

  public var bold = false
  public var dim = false
  public var italic = false
  public var reverse = false
  public var underline = false
  /// nil: the terminal's default.
  public var foreground: Color?
  public var background: Color?

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
}
