import Terminal
import TodoModel

/// The row under the line being typed while Tab goes through candidates:
/// each name, the one in the line drawn reversed, as many as fit.
enum CompletionHint {
  static func draw(_ state: AppReducer.State, on frame: inout Frame) {
    guard let completion = state.editor?.completion, let row = row(state, in: frame.size) else { return }
    frame.write(String(repeating: " ", count: frame.size.columns), column: 0, row: row)
    var x = 1
    for (index, name) in completion.candidates.enumerated() {
      let room = frame.size.columns - 1 - x
      let isLast = index == completion.candidates.count - 1
      // A name that does not fit whole, with room kept for the `…` of those after it, is left out.
      guard DisplayWidth.of(name) <= room - (isLast ? 0 : 2) else {
        frame.write("…", column: x, row: row, style: Style(dim: true))
        return
      }
      let end = frame.write(name, column: x, row: row, style: index == completion.shown ? Style(reverse: true) : Style(dim: true))
      x = end + 2
    }
  }

  /// Under the todo being edited; under the status line's prompt or search (the footer's row).
  private static func row(_ state: AppReducer.State, in size: Size) -> Int? {
    guard case .editing(let editing) = state.mode else { return size.rows - 1 }
    let shown = state.list.screenTodos(count: AppView.listRows(in: size))
    return shown.firstIndex { $0.id == editing.id }.map { $0 + 2 }
  }
}
