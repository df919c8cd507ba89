extension WallClock {
  /// `2026-11-24`.
  public var dateText: String {
    let year = String(self.year)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day)
  }

  /// `10:02`, or `10:02:07` with `seconds`: the one way yaru writes a time
  /// (the header's 24-hour clock, `yaru log`, `U`, key scripts' `--now`).
  public func timeText(seconds: Bool = false) -> String {
    Self.timeText(hour: hour, minute: minute) + (seconds ? ":" + Self.twoDigits(second) : "")
  }

  /// `10:02`.
  public static func timeText(hour: Int, minute: Int) -> String {
    twoDigits(hour) + ":" + twoDigits(minute)
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
