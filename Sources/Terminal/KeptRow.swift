import Synchronization

/// A row's cells kept to be put back in later frames as wide (a view's memo
/// of rows that did not change: `Frame.keep(row:)`, `Frame.copy(_:toRow:)`),
/// shared with the frames it is put in until one of them writes to it.
/// Each has an id no other kept row has had in this process, so that the
/// frame diff knows a row that is the same copy in two frames is the same
/// without comparing its cells.
public struct KeptRow: Equatable, Sendable {
  public let cells: Cells
  let id: Int64

  private static let lastID = Atomic<Int64>(0)

  static func newID() -> Int64 {
    lastID.add(1, ordering: .relaxed).newValue
  }
}
