import Foundation
import Synchronization
import Terminal
import Testing
import TodoModel

/// What the writer sends, read back by a small xterm: after every frame of
/// random sessions the emulated screen shows exactly the frame, and the
/// cursor is where the frame put it.
struct ScreenWriterTests {
  @Test func theScreenShowsEveryFrameOfRandomSessions() {
    var random = SplitMix64(state: 20_261_128)
    for session in 0..<300 {
      let size = Size(columns: Int.random(in: 3...14, using: &random), rows: Int.random(in: 1...5, using: &random))
      let colors = session % 3 != 0
      var writer = ScreenWriter(controls: .xterm, size: size, colors: colors)
      var screen = Xterm(size: size)
      var writes = (0..<4).map { _ in Write.random(size, using: &random) }
      var last: Frame?
      for step in 0..<25 {
        for _ in 0..<Int.random(in: 1...2, using: &random) {
          writes[Int.random(in: 0..<writes.count, using: &random)] = .random(size, using: &random)
        }
        var frame = Frame(size: size)
        for write in writes { frame.write(write.text, column: write.column, row: write.row, style: write.style) }
        if Bool.random(using: &random) {
          frame.cursor = (Int.random(in: 0..<size.columns, using: &random), Int.random(in: 0..<size.rows, using: &random))
        }
        writer.draw(frame.changes(since: last))
        writer.setCursor(frame.cursor)
        screen.feed(writer.output)
        writer.output = []
        last = frame
        let difference = screen.difference(from: frame, colors: colors)
        #expect(difference == nil, "session \(session) step \(step): \(frame.lines)")
        if let cursor = frame.cursor {
          #expect(screen.isCursorVisible && screen.cursor == (cursor.row, cursor.column), "session \(session) step \(step)")
        } else {
          #expect(!screen.isCursorVisible)
        }
        #expect(!screen.wrapped, "the writer never relies on a wrap")
      }
    }
  }

  /// Moving a selection between two rows sends those rows' text and little
  /// else: the shortest moves (none where the cursor waits at the row's
  /// start, `CR`, `CR LF`) and only the attribute that changes.
  @Test func aMoveOfTheSelectionSendsTwoRowsAndFewControls() {
    let size = Size(columns: 80, rows: 4)
    var writer = ScreenWriter(controls: .xterm, size: size, colors: true)
    func frame(selected row: Int) -> Frame {
      var frame = Frame(size: size)
      let texts = [" [ ] Task 0001 buy milk", " [ ] Task 0002 call the bank", " [ ] Task 0003 fix the bike"]
      for (index, text) in texts.enumerated() {
        frame.write(text, column: 0, row: index)
        if index == row { frame.layer(Style(reverse: true), row: index, columns: 0..<text.count) }
      }
      frame.cursor = (0, row)
      return frame
    }
    var sent: [String] = []
    for (from, to) in [(nil, 0), (0, 1), (1, 2)] {
      writer.draw(frame(selected: to).changes(since: from.map { frame(selected: $0) }))
      writer.setCursor((0, to))
      sent.append(String(decoding: writer.output, as: UTF8.self))
      writer.output = []
    }
    #expect(sent[1] == " [ ] Task 0001 buy milk\r\n\u{1B}[7m [ ] Task 0002 call the bank\r")
    #expect(sent[2] == "\u{1B}[m [ ] Task 0002 call the bank\r\n\u{1B}[7m [ ] Task 0003 fix the bike\r")
  }

  /// A page whose every row changed in the same two places moves the
  /// cursor right by the same few distances again and again: each is
  /// formatted once (a repaint of 200x60 made ~800 arrays for its moves).
  @Test func eachMoveIsFormattedOnce() {
    let formatted = Mutex(0)
    var controls = TerminalControls.xterm
    let right = controls.right!
    controls.right = { columns in
      formatted.withLock { $0 += 1 }
      return right(columns)
    }
    let size = Size(columns: 40, rows: 20)
    var writer = ScreenWriter(controls: controls, size: size, colors: false)
    var before = Frame(size: size), after = Frame(size: size)
    for row in 0..<size.rows {
      _ = before.write("a", column: 10, row: row)
      _ = before.write("b", column: 30, row: row)
    }
    writer.draw(before.changes(since: nil))
    writer.output = []
    formatted.withLock { $0 = 0 }
    for row in 0..<size.rows {
      _ = after.write("c", column: 10, row: row)
      _ = after.write("d", column: 30, row: row)
    }
    writer.draw(after.changes(since: before))
    #expect(String(decoding: writer.output, as: UTF8.self).components(separatedBy: "\u{1B}[19C").count == size.rows + 1)
    #expect(formatted.withLock { $0 } <= 3, "each distance formatted once, not each move")
  }

  /// Where writing the bottom-right cell would scroll the screen, it is
  /// left unwritten; where the cursor may not move with attributes on,
  /// they go off first.
  @Test func theCornerOfAScrollingTerminalIsLeftAndStandoutEndsBeforeAMove() {
    var controls = TerminalControls.xterm
    controls.scrollsAtBottomRight = true
    controls.movesInStandout = false
    let size = Size(columns: 4, rows: 2)
    var writer = ScreenWriter(controls: controls, size: size, colors: false)
    var frame = Frame(size: size)
    frame.write("abcd", column: 0, row: 0, style: Style(reverse: true))
    frame.write("efgh", column: 0, row: 1, style: Style(reverse: true))
    writer.output = []
    writer.draw(frame.changes(since: nil))
    let sent = String(decoding: writer.output, as: UTF8.self)
    #expect(sent == "\u{1B}[1;1H\u{1B}[7mabcd\u{1B}[m\u{1B}[2;1H\u{1B}[7mefg")
  }
}

/// One `Frame.write` of a random session.
private struct Write {
  var text: String
  var column: Int
  var row: Int
  var style: Style

  static let texts = ["abc", "牛乳", "🍣", "👍🏽", "👨‍👩‍👧 ok", "e\u{301}", "x", "   ", "🇯🇵", "ｱA", "hello world"]

  static func random(_ size: Size, using random: inout SplitMix64) -> Write {
    Write(
      text: texts.randomElement(using: &random)!,
      column: Int.random(in: 0..<size.columns, using: &random),
      row: Int.random(in: 0..<size.rows, using: &random),
      style: Style(
        bold: Bool.random(using: &random), dim: Int.random(in: 0..<4, using: &random) == 0,
        italic: Int.random(in: 0..<4, using: &random) == 0, reverse: Bool.random(using: &random),
        underline: Int.random(in: 0..<4, using: &random) == 0,
        foreground: Bool.random(using: &random) ? Style.Color.allCases.randomElement(using: &random) : nil
      )
    )
  }
}

/// The part of xterm the writer speaks: cursor moves, SGR attributes and
/// colours, cursor visibility, UTF-8 text drawn by `DisplayWidth`.
private struct Xterm {
  var screen: Frame
  var cursor = (row: 0, column: 0)
  var isCursorVisible = true
  /// Text reached past the right edge (a terminal would wrap).
  var wrapped = false
  private var atRightEdge = false
  private var pen = Style.plain

  init(size: Size) {
    screen = Frame(size: size)
  }

  /// Where the screen does not show `frame` (the same drawn graphemes,
  /// widths and looks), as "column,row"; nil where it does.
  func difference(from frame: Frame, colors: Bool) -> String? {
    for row in 0..<frame.size.rows {
      for column in 0..<frame.size.columns {
        let wanted = frame[column, row]
        let shown = screen[column, row]
        guard wanted.width > 0 else {
          if shown.width != 0 { return "\(column),\(row): a wide grapheme's second column" }
          continue
        }
        var style = wanted.style
        style.background = nil
        if !colors { style.foreground = nil }
        guard wanted.width == shown.width, style == shown.style,
          String(DisplayWidth.drawn(frame.grapheme(column: column, row: row)))
            == String(screen.grapheme(column: column, row: row))
        else { return "\(column),\(row): \(shown) for \(wanted)" }
      }
    }
    return nil
  }

  mutating func feed(_ bytes: [UInt8]) {
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      for character in String(decoding: text, as: UTF8.self) { put(character) }
      text = []
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        flushText()
        index += 1
        if bytes[index] == UInt8(ascii: "(") {
          index += 2
          continue
        }
        precondition(bytes[index] == UInt8(ascii: "["))
        index += 1
        var parameters: [UInt8] = []
        while !(0x40...0x7E).contains(bytes[index]) {
          parameters.append(bytes[index])
          index += 1
        }
        control(String(decoding: parameters, as: UTF8.self), final: bytes[index])
        index += 1
      case 0x08:
        flushText()
        moveTo(cursor.row, cursor.column - 1)
        index += 1
      case 0x0D:
        flushText()
        moveTo(cursor.row, 0)
        index += 1
      case 0x0A:
        flushText()
        moveTo(cursor.row + 1, cursor.column)
        index += 1
      default:
        text.append(byte)
        index += 1
      }
    }
    flushText()
  }

  private mutating func put(_ character: Character) {
    let width = DisplayWidth.of(character)
    if atRightEdge || cursor.column + width > screen.size.columns { wrapped = true }
    screen.write(String(character), column: cursor.column, row: cursor.row, style: pen)
    if cursor.column + width >= screen.size.columns {
      cursor.column = screen.size.columns - 1
      atRightEdge = true
    } else {
      cursor.column += width
    }
  }

  private mutating func moveTo(_ row: Int, _ column: Int) {
    cursor = (min(max(row, 0), screen.size.rows - 1), min(max(column, 0), screen.size.columns - 1))
    atRightEdge = false
  }

  private mutating func control(_ parameters: String, final: UInt8) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    switch final {
    case UInt8(ascii: "H"): moveTo(numbers[0] - 1, numbers[1] - 1)
    case UInt8(ascii: "C"): moveTo(cursor.row, cursor.column + numbers[0])
    case UInt8(ascii: "D"): moveTo(cursor.row, cursor.column - numbers[0])
    case UInt8(ascii: "h") where parameters == "?25": isCursorVisible = true
    case UInt8(ascii: "l") where parameters == "?25": isCursorVisible = false
    case UInt8(ascii: "h"), UInt8(ascii: "l"): break
    case UInt8(ascii: "m"):
      for number in numbers {
        switch number {
        case 0: pen = .plain
        case 1: pen.bold = true
        case 2: pen.dim = true
        case 3: pen.italic = true
        case 4: pen.underline = true
        case 7: pen.reverse = true
        case 30...37: pen.foreground = Style.Color.allCases[number - 30]
        case 39: pen.foreground = nil
        case 49: break
        default: Issue.record("an SGR this terminal does not know: \(number)")
        }
      }
    default: Issue.record("a control this terminal does not know: \(parameters)\(Character(Unicode.Scalar(final)))")
    }
  }
}
