import Terminal

/// The `?` overlay: the keymap's own table, printed in a box over the list,
/// in two columns when one does not fit the screen's height.
enum HelpOverlay {
  static func draw(on frame: inout Frame) {
    let lines = Keymap.help(for: .list)
    let keysWidth = lines.map { DisplayWidth.of($0.keys) }.max() ?? 0
    let actionWidth = lines.map { DisplayWidth.of($0.action) }.max() ?? 0
    let entryWidth = keysWidth + 2 + actionWidth
    let columns = lines.count + 2 <= frame.size.rows - 2 ? 1 : 2
    let perColumn = (lines.count + columns - 1) / columns
    let width = min(frame.size.columns - 2, columns * entryWidth + (columns - 1) * 3 + 4)
    let height = min(frame.size.rows - 2, perColumn + 2)
    let left = (frame.size.columns - width) / 2
    let top = max(1, (frame.size.rows - height) / 2)
    let border = Style(bold: true)
    let inner = String(repeating: "─", count: max(0, width - 2))
    frame.write("┌" + inner + "┐", column: left, row: top, style: border)
    for row in (top + 1)..<(top + height - 1) {
      frame.write("│" + String(repeating: " ", count: max(0, width - 2)) + "│", column: left, row: row, style: border)
    }
    frame.write("└" + inner + "┘", column: left, row: top + height - 1, style: border)
    frame.write(" Keys — ? or Esc closes ", column: left + 2, row: top, style: border)
    for (index, line) in lines.enumerated() {
      let row = top + 1 + index % perColumn
      guard row < top + height - 1 else { continue }
      let x = left + 2 + (index / perColumn) * (entryWidth + 3)
      frame.write(line.keys, column: x, row: row, style: Style(bold: true), limit: x + keysWidth)
      frame.write(line.action, column: x + keysWidth + 2, row: row, limit: min(x + entryWidth, left + width - 1))
    }
    frame.cursor = nil
  }
}
