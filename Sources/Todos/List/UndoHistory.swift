import FoundationEssentials
import TodoModel

/// The steps that `u` undoes and Ctrl-R redoes. Each step is the list changes
/// one user action made and the selection before and after it.
public struct UndoHistory: Equatable, Sendable {
  struct Step: Equatable, Sendable {
    var changes: [ListChange]
    var selectionBefore: UUID?
    var selectionAfter: UUID?
    /// The lines an archive appended to the done file: undo takes them
    /// back out of it, redo appends them again.
    var archived: [String]? = nil
  }

  /// Older steps are forgotten past this many.
  public static let limit = 1_000

  private(set) var undoSteps: [Step] = []
  private(set) var redoSteps: [Step] = []

  public init() {}

  public var canUndo: Bool { !undoSteps.isEmpty }
  public var canRedo: Bool { !redoSteps.isEmpty }
  public var undoDepth: Int { undoSteps.count }

  /// A new change: it can be undone, and nothing can be redone any more.
  mutating func record(_ step: Step) {
    undoSteps.append(step)
    if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
    redoSteps.removeAll()
  }

  /// The latest step, moved to the redo stack.
  mutating func popUndo() -> Step? {
    guard let step = undoSteps.popLast() else { return nil }
    redoSteps.append(step)
    return step
  }

  /// The latest undone step, moved back to the undo stack.
  mutating func popRedo() -> Step? {
    guard let step = redoSteps.popLast() else { return nil }
    undoSteps.append(step)
    return step
  }
}
