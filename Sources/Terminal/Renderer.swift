/// Turns state snapshots into what the terminal shows, doing as little as it
/// can: only the cells that changed since the last frame reach the backend,
/// and a frame like the last one writes nothing at all.
///
/// It keeps the last frame, never the last state: holding on to the state
/// would share the todo list's storage, and the store's next change to the
/// list would then copy all of it.
@MainActor
public final class Renderer<State> {
  private let backend: any TerminalBackend
  private let view: (State, Size) -> Frame
  /// Not checked at run time (a check ~60 instructions): only `render` and
  /// `invalidate` reach it, on the main queue.
  @exclusivity(unchecked) private var last: Frame?

  public init(backend: any TerminalBackend, view: @escaping (State, Size) -> Frame) {
    self.backend = backend
    self.view = view
  }

  public func render(_ state: State) {
    let frame = view(state, backend.size)
    let runs = frame.changes(since: last)
    let cursorMoved: Bool = switch (frame.cursor, last?.cursor) {
    case (nil, nil): false
    case let (now?, before?): now != before
    default: true
    }
    last = frame
    guard !runs.isEmpty || cursorMoved else { return }
    if !runs.isEmpty { backend.draw(runs) }
    backend.setCursor(frame.cursor)
    backend.present(synchronized: Self.rowsTouched(by: runs) >= Self.synchronizedRows)
  }

  /// How many rows `runs` change. They come row by row, in order: counted
  /// without an array and a set made for every frame.
  static func rowsTouched(by runs: [CellRun]) -> Int {
    var count = 0, row = -1
    for run in runs where run.row != row {
      count += 1
      row = run.row
    }
    return count
  }

  /// From how many changed rows a frame is shown synchronized: a move of
  /// the selection (two rows) is not; a scroll, a filter or a redraw is.
  public static var synchronizedRows: Int { 4 }

  /// Forgets the last frame, so the next render draws every cell (after the
  /// terminal was cleared behind our back: resize, resume from Ctrl-Z).
  public func invalidate() {
    last = nil
  }
}
