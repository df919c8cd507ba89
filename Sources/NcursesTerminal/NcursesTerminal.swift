import CNcursesw
import Glibc
import Terminal

/// Why the terminal cannot be used; said in one line on stderr, exit status 2.
public enum TerminalError: Error, CustomStringConvertible {
  case notATerminal
  case unusableTerminal(String)
  /// The terminal type cannot place the cursor (`TERM=dumb`): no screen can be drawn.
  case cannotMoveCursor(String)

  public var description: String {
    switch self {
    case .notATerminal:
      "yaru: standard input and output must be a terminal (for scripts use `yaru ls`, `yaru add` or `yaru replay`)"
    case .unusableTerminal(let name):
      "yaru: cannot use the terminal type '\(name)' (set TERM to one this system knows, e.g. xterm-256color)"
    case .cannotMoveCursor(let name):
      "yaru: the terminal type '\(name)' cannot move the cursor, so no list can be drawn (try TERM=xterm-256color)"
    }
  }
}

/// The ncursesw backend: sets the terminal up for a full-screen app, draws
/// cell runs, reads keys, and puts everything back on every way out.
@MainActor
public final class NcursesTerminal: TerminalBackend {
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private let usesColor: Bool
  private var isStopped = false
  /// Keys come from fd 0 through our own decoder, not curses' keypad: it
  /// knows normal-mode cursor keys (as after `fg`), Alt keys and pastes.
  private var decoder = InputDecoder()
  /// Where each read of fd 0 lands (one buffer for the session, not one per key).
  private var readBuffer = [UInt8](repeating: 0, count: 4_096)
  /// Whether fd 0 reached its end or failed: the terminal is gone.
  public private(set) var isClosed = false

  private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, usesColor: Bool) {
    self.screen = screen
    self.window = window
    self.usesColor = usesColor
  }

  /// Starts curses on the controlling terminal: raw keys, no echo,
  /// bracketed paste, default colours (none with NO_COLOR or `colors`
  /// false: `--no-color`; bold, dim, reverse and underline still show).
  public static func start(colors: Bool = true) throws(TerminalError) -> NcursesTerminal {
    guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
    setlocale(LC_ALL, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    let name = getenv("TERM").map { String(cString: $0) } ?? ""
    guard !name.isEmpty, let output = fdopen(1, "w"), let input = fdopen(0, "r"),
          let screen = newterm(nil, output, input)
    else { throw .unusableTerminal(name) }
    set_term(screen)
    // Without cursor addressing ncurses draws a garbled line; say why instead.
    let cursorAddress = tigetstr("cup")
    if cursorAddress == nil || Int(bitPattern: cursorAddress) == -1 {
      endwin()
      delscreen(screen)
      throw .cannotMoveCursor(name)
    }
    let window = newwin(0, 0, 0, 0)!
    raw()
    noecho()
    nonl()
    // Until its first endwin(), ncurses 6.4 flushes its output after every
    // cursor move (it cannot tell itself from a low-level terminfo user), so
    // a frame left in one write() per changed row. One endwin() now, undone
    // by the refresh right after, makes every frame one write().
    endwin()
    doupdate()
    Self.setInputModes(true)
    Self.write(Self.askForSynchronizedOutput)
    // No polling for waiting keys in the middle of a refresh (two system
    // calls each): our frames are small enough to finish.
    typeahead(-1)
    curs_set(0)
    var usesColor = false
    if colors, has_colors(), getenv("NO_COLOR").map({ $0.pointee == 0 }) ?? true, start_color() != ERR {
      use_default_colors()
      for (index, _) in Style.Color.allCases.enumerated() {
        init_pair(Int16(index + 1), Int16(index), -1)
      }
      usesColor = true
    }
    return NcursesTerminal(screen: screen, window: window, usesColor: usesColor)
  }

  public var size: Size {
    Size(columns: Int(getmaxx(window)), rows: Int(getmaxy(window)))
  }

  public func draw(_ runs: [CellRun]) {
    for run in runs {
      var column = run.column
      var start = 0
      // One call per stretch of equally styled cells.
      while start < run.cells.count {
        let style = run.cells[start].style
        var end = start
        var bytes: [UInt8] = []
        while end < run.cells.count, run.cells[end].style == style {
          run.cells.appendDrawnUTF8(of: end, to: &bytes)
          end += 1
        }
        let text = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        apply(style)
        // Writing the bottom-right cell returns ERR (the cursor cannot move on); it is drawn all the same.
        _ = mvwaddnwstr(window, Int32(run.row), Int32(column), text, Int32(text.count))
        column += end - start
        start = end
      }
    }
    wattr_set(window, 0, 0, nil)
  }

  public func setCursor(_ position: (column: Int, row: Int)?) {
    if let position {
      wmove(window, Int32(position.row), Int32(position.column))
      curs_set(1)
    } else {
      curs_set(0)
    }
  }

  /// Draws what changed in one write(). A large change is wrapped in
  /// synchronized-output marks where the terminal said it knows them (DEC
  /// mode 2026), so that it shows all of the frame at once, never half.
  public func present(synchronized: Bool) {
    let marks = synchronized && decoder.supportsSynchronizedOutput
    // The opening mark goes through curses' buffer, into the frame's write;
    // the closing one after the frame, once curses has written it.
    if marks { putp(Self.beginSynchronizedFrame) }
    wrefresh(window)
    if marks { Self.write(Self.endSynchronizedFrame) }
  }

  /// Asks the terminal whether it knows synchronized output (DECRQM for
  /// mode 2026); the reply comes as input, read by the decoder. Terminals
  /// that do not know the question ignore it.
  private static let askForSynchronizedOutput = "\u{1B}[?2026$p"
  private static let beginSynchronizedFrame = "\u{1B}[?2026h"
  private static let endSynchronizedFrame = "\u{1B}[?2026l"

  /// Every key that has arrived: what one `read` of fd 0 returns (more reads
  /// only while the buffer fills), through the decoder.
  public func readKeys() -> [Key] {
    var keys: [Key] = []
    while true {
      let count = readBuffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN { break }
      guard count > 0 else {
        isClosed = true
        break
      }
      keys += decoder.feed(readBuffer[..<count])
      var more = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      guard count == readBuffer.count, poll(&more, 1, 0) == 1 else { break }
    }
    return keys
  }

  /// Whether a lone Esc (or a cut sequence) waits: call `flushKeys` after
  /// the escape delay if nothing more arrives.
  public var isHoldingKeys: Bool { decoder.isHolding }

  /// What was held once the escape delay passed: a lone Esc is Esc.
  public func flushKeys() -> [Key] {
    decoder.flush()
  }

  /// Whether a bracketed paste has started and not ended: call `endPaste`
  /// if nothing more arrives for a while (its end may never come).
  public var isPasting: Bool { decoder.isPasting }

  /// The unfinished paste's text; keys are keys again.
  public func endPaste() -> [Key] {
    decoder.endPaste()
  }

  /// Bracketed paste (a paste is never read as keys) and mouse reports
  /// (clicks and the wheel, SGR-encoded; Shift with the mouse still selects
  /// text in the terminal) on or off. Written straight to the terminal,
  /// between curses' own writes.
  private static func setInputModes(_ isOn: Bool) {
    write(isOn ? "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l")
  }

  /// Writes straight to the terminal: only between curses' own writes
  /// (after a refresh), which it never buffers across.
  private static func write(_ sequence: String) {
    _ = sequence.utf8CString.withUnsafeBufferPointer { Glibc.write(1, $0.baseAddress, $0.count - 1) }
  }

  /// Reads the new size from the kernel and tells curses; the next render
  /// must draw every cell.
  public func resize() {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard yaru_window_size(1, &rows, &columns) == 0 else { return }
    resizeterm(rows, columns)
    wresize(window, rows, columns)
    wclear(window)
  }

  /// Ctrl-Z: hands the terminal back to the shell until `fg`.
  public func suspend() {
    endwin()
    Self.setInputModes(false)
    kill(getpid(), SIGSTOP)
    // Resumed: curses restores its modes on the next refresh; paste and mouse are ours.
    Self.setInputModes(true)
    wclear(window)
    wrefresh(window)
  }

  /// Restores the terminal as it was. Safe to call more than once.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    curs_set(1)
    endwin()
    Self.setInputModes(false)
  }

  private func apply(_ style: Style) {
    var attributes: attr_t = 0
    if style.bold { attributes |= yaru_attr_bold() }
    if style.dim { attributes |= yaru_attr_dim() }
    if style.reverse { attributes |= yaru_attr_reverse() }
    if style.underline { attributes |= yaru_attr_underline() }
    if style.italic { attributes |= yaru_attr_italic() }
    var pair: Int16 = 0
    if usesColor, let color = style.foreground, let index = Style.Color.allCases.firstIndex(of: color) {
      pair = Int16(index + 1)
    }
    wattr_set(window, attributes, pair, nil)
  }
}
