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

/// The terminal backend: sets the terminal up for a full-screen app (raw
/// keys, the alternate screen), draws cell runs with the sequences its
/// terminfo entry gives (through ncurses' terminfo layer, not its screen
/// updates: the renderer already knows what changed), reads keys, and puts
/// everything back on every way out.
@MainActor
public final class NcursesTerminal: TerminalBackend {
  /// Not checked at run time (written several times a frame, each check
  /// ~60 instructions): only this class's methods reach it, on the main
  /// queue, and none while another has it.
  @exclusivity(unchecked) private var writer: ScreenWriter
  /// The terminal's modes before yaru changed them, put back on the way out.
  private let savedModes: termios
  private let enter: [UInt8]
  private let leave: [UInt8]
  /// `enter`, until the next frame takes it into its write: the terminal
  /// (and a start's first byte) then wakes once, for a whole screen, not
  /// first for the modes while the list still loads.
  private var unsent: [UInt8] = []
  private var isStopped = false
  /// Keys come from fd 0 through our own decoder: it knows normal-mode
  /// cursor keys (as after `fg`), Alt keys and pastes.
  private var decoder = InputDecoder()
  /// Where each read of fd 0 lands (one buffer for the session, not one per key).
  private var readBuffer = [UInt8](repeating: 0, count: 4_096)
  /// Whether fd 0 reached its end or failed: the terminal is gone.
  public private(set) var isClosed = false

  private init(writer: ScreenWriter, savedModes: termios, enter: [UInt8], leave: [UInt8]) {
    self.writer = writer
    self.savedModes = savedModes
    self.enter = enter
    self.leave = leave
  }

  /// Starts on the controlling terminal: raw keys, no echo, the alternate
  /// screen, bracketed paste and mouse reports, default colours (none with
  /// NO_COLOR or `colors` false: `--no-color`; bold, dim, reverse and
  /// underline still show).
  public static func start(colors: Bool = true) throws(TerminalError) -> NcursesTerminal {
    guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
    let name = getenv("TERM").map { String(cString: $0) } ?? ""
    var error: Int32 = 0
    guard !name.isEmpty, setupterm(name, 1, &error) == OK else { throw .unusableTerminal(name) }
    // Without cursor addressing no list can be drawn; say why instead.
    guard let controls = TerminalControls.terminfo() else { throw .cannotMoveCursor(name) }
    var savedModes = termios()
    guard tcgetattr(0, &savedModes) == 0 else { throw .notATerminal }
    let usesColor = colors && getenv("NO_COLOR").map({ $0.pointee == 0 }) ?? true
    let enter = (Capability("smcup")?.bytes ?? []) + Array(askForSynchronizedOutput.utf8) + inputModes(true)
    let leave = inputModes(false) + controls.fullReset + (controls.showCursor ?? []) + (Capability("rmcup")?.bytes ?? [])
    let terminal = NcursesTerminal(
      writer: ScreenWriter(controls: controls, size: windowSize() ?? Size(columns: 80, rows: 24), colors: usesColor),
      savedModes: savedModes, enter: enter, leave: leave
    )
    terminal.takeOver()
    return terminal
  }

  public var size: Size { writer.size }

  public func draw(_ runs: [CellRun]) {
    writer.draw(runs)
  }

  public func setCursor(_ position: (column: Int, row: Int)?) {
    writer.setCursor(position)
  }

  /// Sends the frame in one write(). A large change is wrapped in
  /// synchronized-output marks where the terminal said it knows them (DEC
  /// mode 2026), so that it shows all of the frame at once, never half.
  public func present(synchronized: Bool) {
    if synchronized && decoder.supportsSynchronizedOutput {
      Self.write(unsent + Array(Self.beginSynchronizedFrame.utf8) + writer.output + Array(Self.endSynchronizedFrame.utf8))
      unsent = []
    } else if unsent.isEmpty {
      Self.write(writer.output)
    } else {
      Self.write(unsent + writer.output)
      unsent = []
    }
    writer.output.removeAll(keepingCapacity: true)
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
  /// text in the terminal) on or off.
  private static func inputModes(_ isOn: Bool) -> [UInt8] {
    Array((isOn ? "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l").utf8)
  }

  /// Raw keys (no line editing, no echo, no signals from Ctrl-C or Ctrl-Z,
  /// no flow control, Enter as CR), LF sent as it is (the writer sends its
  /// own CR: the kernel's would be a byte more on every row change), the
  /// alternate screen, our input modes; the next frame draws every cell.
  private func takeOver() {
    var modes = savedModes
    modes.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    modes.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    modes.c_oflag &= ~tcflag_t(ONLCR)
    modes.c_cflag = (modes.c_cflag & ~tcflag_t(CSIZE | PARENB)) | tcflag_t(CS8)
    withUnsafeMutableBytes(of: &modes.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSADRAIN, &modes)
    unsent = enter
    writer.forget(size: writer.size)
  }

  /// Everything as it was before `takeOver`. Nothing to undo on the screen
  /// when no frame was sent.
  private func handBack() {
    if unsent.isEmpty {
      Self.write(leave)
    }
    unsent = []
    writer.output.removeAll(keepingCapacity: true)
    var modes = savedModes
    tcsetattr(0, TCSADRAIN, &modes)
  }

  /// Writes all of `bytes` to the terminal, however many write() it takes.
  private static func write(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + written, $0.count - written) }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN {
        // A terminal left non-blocking by another program: wait until it takes more.
        var writable = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
        _ = poll(&writable, 1, 1_000)
        continue
      }
      guard count > 0 else { return }  // the terminal is gone: the read side will say so
      written += count
    }
  }

  /// The size from the kernel.
  private static func windowSize() -> Size? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard yaru_window_size(1, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
    return Size(columns: Int(columns), rows: Int(rows))
  }

  /// Whether the kernel's size is not the one the terminal was started at
  /// or last resized to: a resize came before anyone listened for it.
  public var missedAResize: Bool {
    Self.windowSize().map { $0 != writer.size } ?? false
  }

  /// Reads the new size from the kernel; the next render must draw every cell.
  public func resize() {
    writer.forget(size: Self.windowSize() ?? writer.size)
  }

  /// Ctrl-Z: hands the terminal back to the shell until `fg`.
  public func suspend() {
    handBack()
    kill(getpid(), SIGSTOP)
    // Resumed: the shell may have changed modes and screen; take them again.
    takeOver()
  }

  /// Restores the terminal as it was. Safe to call more than once.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    handBack()
  }
}
