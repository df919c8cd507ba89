#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The steps that `u` undoes and Ctrl-R redoes. Each step is the list changes
/// one user action made (a toggle and the sort it caused are one step) and
/// the selection before and after.
///
/// Two histories always compare equal: the history is checked by what undo
/// and redo do to the list, not by its insides, so reducer tests state the
/// list and the selection and never the bookkeeping.
public struct UndoHistory: Equatable, Sendable {
  struct Step: Sendable {
    var changes: [ListChange]
    var selectionBefore: UUID?
    var selectionAfter: UUID?
  }

  /// Older steps are forgotten past this many.
  public static let limit = 1_000

  private(set) var undoSteps: [Step] = []
  private(set) var redoSteps: [Step] = []

  public init() {}

  public var canUndo: Bool { !undoSteps.isEmpty }
  public var canRedo: Bool { !redoSteps.isEmpty }
  public var undoDepth: Int { undoSteps.count }

  public static func == (_: UndoHistory, _: UndoHistory) -> Bool { true }

  /// A new change: it can be undone, and nothing can be redone any more.
  mutating func record(_ step: Step) {
    undoSteps.append(step)
    if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
    redoSteps.removeAll()
  }

  /// Adds a change to the latest step: the delayed sort joins its toggle.
  mutating func appendToLatest(_ change: ListChange) {
    guard !undoSteps.isEmpty else { return }
    undoSteps[undoSteps.count - 1].changes.append(change)
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
