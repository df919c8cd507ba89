import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel
@testable import Todos

/// Every scan of the list is one walk (`forEachVisible`), which takes
/// short cuts (the groups read in turn, a start in the middle). Here it is
/// held to the rule stated plainly: the visible todos in the screen's
/// order, from the start on (or back from it), as far as the caller reads,
/// over lists of hundreds of todos, sorted or not, searched, with todos
/// toggled since the last sink.
struct VisibleWalkPropertyTests {
  @Test(arguments: 0..<12)
  func theWalkVisitsTheVisibleTodosInTheScreensOrder(seed: UInt64) {
    var generator = SplitMix64(state: 20_261_129 &+ seed)
    let count = Int.random(in: 0...300, using: &generator)
    let todos = IdentifiedArray(uniqueElements: (0..<count).map { n in
      let isComplete = Int.random(in: 0..<3, using: &generator) > 0
      let word = ["milk", "bread", "tea"].randomElement(using: &generator)!
      return Todo.State(
        id: UUID(number: 1_000 + n), text: "todo \(n) \(word)", isComplete: isComplete,
        priority: isComplete ? nil : ["A", "B", nil].randomElement(using: &generator)!
      )
    })
    var list = ListFeature.State(todos: todos)
    list.order = [ListOrder.manual, .priority].randomElement(using: &generator)!
    list.shown.query = ["", "milk", "-tea", "tea"].randomElement(using: &generator)!
    // Toggled since the last sink: shown in the group they were in.
    list.unsunk = IDSet(todos.ids.filter { _ in Int.random(in: 0..<8, using: &generator) == 0 })

    let visible = todos.indices.filter { list.isVisible(todos[$0]) }.sorted { list.position(of: $0) < list.position(of: $1) }
    let starts = [ListPosition.start, list.endPosition] + (0..<count).map { list.position(of: $0) }
    for start in starts {
      for backward in [false, true] {
        let expected = backward
          ? visible.reversed().filter { list.position(of: $0) <= start }
          : visible.filter { list.position(of: $0) >= start }
        for limit in [1, 2, 31, 33, 40, count + 1] {
          let walked = list.visibleIndices(from: start, backward: backward, limit: limit)
          #expect(walked == Array(expected.prefix(limit)), "seed \(seed), from \(start), backward \(backward), limit \(limit)")
        }
      }
    }
  }
}
