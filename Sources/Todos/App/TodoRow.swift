import Terminal
import TodoModel

/// One todo on screen: `[ ]`/`[x]`, the priority, the text with its
/// +projects, @contexts, due date and dates that are none picked out;
/// reverse video when selected, the line editor in place while it is being
/// edited.
///
/// The selection's reverse video covers the row's content from the mark's
/// column, not the whole width: a move then rewrites two short rows, not
/// two screen-wide ones (about 60 bytes to the terminal instead of 140).
enum TodoRow {
  /// Where a row's `[ ]` starts: the column before it is a mark's.
  static let boxColumn = 1

  /// Returns the column after the row's content.
  @discardableResult
  static func draw(_ todo: Todo.State, selected: Bool, marked: Bool, state: AppReducer.State, today: Day, row: Int, on frame: inout Frame) -> Int {
    let theme = state.settings.theme
    var base = todo.isComplete ? theme[.completed] : Style.plain
    // Shown by H, a hidden todo must not pass for one that is always there.
    if state.list.showsHidden, todo.hiding.hides(on: today) { base.layer(theme[.hidden]) }
    // Waiting for its parts: there, but not what to do next.
    if state.list.isBlocked(todo) { base.layer(theme[.blocked]) }
    // A mark sits in the column before `[ ]`, left free for it.
    if marked { frame.write("*", column: 0, row: row, style: Style(bold: true)) }
    var x = frame.write(todo.isComplete ? "[x] " : "[ ] ", column: boxColumn, row: row, style: base)
    let end: Int
    if case .editing(let editing) = state.mode, editing.id == todo.id {
      // The whole line as the file has it: priority and dates are typed too.
      let marked: ((Substring) -> Bool)? = editing.showsNonDates ? { DateShortcut.isNonDate($0, today: today) } : nil
      end = drawEditor(editing.editor, column: x, row: row, on: &frame, marking: marked.map { ($0, theme[.badDate]) })
    } else {
      if let priority = todo.priority {
        var style = base
        style.layer(theme[Theme.priority(priority)])
        x = frame.write("(\(priority)) ", column: x, row: row, style: style)
      }
      end = drawText(todo, base: base, theme: theme, today: today, column: x, row: row, on: &frame)
    }
    if selected { select(row: row, end: end, theme: theme, on: &frame) }
    return end
  }

  /// Makes a row drawn unselected the selected one: its content (up to
  /// `end`) in the theme's selection style.
  static func select(row: Int, end: Int, theme: Theme, on frame: inout Frame) {
    frame.layer(theme[.selection], row: row, columns: 0..<min(end, frame.size.columns))
  }

  /// The text written whole (so a cut shows `…`; one too long for the row
  /// keeps its due date, `keepingDueDate`), then its words restyled by what
  /// they are. A near or past due date gets a hint after it (`(tomorrow)`)
  /// when the row has room for it.
  /// Returns the column after the text.
  @discardableResult
  private static func drawText(
    _ todo: Todo.State, base: Style, theme: Theme, today: Day, column: Int, row: Int, on frame: inout Frame
  ) -> Int {
    var shown = todo.text
    var hint: Range<Int>?
    let dueWord = todo.dueDateWord
    if let (_, dueEnd) = dueWord, let narrow = keepingDueDate(todo.text, dueEnd: dueEnd, width: frame.size.columns - column) {
      shown = narrow
    } else if !todo.isComplete, let (due, dueEnd) = dueWord, let text = Self.hint(for: due, today: today) {
      let hintText = " (\(text))"
      let hintWidth = DisplayWidth.of(hintText)
      if column + DisplayWidth.of(todo.text) + hintWidth < frame.size.columns {
        let hintStart = column + DisplayWidth.of(todo.text[..<dueEnd])
        shown = String(todo.text[..<dueEnd]) + hintText + todo.text[dueEnd...]
        hint = (hintStart + 1)..<(hintStart + hintWidth)
      }
    }
    let end = frame.write(shown, column: column, row: row, style: base)
    var x = column
    forEachWord(of: shown) { word in
      let width = DisplayWidth.of(word)
      defer { x += width + 1 }
      guard x < end else { return false }
      var element: Theme.Element?
      let first = word.utf8.first
      // More than the sign (counted in bytes: counting graphemes cost a
      // break test per letter of every word on screen).
      if first == UInt8(ascii: "+"), word.utf8.count > 1 {
        element = .project
      } else if first == UInt8(ascii: "@"), word.utf8.count > 1 {
        element = .context
      } else if let due = Todo.State.dueDate(ofWord: word) {
        element = todo.isComplete ? nil : Theme.due(due, today: today)
      } else if !todo.isComplete, Todo.State.isNonDateTag(word) {
        element = .badDate
      }
      if let element {
        let style = theme[element]
        frame.layer(style, row: row, columns: x..<min(x + width, end))
      }
      return true
    }
    if let hint {
      let style = theme[.dueHint]
      frame.layer(style, row: row, columns: hint.clamped(to: column..<end))
    }
    return end
  }

  /// The words after a near or past due date: `today`, `tomorrow`,
  /// `in 3 days`, `yesterday`, `2 days late`; nil more than six days
  /// ahead. However late, it says how late, in a word as short as the
  /// due date's own: `3w late`, `2mo late`, `1y late`.
  static func hint(for day: Day, today: Day) -> String? {
    let days = today.days(until: day)
    return switch days {
    case 0: "today"
    case 1: "tomorrow"
    case -1: "yesterday"
    case 2...6: "in \(days) days"
    case -6 ... -2: "\(-days) days late"
    case -59 ... -7: "\(-days / 7)w late"
    case -364 ... -60: "\(-days / 30)mo late"
    case ..<(-364): "\(-days / 365)y late"
    default: nil
    }
  }

  /// Calls `body` with each word of `text` (split at single spaces, empty
  /// words included) until it returns false. ASCII text, the common case, is
  /// split on its bytes; other text on its graphemes, where a space followed
  /// by a combining mark is not a space.
  private static func forEachWord(of text: String, _ body: (Substring) -> Bool) {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      for word in text.split(separator: " ", omittingEmptySubsequences: false) where !body(word) { return }
      return
    }
    // The spaces found in a byte span, by offset (through the view's
    // indices, ~40 instructions a byte).
    let utf8 = text.utf8
    let bytes = utf8.span
    var start = 0
    while true {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
      let word = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
      guard body(word), end < bytes.count else { return }
      start = end + 1
    }
  }

  /// The line editor's text from `column`, scrolled so the cursor shows, and
  /// the terminal cursor placed after the grapheme before it (by width, so
  /// wide characters count twice). Text scrolled out at the left shows as
  /// `…` there, text past the right edge as `…` at the edge (the grapheme
  /// under the cursor always shows). `marking` picks out words in a style
  /// (those Enter refused).
  @discardableResult
  static func drawEditor(
    _ editor: LineEditor.State, column: Int, row: Int, on frame: inout Frame, limit: Int? = nil,
    marking: (word: (Substring) -> Bool, style: Style)? = nil
  ) -> Int {
    let limit = min(limit ?? frame.size.columns, frame.size.columns)
    let after = editor.text.dropFirst(editor.cursor)
    // Right of the cursor: the grapheme under it and a `…` if more follows, or the cursor alone.
    let kept = after.first.map { DisplayWidth.of($0) + (after.count > 1 ? 1 : 0) } ?? 1
    let room = limit - column - kept
    // Walk back from the cursor while the text fits: one pass, however long the line.
    let prefix = editor.text.prefix(editor.cursor)
    var start = prefix.endIndex
    var width = 0
    var isScrolled = false
    while start > prefix.startIndex {
      let previous = prefix.index(before: start)
      let columns = DisplayWidth.of(prefix[previous])
      guard width + columns <= room else { isScrolled = true; break }
      width += columns
      start = previous
    }
    // Text left out at the left: its `…` takes a column.
    while isScrolled, width > room - 1, start < prefix.endIndex {
      width -= DisplayWidth.of(prefix[start])
      start = prefix.index(after: start)
    }
    let textColumn = isScrolled ? frame.write("…", column: column, row: row, style: Style(underline: true), limit: limit) : column
    let x = frame.write(prefix[start...], column: textColumn, row: row, style: Style(underline: true), limit: limit)
    let end = frame.write(after, column: x, row: row, style: Style(underline: true), limit: limit)
    frame.cursor = (x, row)
    if let marking {
      var wordX = textColumn
      forEachWord(of: String(editor.text[start...])) { word in
        let width = DisplayWidth.of(word)
        defer { wordX += width + 1 }
        guard wordX < end else { return false }
        if marking.word(word) { frame.layer(marking.style, row: row, columns: wordX..<min(wordX + width, end)) }
        return true
      }
    }
    return end
  }
}
