import Foundation
import Testing
import TodoModel
@testable import Todos

/// `IDSet` is a set, whether it keeps its ids in an array (few) or in a
/// hash set (more than `IDSet.fewest`): checked against `Set` over random
/// inserts and removals that cross from one to the other and back.
struct IDSetTests {
  @Test func behavesAsASetOnEitherSideOfTheSwitch() {
    var generator = SplitMix64(state: 20_261_130)
    for _ in 0..<50 {
      var ids = IDSet(), reference = Set<UUID>()
      for _ in 0..<200 {
        let n = Int.random(in: 0..<(3 * IDSet.fewest), using: &generator)
        if Int.random(in: 0..<10, using: &generator) == 0 {
          // Several at once: each id in the set goes, each not in it comes.
          let flipped = (0..<Int.random(in: 0...(2 * IDSet.fewest), using: &generator)).map { _ in
            id(Int.random(in: 0..<(3 * IDSet.fewest), using: &generator))
          }
          ids.toggle(flipped)
          for id in flipped where reference.remove(id) == nil { reference.insert(id) }
        } else if Bool.random(using: &generator) {
          #expect(ids.insert(id(n)) == reference.insert(id(n)).inserted)
        } else {
          #expect(ids.remove(id(n)) == reference.remove(id(n)))
        }
        #expect(ids.count == reference.count)
        #expect(ids.isEmpty == reference.isEmpty)
        #expect(Set(ids) == reference)
        #expect(ids.contains(id(n)) == reference.contains(id(n)))
      }
    }
  }

  @Test func equalByTheIdsItHolds() {
    // The same ids, one set past the switch and back, the other never.
    var grown = IDSet((0...IDSet.fewest).map(id))
    for n in 2...IDSet.fewest { grown.remove(id(n)) }
    let few: IDSet = [id(1), id(0)]
    #expect(grown == few)
    #expect(few != [id(1)])
    #expect(few != [id(1), id(2)])
    // Two hash sets with the same ids, made in other orders and ways.
    let range = 0..<(3 * IDSet.fewest)
    var byOne = IDSet(range.map(id)), byToggle = IDSet()
    byToggle.toggle(range.reversed().map(id))
    #expect(byOne == byToggle)
    byOne.remove(id(0))
    #expect(byOne != byToggle)
  }

  @Test func aToggleThatLeavesFewKeepsThemAsAnArray() {
    var ids = IDSet([id(1)])
    let batch = (2...(2 * IDSet.fewest)).map(id)
    ids.toggle(batch)
    #expect(ids.count == 2 * IDSet.fewest)
    ids.toggle(batch)  // undone before the sink
    #expect(ids == [id(1)])
    #expect(ids.keepsAnArray)
  }
}
