import CNcursesw
import Testing
@testable import NcursesTerminal

/// Cursor moves are formatted without tiparm when the capability has the
/// usual shape; the bytes must be tiparm's, on the entries yaru meets.
/// (Serialized: terminfo keeps the loaded entry and tiparm its result in globals.)
@Suite(.serialized) struct TerminfoCapabilityTests {
  @Test(arguments: ["xterm-256color", "xterm", "vt100", "linux", "screen-256color", "tmux-256color", "rxvt-unicode-256color"])
  func movesFormattedByTemplateAreTiparmsBytes(terminal: String) {
    var error: Int32 = 0
    guard setupterm(terminal, -1, &error) == OK else { return }  // not installed here
    for name in ["cup", "cuf", "cub", "hpa", "vpa"] {
      guard let capability = Capability(name) else { continue }
      #expect(capability.hasTemplate || name == "hpa" || name == "vpa", "\(terminal) \(name)")
      for first in [-1, 0, 1, 9, 10, 99, 100, 250, 1_000, 10_009] {
        for second in [0, 7, 79, 199] {
          #expect(capability.format(first, second) == capability.formattedByTerminfo(first, second), "\(terminal) \(name) \(first) \(second)")
        }
      }
    }
  }

  /// Padding (`$<5>`, a delay for hardware terminals) is not sent as text.
  @Test func paddingIsDropped() {
    var error: Int32 = 0
    guard setupterm("vt100", -1, &error) == OK else { return }
    #expect(Capability("rev")?.bytes == Array("\u{1B}[7m".utf8))
    #expect(Capability("cup")?.format(2, 4) == Array("\u{1B}[3;5H".utf8))
  }
}
