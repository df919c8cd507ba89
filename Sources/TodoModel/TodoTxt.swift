import FoundationEssentials
import IdentifiedCollections

/// The todo.txt format, read and written so that nothing is ever lost: a line
/// is split into the prefixes the format defines (`x `, completion date,
/// `(A) `, creation date) only where they are exactly right, and everything
/// else stays verbatim in the text. So `format(parse(line)) == line` for every
/// line, understood or not.
public enum TodoTxt {
  /// One line (without its line break) as a todo.
  public static func parse(_ line: Substring, id: UUID) -> Todo.State {
    parse(line.utf8.span, id: id)
  }

  /// One line's bytes (a loaded file's line, never made a string) as a todo.
  static func parse(_ bytes: Span<UInt8>, id: UUID) -> Todo.State {
    // The prefix read from the bytes: read through string indices it cost
    // ~3,000 instructions a line, half of loading a file.
    var start = 0
    var isComplete = false, priority: Character?, creationDate: Day?, completionDate: Day?
    if bytes.count >= 2, bytes[0] == UInt8(ascii: "x"), bytes[1] == UInt8(ascii: " ") {
      isComplete = true
      start = 2
      if let day = day(in: bytes, at: &start) {
        completionDate = day
        creationDate = self.day(in: bytes, at: &start)
      }
    } else {
      priority = self.priority(in: bytes, at: &start)
      creationDate = day(in: bytes, at: &start)
    }
    // Made whole at once: a todo made empty and then given its text read
    // its tags twice.
    return Todo.State(
      id: id, text: String(utf8Of: bytes.extracting(start...)), isComplete: isComplete,
      priority: priority, creationDate: creationDate, completionDate: completionDate
    )
  }

  /// A line as a person typed it (in the editor, or to `yaru add`): read
  /// exactly as the file would read it, so what shows after Enter is what
  /// shows after a reload. A new todo is dated today unless the line gives
  /// a date: active ones get a creation date, completed ones a completion date.
  /// Date shortcuts (`due:tomorrow`) are written as dates.
  public static func parseTyped(_ line: String, id: UUID, today: Day, isNew: Bool) -> Todo.State {
    var todo = parse(DateShortcut.resolving(line, today: today)[...], id: id)
    guard isNew else { return todo }
    if todo.isComplete {
      if todo.completionDate == nil { todo.completionDate = today }
    } else if todo.creationDate == nil {
      todo.creationDate = today
    }
    return todo
  }

  /// The line for a todo (without its line break).
  public static func format(_ todo: Todo.State) -> String {
    guard todo.isComplete || todo.priority != nil || todo.creationDate != nil else { return todo.text }
    // The bytes written once, into the string itself: appending strings
    // piece by piece cost ~300 instructions a piece (the history formats
    // four lines a changed todo, a save every line).
    return string(capacity: formattedCount(todo)) { appendLine(of: todo, to: &$0) }
  }

  /// A string of at most `capacity` UTF-8 bytes, written by `write` straight
  /// into its storage: no buffer of bytes to copy in (at 10,000 todos a
  /// save's text made from an array held 235 KB twice).
  static func string(capacity: Int, _ write: (inout OutputSpan<UInt8>) -> Void) -> String {
    String(unsafeUninitializedCapacity: capacity) { buffer in
      var output = OutputSpan(buffer: buffer, initializedCount: 0)
      write(&output)
      return output.finalize(for: buffer)
    }
  }

  /// `format`'s bytes, appended to `line` (`formattedCount` of them).
  static func appendLine(of todo: Todo.State, to line: inout OutputSpan<UInt8>) {
    func append(_ day: Day) {
      let bytes = day.utf8
      for index in bytes.indices { line.append(bytes[index]) }
      line.append(UInt8(ascii: " "))
    }
    if todo.isComplete {
      line.append(UInt8(ascii: "x"))
      line.append(UInt8(ascii: " "))
      if let day = todo.completionDate { append(day) }
    } else if let priority = todo.priority {
      line.append(UInt8(ascii: "("))
      for byte in priority.utf8 { line.append(byte) }
      line.append(UInt8(ascii: ")"))
      line.append(UInt8(ascii: " "))
    }
    if let day = todo.creationDate { append(day) }
    let text = todo.text.utf8.span
    for index in text.indices { line.append(text[index]) }
  }

  /// How many bytes `format` makes of `todo` (a day is ten bytes, and a space).
  static func formattedCount(_ todo: Todo.State) -> Int {
    let date = 11
    var prefix = todo.creationDate == nil ? 0 : date
    if todo.isComplete {
      prefix += 2 + (todo.completionDate == nil ? 0 : date)
    } else if let priority = todo.priority {
      prefix += 3 + priority.utf8.count
    }
    return prefix + todo.text.utf8.count
  }

  /// A `YYYY-MM-DD ` prefix (date and one space), taken off `rest` if it is one.
  /// A `YYYY-MM-DD ` at `start`, which then moves past it.
  private static func day(in bytes: Span<UInt8>, at start: inout Int) -> Day? {
    guard bytes.count - start > 10, bytes[start + 10] == UInt8(ascii: " "),
          let day = Day(parsing: bytes, from: start)
    else { return nil }
    start += 11
    return day
  }

  /// A `(A) ` at `start` with an upper-case ASCII letter, which then moves past it.
  private static func priority(in bytes: Span<UInt8>, at start: inout Int) -> Character? {
    guard bytes.count - start >= 4, bytes[start] == UInt8(ascii: "("),
          (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[start + 1]),
          bytes[start + 2] == UInt8(ascii: ")"), bytes[start + 3] == UInt8(ascii: " ")
    else { return nil }
    start += 4
    return Character(Unicode.Scalar(bytes[start - 3]))
  }
}

/// How a todo file's bytes are laid out around its lines, kept so that a
/// save writes them the way they were: the line ending (with the lines that
/// end otherwise, in a file edited on two systems) and a UTF-8 byte order mark.
public struct FileShape: Equatable, Sendable {
  /// `"\n"`, `"\r\n"` (Windows) or `"\r"` (classic Mac): the most common.
  public var lineEnding = "\n"
  /// Lines, by their text, that end otherwise than `lineEnding`.
  public var otherEndings: [String: String] = [:]
  public var byteOrderMark = false

  public init(lineEnding: String = "\n") {
    self.lineEnding = lineEnding
  }

  func ending(of line: String) -> String {
    otherEndings.isEmpty ? lineEnding : otherEndings[line] ?? lineEnding
  }
}

/// A whole todo file's list, and its shape, so that saving writes the same
/// bytes for the same list.
public struct TodoList: Equatable, Sendable {
  public var todos: IdentifiedArrayOf<Todo.State>
  public var shape: FileShape

  public init(todos: IdentifiedArrayOf<Todo.State>, shape: FileShape = FileShape()) {
    self.todos = todos
    self.shape = shape
  }

  /// Every line of `text` is a todo; a blank one is a todo that never shows
  /// (`isBlankLine`), so it stays where it is and todo.sh's item numbers
  /// (line numbers, blank lines counted) are the list's indices plus one.
  public init(parsing text: String, makeID: () -> UUID) {
    var todos: [Todo.State] = []
    let bytes = text.utf8.span
    let shape = Self.forEachLineRange(of: text, atMost: { todos.reserveCapacity($0) }) { line in
      todos.append(TodoTxt.parse(bytes.extracting(line), id: makeID()))
    }
    self.init(todos: IdentifiedArray(uncheckedUniqueElements: todos), shape: shape)
  }

  /// The lines of `text` as loading reads them, blank ones included,
  /// without their line breaks. What a merge compares.
  public static func lines(of text: String) -> [String] {
    var lines: [String] = []
    let bytes = text.utf8.span
    _ = forEachLineRange(of: text, atMost: { lines.reserveCapacity($0) }) { lines.append(String(utf8Of: bytes.extracting($0))) }
    return lines
  }

  /// Each todo line's fingerprint (a hash of its bytes): how yaru keeps an
  /// older version of the file, to merge against, in 8 bytes a line.
  /// Hashed from the text's bytes, no line made a string (a save reads
  /// every line of the file it replaced: ~900 instructions a line so).
  public static func lineFingerprints(of text: String) -> [UInt64] {
    var fingerprints: [UInt64] = []
    let bytes = text.utf8.span
    _ = forEachLineRange(of: text, atMost: { fingerprints.reserveCapacity($0) }) { line in
      fingerprints.append(LineFingerprint.of(bytes.extracting(line)))
    }
    return fingerprints
  }

  /// The line endings and byte order mark of `text`, as saving keeps them.
  public static func shape(of text: String) -> FileShape {
    forEachLineRange(of: text) { _ in }
  }

  /// Calls `body` with each line's byte offsets in the text (without its
  /// ending) and returns the text's shape.
  /// Lines are split on bytes (a `\r\n` pair is one Character in Swift, so
  /// splitting on Characters would miss it): on `\n`, or on `\r` in a file
  /// that has no `\n` at all. `atMost` is told first how many lines there
  /// can be, so that what collects them is allocated once: an array grown
  /// line by line ends with up to twice the room, and holds its old copy
  /// while it grows (1.2 MB at the peak of 10,000 todos, not 0.7).
  private static func forEachLineRange(of text: String, atMost: (Int) -> Void = { _ in }, _ body: (Range<Int>) -> Void) -> FileShape {
    // Bytes read from a span by offset: through the view's indices, finding
    // each line's end cost ~40 instructions a byte.
    let utf8 = text.utf8
    let bytes = utf8.span
    var shape = FileShape()
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      shape.byteOrderMark = true
      start = 3
    }
    let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    let lineFeeds = ByteSearch.count(of: newline, in: bytes)
    let carriageReturns = ByteSearch.count(of: carriageReturn, in: bytes)
    var pairs = 0
    if carriageReturns > 0 {
      for index in bytes.indices.dropFirst() where bytes[index] == newline && bytes[index - 1] == carriageReturn { pairs += 1 }
    }
    let separator = lineFeeds == 0 && carriageReturns > 0 ? carriageReturn : newline
    shape.lineEnding = separator == carriageReturn ? "\r" : pairs * 2 > lineFeeds ? "\r\n" : "\n"
    let isMixed = separator == newline && pairs > 0 && pairs < lineFeeds
    atMost((separator == newline ? lineFeeds : carriageReturns) + 1)
    while start < bytes.count {
      let lineEnd = ByteSearch.firstIndex(of: separator, in: bytes, from: start) ?? bytes.count
      var end = lineEnd
      if separator == newline, end > start, bytes[end - 1] == carriageReturn { end -= 1 }
      if isMixed, lineEnd < bytes.count {
        let ending = end < lineEnd ? "\r\n" : "\n"
        if ending != shape.lineEnding {
          let line = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
          shape.otherEndings[String(line)] = ending
        }
      }
      body(start..<end)
      start = lineEnd < bytes.count ? lineEnd + 1 : lineEnd
    }
    return shape
  }

  /// The file's text: one line per todo, each ended as the file ends it.
  public func formatted() -> String {
    var text = shape.byteOrderMark ? "\u{FEFF}" : ""
    // Room for it all at once: grown by appends, the text of 10,000 todos
    // took 330 KB for its 250.
    let count = todos.reduce(text.utf8.count) { $0 + TodoTxt.formattedCount($1) + shape.lineEnding.utf8.count }
    if shape.otherEndings.isEmpty {
      // Every line ends alike: the bytes written once, into the string
      // (a string appended to line by line cost ~2,000 instructions a line).
      let (start, ending) = (text, shape.lineEnding)
      return TodoTxt.string(capacity: count) { bytes in
        for byte in start.utf8 { bytes.append(byte) }
        for index in todos.indices {
          TodoTxt.appendLine(of: todos[index], to: &bytes)
          for byte in ending.utf8 { bytes.append(byte) }
        }
      }
    }
    text.reserveCapacity(count)
    for todo in todos {
      let line = TodoTxt.format(todo)
      text += line
      text += shape.ending(of: line)
    }
    return text
  }
}
