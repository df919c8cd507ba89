import CNcursesw
import Glibc
import Terminal

/// What `yaru doctor` asks the terminal it runs in: its size and colours
/// (terminfo), whether it answers the synchronized-output query, and how
/// wide it draws characters whose width terminals disagree on — found by
/// writing each and asking where the cursor went. Talks to `/dev/tty`, so
/// the report itself can go to a pipe.
public struct TerminalProbe: Sendable {
  public var term: String?
  public var size: (columns: Int, rows: Int)?
  /// terminfo's `colors`; nil when TERM has no terminfo entry.
  public var colors: Int?
  /// nil: no answer at all (the terminal answered no query in time).
  public var answersSynchronizedOutput: Bool?
  /// Each sample character with the width yaru gives it and the width the
  /// terminal drew it (nil when the terminal did not say).
  public var widths: [(character: String, yaru: Int, terminal: Int?)] = []

  /// Characters whose width differs between terminals and Unicode versions:
  /// a kana, an emoji, a flag, a family joined by ZWJ, an emoji made so by VS16.
  public static let samples = ["あ", "👍", "🇯🇵", "👨‍👩‍👧", "❤️"]

  /// The terminal's answers, or nil when there is no terminal to ask.
  public static func run(term: String?, timeout: Int32 = 300) -> TerminalProbe? {
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard tty >= 0 else { return nil }
    defer { close(tty) }
    var probe = TerminalProbe(term: term)
    var rows: Int32 = 0, columns: Int32 = 0
    if yaru_window_size(tty, &rows, &columns) == 0 { probe.size = (Int(columns), Int(rows)) }
    if term != nil {
      let colors = yaru_terminfo_colors(tty)
      probe.colors = colors < 0 ? nil : Int(colors)
    }
    var saved = termios()
    guard tcgetattr(tty, &saved) == 0 else { return probe }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    tcsetattr(tty, TCSANOW, &raw)
    defer { tcsetattr(tty, TCSANOW, &saved) }

    // Primary device attributes (`ESC [ c`) after the query: every terminal
    // answers those, so their reply ends the wait for the other.
    let reply = ask(tty, "\u{1B}[?2026$p\u{1B}[c", until: "c", timeout: timeout)
    if reply.contains("c") {
      probe.answersSynchronizedOutput = reply.contains("[?2026;") && !reply.contains("[?2026;0$y")
      for sample in samples {
        let position = ask(tty, "\r" + sample + "\u{1B}[6n", until: "R", timeout: timeout)
        probe.widths.append((sample, DisplayWidth.of(sample), column(in: position).map { $0 - 1 }))
      }
      write(tty, "\r\u{1B}[K", 4)
    }
    return probe
  }

  /// Writes `query` and reads the reply until `end` (or the time runs out).
  private static func ask(_ tty: Int32, _ query: String, until end: Character, timeout: Int32) -> String {
    var query = query
    query.withUTF8 { _ = write(tty, $0.baseAddress, $0.count) }
    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    var waiting = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
    while poll(&waiting, 1, timeout) > 0 {
      let count = read(tty, &buffer, buffer.count)
      guard count > 0 else { break }
      reply += buffer[..<count]
      if reply.last == end.asciiValue { break }
    }
    return String(decoding: reply, as: UTF8.self)
  }

  /// The column of a cursor position report, `ESC [ row ; column R`.
  private static func column(in reply: String) -> Int? {
    guard let start = reply.lastIndex(of: ";"), let end = reply.lastIndex(of: "R"), start < end else { return nil }
    return Int(reply[reply.index(after: start)..<end])
  }
}
