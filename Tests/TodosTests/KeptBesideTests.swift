import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// An outside change's merged list comes back from the I/O queue with what
/// the door keeps beside it worked out there (`KeptBeside`): taken, it is
/// exactly what the door works out from the whole list; made for other
/// kept orders, it is not taken.
struct KeptBesideTests {
  static func list(_ texts: [String], from first: Int) -> IdentifiedArrayOf<Todo.State> {
    IdentifiedArray(uniqueElements: texts.enumerated().map { TodoTxt.parse($1[...], id: id(first + $0)) })
  }

  @Test func takenItIsWhatTheDoorWorksOut() {
    var state = ListFeature.State(todos: Self.list(["(A) a due:2026-01-02", "b id:1", "c p:1", "x 2025-12-01 d"], from: 100))
    for order in [ListOrder.priority, .agenda, .manual] { state.order = order }
    state.lineGrams = LineGrams(state.todos)
    let merged = Self.list(["(B) e t:2027-01-01", "f h:1 p:2", "g id:2 due:2025-12-30", "b id:1", "c p:1"], from: 200)
    let kept = KeptBeside(merged, ordersLike: state.orders, lineGrams: true)

    var taken = state, workedOut = state
    taken.todos = merged
    let isTaken = taken.take(kept)
    #expect(isTaken)
    workedOut.todos = merged
    workedOut.followWhole()
    #expect(taken.dependencies == workedOut.dependencies)
    #expect(taken.activeTodos == workedOut.activeTodos)
    #expect(taken.orders == workedOut.orders)
    #expect(taken.activeCount == workedOut.activeCount)
    #expect(taken.lineGrams == LineGrams(merged))
    #expect(workedOut.lineGrams == nil, "let go by the door, to be worked out again off the main queue")

    // An order shown meanwhile (kept now, not when the merge was made): worked out again.
    var moved = state
    moved.order = .dueDate
    moved.todos = merged
    let isMovedTaken = moved.take(kept)
    #expect(!isMovedTaken)

    // Runs of bytes worked out meanwhile (the first search): the merge is
    // taken all the same, without them (nothing on the main queue works
    // them out).
    var searched = state
    searched.todos = merged
    let isSearchedTaken = searched.take(KeptBeside(merged, ordersLike: state.orders, lineGrams: false))
    #expect(isSearchedTaken)
    #expect(searched.lineGrams == nil)
  }
}
