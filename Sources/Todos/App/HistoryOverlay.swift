import Terminal
import TodoModel

/// `U`: the history in place of the list, newest first — when, who, what —
/// the selected change in reverse video, scrolled to keep it in view.
enum HistoryOverlay {
  /// Rows for changes: the list's rows less the title.
  static func rows(in size: Size) -> Int { max(1, AppView.listRows(in: size) - 1) }

  static func draw(_ state: AppReducer.State, selected: Int, on frame: inout Frame) {
    let blank = String(repeating: " ", count: frame.size.columns)
    for row in 1...AppView.listRows(in: frame.size) { frame.write(blank, column: 0, row: row) }
    let theme = state.settings.theme
    frame.write("History — newest first · Enter reverts · Esc back", column: 1, row: 1, style: theme[.title])
    let records = state.list.history.log.reversed()
    guard !records.isEmpty else {
      frame.write("No changes yet", column: 1, row: 2, style: Style(dim: true))
      return
    }
    let count = rows(in: frame.size)
    let top = max(0, selected - count + 1)
    for (offset, record) in records.dropFirst(top).prefix(count).enumerated() {
      let row = 2 + offset
      let end = frame.write(line(record, at: state.utcOffset), column: 1, row: row)
      if top + offset == selected { TodoRow.select(row: row, end: end, theme: theme, on: &frame) }
    }
  }

  /// `11-24 10:02  this screen  completed "Pay rent"`.
  static func line(_ record: HistoryRecord, at offset: UTCOffset) -> String {
    let clock = WallClock(record.time, at: offset)
    return "\(clock.dateText.dropFirst(5)) \(clock.timeText())  \(record.source)  \(record.summary)"
  }
}
