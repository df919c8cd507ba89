/// One screen cell: a grapheme and its style. A wide grapheme fills its cell
/// and the next one, which holds `continuation`, so every row has exactly
/// `columns` cells and a diff can compare cell by cell.
///
/// Plain memory (no reference inside), so that the 1,920 cells of a frame
/// are created, copied, compared and freed as memory, not cell by cell. The
/// grapheme is read through the `Cells` holding the cell (`grapheme(at:)`,
/// `appendDrawnUTF8(of:to:)`): a long one's text is kept there, and `==`
/// compares where, not the text. To compare what cells show (across
/// frames), compare `Cells` or `Frame`s.
public struct Cell: Equatable, Sendable, BitwiseCopyable {
  var grapheme: PackedGrapheme
  /// Columns the grapheme takes (1, 2, or more for some emoji sequences);
  /// 0 for the cells a wide grapheme covers after its first.
  public internal(set) var width: UInt8
  public internal(set) var style: Style

  init(_ grapheme: PackedGrapheme, width: UInt8 = 1, style: Style = .plain) {
    self.grapheme = grapheme
    self.width = width
    self.style = style
  }

  public static let blank = Cell(.space)
  static func continuation(_ style: Style) -> Cell { Cell(.space, width: 0, style: style) }
}
