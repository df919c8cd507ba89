import FoundationEssentials
import Terminal
import TodoModel

/// Writes a session as a key script while it happens (`yaru --record`):
/// printable runs as `type` lines, pastes as `paste` lines, other keys as `press` lines, pauses of
/// 100 ms or more as `wait` lines, resizes as `resize` lines, so that
/// `yaru replay` reproduces what the person saw.
public struct KeyRecorder {
  public static let shortestPause: Duration = .milliseconds(100)

  private var typed = ""
  /// Whether `typed` is text (a line being typed), which redacting replaces.
  private var typedIsText = false
  private var lastEvent: Date?
  private var lastSize: Size?
  private let write: (String) -> Void
  /// `--redact`: the words typed and pasted are replaced (Redaction.swift).
  public let redacting: Bool

  /// `write` receives whole lines (with their line break) as soon as they
  /// are known; `replay` is how the header says to run the script.
  public init(redacting: Bool = false, replay: String = "yaru replay FILE", write: @escaping (String) -> Void) {
    self.write = write
    self.redacting = redacting
    write("# recorded by yaru --record\(redacting ? " --redact" : ""); replay with: \(replay)\n")
  }

  /// - Parameter isText: the key is typed into a line (not a command);
  ///   only such keys, and pastes, are redacted.
  public mutating func record(_ key: Key, at time: Date, isText: Bool = false) {
    pause(until: time)
    if case .character(let character) = key {
      if isText != typedIsText { flushTyped() }
      typedIsText = isText
      typed.append(character)
    } else {
      flushTyped()
      write(line(for: key) + "\n")
    }
  }

  /// The script line that replays a key other than a typed character.
  func line(for key: Key) -> String {
    switch key {
    case .paste(let text):
      "paste \(ReplayScript.escapingPaste(redacting ? text.split(separator: "\n", omittingEmptySubsequences: false).map { Redaction.line(String($0)) }.joined(separator: "\n") : text))"
    case .click(let column, let row): "click \(column + 1) \(row + 1)"
    case .wheelUp: "wheel up"
    case .wheelDown: "wheel down"
    default: "press \(key.name)"
    }
  }

  /// A new terminal size (the same size again, as curses may report it twice, is skipped).
  public mutating func recordResize(to size: Size, at time: Date) {
    guard size != lastSize else { return }
    lastSize = size
    pause(until: time)
    flushTyped()
    write("resize \(size.columns)x\(size.rows)\n")
  }

  /// Writes what is still pending (a run of typed characters).
  public mutating func finish() {
    flushTyped()
  }

  private mutating func pause(until time: Date) {
    defer { lastEvent = time }
    guard let last = lastEvent else { return }
    let milliseconds = Int(((time.timeIntervalSince(last)) * 1_000).rounded())
    guard Duration.milliseconds(milliseconds) >= Self.shortestPause else { return }
    flushTyped()
    write("wait \(milliseconds)ms\n")
  }

  private mutating func flushTyped() {
    guard !typed.isEmpty else { return }
    write("type \(redacting && typedIsText ? Redaction.line(typed) : typed)\n")
    typed = ""
  }
}
