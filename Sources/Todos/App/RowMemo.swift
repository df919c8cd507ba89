import FoundationEssentials
import Terminal
import TodoModel

/// The list's rows as last drawn, by todo: a frame draws again only the rows
/// whose todo or look changed, and copies the others. A move down draws two
/// rows instead of the screen's twenty (a row cost ~16,000 instructions).
/// Speed only: a frame drawn with the memo is the frame drawn without it
/// (`RowMemoTests` holds it to that over random keys).
///
/// What a row's cells depend on is in two parts: what is the same for every
/// row (`Look`: a change draws them all again) and the row's own (`Key`).
/// The row being edited is never kept: its editor changes with every key.
final class RowMemo {
  struct Look: Equatable {
    let theme: Theme
    let showsHidden: Bool
    let today: Day
    let columns: Int
  }

  struct Key: Equatable {
    let todo: Todo.State
    let selected: Bool
    let marked: Bool
    let blocked: Bool
  }

  private var look: Look?
  private var rows: [UUID: (key: Key, cells: KeptRow)] = [:]
  private var drawn: [UUID: (key: Key, cells: KeptRow)] = [:]

  /// A frame begins: rows kept for another look are let go.
  func begin(_ look: Look) {
    if look != self.look {
      rows.removeAll(keepingCapacity: true)
      self.look = look
    }
    drawn.removeAll(keepingCapacity: true)
  }

  /// The row of `todo` at `row`: copied if it was drawn with `key`, else
  /// drawn by `draw` and kept.
  func row(_ row: Int, of todo: UUID, key: Key, on frame: inout Frame, draw: (inout Frame) -> Void) {
    if let kept = rows[todo], kept.key == key {
      frame.copy(kept.cells, toRow: row)
      drawn[todo] = kept
    } else {
      draw(&frame)
      drawn[todo] = (key, frame.keep(row: row))
    }
  }

  /// The frame's rows are drawn: only they are kept for the next. (The
  /// two tables trade places, so neither is allocated again each frame.)
  func end() {
    swap(&rows, &drawn)
    drawn.removeAll(keepingCapacity: true)
  }
}
