import Terminal

/// The `?` overlay: the keymap's own table for every mode, in a box over the
/// list. What does not fit the screen scrolls (j/k, PageDown/PageUp, g/G);
/// an entry too wide for the box puts its description on the next line
/// rather than cutting it.
enum HelpOverlay {
  /// One row of the help's text.
  enum Line: Equatable {
    case heading(String)
    case entry(keys: String, action: String)
    /// Where a long entry's action goes on, in the actions' column.
    case continuation(String)
    case blank
  }

  typealias Section = (title: String, entries: [(keys: String, action: String)])

  /// Sections in the order a user meets the modes; the list's keys as the
  /// config file left them.
  static func sections(_ overrides: KeyOverrides) -> [Section] {
    let editing = Keymap.help(for: .edit)
    // Search uses the editor's keys; only what differs is listed again.
    let search = Keymap.help(for: .search).filter { line in !editing.contains { $0 == line } }
    let prompt = Keymap.help(for: .prompt).filter { line in !editing.contains { $0 == line } }
    return [
      // Ctrl-Z is the terminal's own (a signal), not in the keymap.
      ("In the list", Keymap.help(for: .list, overrides: overrides) + [("Ctrl-Z", "back to the shell (fg returns)")]),
      ("In the history (U)", Keymap.help(for: .history)),
      ("Editing a todo", editing),
      ("Typing a search (and the editing keys)", search),
      ("At Add: / Remove: (+ / -, and the editing keys)", prompt),
      ("After P (priority)", Keymap.help(for: .priority)),
      ("After Q or @ (macros)", Keymap.help(for: .register)),
      ("In this help", Keymap.help(for: .help)),
    ]
  }

  /// The box's position on a screen of `size`.
  struct Box: Equatable {
    let left, top, width, height: Int
    /// Rows of text inside the borders.
    var textRows: Int { height - 2 }
  }

  static func box(in size: Size, keys overrides: KeyOverrides = KeyOverrides()) -> Box {
    layout(in: size, sections(overrides)).box
  }

  /// The box and its rows of text, worked out together (the box's height
  /// depends on how the rows wrap).
  private static func layout(in size: Size, _ sections: [Section]) -> (box: Box, lines: [Line]) {
    let needed = keysWidth(sections) + 2 + actionWidth(sections) + 4
    let width = min(size.columns - 2, needed)
    let lines = lines(width: width, sections)
    let height = min(size.rows - 2, lines.count + 2)
    let box = Box(left: (size.columns - width) / 2, top: max(1, (size.rows - height) / 2), width: width, height: height)
    return (box, lines)
  }

  /// The help's rows for a box `width` columns wide. Keys longer than the
  /// keys column, or an action too long for its column, take rows of their
  /// own; actions stay in their column.
  static func lines(width: Int, keys overrides: KeyOverrides = KeyOverrides()) -> [Line] {
    lines(width: width, sections(overrides))
  }

  private static func lines(width: Int, _ sections: [Section]) -> [Line] {
    let inner = width - 4
    let keysColumn = keysColumn(width: width, sections)
    let actionRoom = max(1, inner - keysColumn - 2)
    var lines: [Line] = []
    for (index, section) in sections.enumerated() {
      if index > 0 { lines.append(.blank) }
      lines += wrapped(section.title, width: inner).map { .heading($0) }
      for entry in section.entries {
        var actions = wrapped(entry.action, width: actionRoom)
        if DisplayWidth.of(entry.keys) <= keysColumn {
          lines.append(.entry(keys: entry.keys, action: actions.removeFirst()))
        } else {
          lines.append(.entry(keys: entry.keys, action: ""))
        }
        lines += actions.map { .continuation($0) }
      }
    }
    return lines
  }

  /// Wide enough for every entry's keys where the box allows, else half the box.
  private static func keysColumn(width: Int, _ sections: [Section]) -> Int {
    min(keysWidth(sections), (width - 4) / 2)
  }

  /// The first line that can be at the top: the last screenful ends the help.
  static func lastTop(in size: Size, keys overrides: KeyOverrides = KeyOverrides()) -> Int {
    scrollLimits(in: size, keys: overrides).lastTop
  }

  /// How far a key scrolls the help, from one layout: the rows of text the
  /// box shows, and the line that can be at the top last.
  static func scrollLimits(in size: Size, keys overrides: KeyOverrides) -> (textRows: Int, lastTop: Int) {
    let (box, lines) = layout(in: size, sections(overrides))
    return (box.textRows, max(0, lines.count - box.textRows))
  }

  static func draw(from top: Int, keys overrides: KeyOverrides, on frame: inout Frame) {
    let sections = sections(overrides)
    let (box, lines) = layout(in: frame.size, sections)
    let first = min(max(0, top), max(0, lines.count - box.textRows))
    let border = Style(bold: true)
    let inner = String(repeating: "─", count: max(0, box.width - 2))
    let right = box.left + box.width - 1
    // The box's rows are the help's alone: no piece of a list row (its
    // `…`, half a wide character) is left beside the box.
    for row in box.top..<(box.top + box.height) {
      frame.write(String(repeating: " ", count: frame.size.columns), column: 0, row: row)
    }
    frame.write("┌" + inner + "┐", column: box.left, row: box.top, style: border)
    for row in (box.top + 1)..<(box.top + box.height - 1) {
      frame.write("│" + String(repeating: " ", count: max(0, box.width - 2)) + "│", column: box.left, row: row, style: border)
    }
    frame.write("└" + inner + "┘", column: box.left, row: box.top + box.height - 1, style: border)
    frame.write(" Keys — ? or Esc closes ", column: box.left + 2, row: box.top, style: border, limit: right)
    if lines.count > box.textRows {
      let position = " \(first + 1)–\(first + box.textRows) of \(lines.count) "
      let hinted = position + "· j/k scroll "
      let text = DisplayWidth.of(hinted) <= box.width - 4 ? hinted : position
      frame.write(text, column: right - DisplayWidth.of(text) - 1, row: box.top + box.height - 1, style: Style(dim: true), limit: right)
    }
    let keysColumn = keysColumn(width: box.width, sections)
    for (offset, line) in lines.dropFirst(first).prefix(box.textRows).enumerated() {
      let row = box.top + 1 + offset
      let x = box.left + 2
      switch line {
      case .heading(let title):
        frame.write(title, column: x, row: row, style: Style(bold: true, underline: true), limit: right)
      case .entry(let keys, let action):
        frame.write(keys, column: x, row: row, style: Style(bold: true), limit: right)
        frame.write(action, column: x + keysColumn + 2, row: row, limit: right)
      case .continuation(let text):
        frame.write(text, column: x + keysColumn + 2, row: row, limit: right)
      case .blank:
        break
      }
    }
    frame.cursor = nil
  }

  private static func keysWidth(_ sections: [Section]) -> Int {
    sections.flatMap(\.entries).map { DisplayWidth.of($0.keys) }.max() ?? 0
  }

  private static func actionWidth(_ sections: [Section]) -> Int {
    sections.flatMap(\.entries).map { DisplayWidth.of($0.action) }.max() ?? 0
  }

  /// `text` in lines of at most `width` columns, broken between words.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
