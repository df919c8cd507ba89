import CBuildInfo

/// What `yaru --version` prints, and what `make dist`/`make deb` name the
/// release by (the Makefile reads `number` from this file).
enum Version {
  static let number = "0.3.0"

  /// The commit the binary was built from (the Makefile passes `git describe`).
  static var commit: String { String(cString: yaru_build_commit()) }

  static var line: String { "yaru \(number) (commit \(commit))" }
}
