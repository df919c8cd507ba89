import ArgumentParser
import FoundationEssentials
import Glibc
import NcursesTerminal
import TodoModel
import TodoStorage
import Todos

/// `yaru doctor`: what a bug report needs, in one block to paste — the
/// version, the terminal as it answers, the todo file as its bytes are,
/// the config, the state and history, sync. Reads only: it writes nothing
/// and takes no lock. Status 1 when something needs attention (each such
/// line starts with `!` and says what to do), 0 when all is well.
struct DoctorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check the terminal, the todo file, the config and sync; print a block to paste into a bug report (status 1 when something needs attention)."
  )

  @Option(name: .long, help: "The todo file (default: as yaru finds it; the report says by which rule).")
  var file: String?
  @OptionGroup var config: ConfigOption

  func run() throws {
    var report = DoctorReport()
    report.add("version", "\(Version.line), \(Self.system())")
    let settings: Config
    switch ConfigFile.read(config.config) {
    case .success(let read):
      settings = read
      let path = config.config ?? ConfigFile.defaultPath(.process)
      report.add("config", access(path, F_OK) == 0 ? "\(path): valid" : "none at \(path) (the defaults)")
    case .failure(let problem):
      settings = Config()
      report.problem("config", "\(problem.message) — until it is fixed yaru does not start")
    }
    DoctorTerminal.check(into: &report)
    let (path, rule) = TodoFilePath.resolveNamingRule(file, config: settings)
    DoctorFiles.check(path, rule: rule, settings: settings, into: &report)
    print(report.text, terminator: "")
    if report.needsAttention { throw ExitCode(1) }
  }

  /// `Linux 6.1.0 x86_64`.
  static func system() -> String {
    var names = utsname()
    uname(&names)
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
  }
}

/// The report's lines: a name, what was found, and whether it needs the
/// user's attention.
struct DoctorReport {
  private var lines: [(name: String, text: String, isProblem: Bool)] = []

  mutating func add(_ name: String, _ text: String) { lines.append((name, text, false)) }
  mutating func problem(_ name: String, _ text: String) { lines.append((name, text, true)) }

  var needsAttention: Bool { lines.contains { $0.isProblem } }

  var text: String {
    let problems = lines.filter(\.isProblem).count
    var out = "yaru doctor — paste this block into a bug report\n"
    for line in lines {
      out += (line.isProblem ? "! " : "  ") + line.name.padding(11) + VisibleText.printed(line.text) + "\n"
    }
    out += problems == 0
      ? "All is well.\n"
      : "\(problems) thing\(problems == 1 ? " needs" : "s need") attention (the lines marked !).\n"
    return out
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
