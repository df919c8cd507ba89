/// Turns state snapshots into what the terminal shows, doing as little as it
/// can: an equal state does no work at all, and otherwise only the cells that
/// changed since the last frame reach the backend.
@MainActor
public final class Renderer<State: Equatable> {
  private let backend: any TerminalBackend
  private let view: (State, Size) -> Frame
  private var last: (state: State, frame: Frame)?

  public init(backend: any TerminalBackend, view: @escaping (State, Size) -> Frame) {
    self.backend = backend
    self.view = view
  }

  /// The frame on screen now.
  public var frame: Frame? { last?.frame }

  public func render(_ state: State) {
    let size = backend.size
    if let last, last.frame.size == size, last.state == state { return }
    let frame = view(state, size)
    let runs = frame.changes(since: last?.frame)
    if !runs.isEmpty { backend.draw(runs) }
    if frame.cursor.map({ [$0.column, $0.row] }) != last?.frame.cursor.map({ [$0.column, $0.row] }) || !runs.isEmpty {
      backend.setCursor(frame.cursor)
    }
    backend.present()
    last = (state, frame)
  }

  /// Forgets the last frame, so the next render draws every cell (after the
  /// terminal was cleared behind our back: resize, resume from Ctrl-Z).
  public func invalidate() {
    last = nil
  }
}
