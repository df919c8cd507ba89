import Glibc
import NcursesTerminal
import Terminal
import Todos

/// `yaru doctor`'s terminal lines: TERM, the locale, the size and colours,
/// whether synchronized output is answered, and whether the terminal draws
/// wide characters as wide as yaru thinks (asked, not assumed).
enum DoctorTerminal {
  static func check(into report: inout DoctorReport) {
    let term = getenv("TERM").map { String(cString: $0) }
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    if codeset != "UTF-8" {
      report.problem("locale", "the character set is \(codeset), not UTF-8: set LANG (e.g. LANG=C.UTF-8) or Japanese and emoji show wrong")
    } else {
      report.add("locale", "UTF-8")
    }
    guard let probe = TerminalProbe.run(term: term) else {
      report.add("terminal", "none (no /dev/tty): the list needs a terminal; the shell's commands do not")
      return
    }
    let colorTerm = getenv("COLORTERM").map { ", COLORTERM=\(String(cString: $0))" } ?? ""
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } == true ? ", NO_COLOR set" : ""
    let size = probe.size.map { "\($0.columns)x\($0.rows)" } ?? "size unknown"
    switch (term, probe.colors) {
    case (nil, _):
      report.problem("terminal", "TERM is not set: yaru cannot start the list without it (\(size))")
    case (let term?, nil):
      report.problem("terminal", "TERM=\(term) has no terminfo entry: install ncurses-term or set TERM=xterm-256color (\(size))")
    case (let term?, let colors?):
      report.add("terminal", "TERM=\(term)\(colorTerm)\(noColor), \(size), \(colors < 0 ? 0 : colors) colours")
    }
    if let size = probe.size, size.columns < AppView.minimumSize.columns || size.rows < AppView.minimumSize.rows {
      report.problem("size", "\(size.columns)x\(size.rows) is smaller than the \(AppView.minimumSize.columns)x\(AppView.minimumSize.rows) the list needs")
    }
    guard let answered = probe.answersSynchronizedOutput else {
      report.add("answers", "the terminal answered no query within 0.3 s: synchronized output and widths not checked")
      return
    }
    report.add("sync out", answered ? "answered: frames are shown whole" : "not answered: frames are drawn as they come (may flicker)")
    let measured = probe.widths.map { sample in
      "\(sample.character) \(sample.yaru)" + (sample.terminal.map { $0 == sample.yaru ? "" : "≠\($0)" } ?? "?")
    }
    let differing = probe.widths.filter { sample in sample.terminal.map { $0 != sample.yaru } ?? false }
    if differing.isEmpty {
      report.add("widths", measured.joined(separator: "  ") + " (as yaru thinks)")
    } else {
      report.problem("widths", measured.joined(separator: "  ") + ": the terminal draws "
        + differing.map { "\($0.character) \($0.terminal ?? 0) wide, not \($0.yaru)" }.joined(separator: ", ")
        + " — rows holding them will be misdrawn")
    }
  }
}
