import Testing
@testable import IdentifiedCollections

/// The id table against a plain dictionary through random insertions and
/// removals of ids from a small range: long probe runs, removals in the
/// middle of runs and wrapping past the last bucket, growth from the
/// smallest table. Every id of the range is asked after every step.
struct IDTableTests {
  @Test func findsWhatADictionaryFinds() {
    var state: UInt64 = 20_261_129
    func random(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    var table = IDTable<Int>(capacity: 0)
    var model: [Int: Int32] = [:]
    var freeSlots: [Int32] = []
    var nextSlot: Int32 = 0
    for step in 0..<20_000 {
      let id = random(300) * (step % 2 == 0 ? 1 : 64)  // multiples of 64 share low bits
      if let slot = model[id] {
        table.remove(id)
        model[id] = nil
        freeSlots.append(slot)
      } else {
        let slot = freeSlots.popLast() ?? { defer { nextSlot += 1 }; return nextSlot }()
        let inserted = table.insert(id, slot: slot)
        #expect(inserted)
        model[id] = slot
        // Refused under another slot, which keeps its own id.
        let again = table.insert(id, slot: nextSlot)
        #expect(!again, "an id already there is refused")
        #expect(table.idOfSlot.count == Int(nextSlot), "a refused id leaves the slots as they were")
      }
      #expect(table.count == model.count)
      if step % 97 == 0 || step > 19_900 {
        for candidate in 0..<300 {
          for scaled in [candidate, candidate * 64] { #expect(table.slot(of: scaled) == model[scaled], "\(scaled) at step \(step)") }
        }
      }
    }
  }

  @Test func aTableMadeFromIDsGivesEachItsPlace() {
    let ids = Array(stride(from: -5_000, to: 5_000, by: 3))
    let table = IDTable(capacity: ids.count, ids: ids)
    #expect(table.count == ids.count)
    for (slot, id) in ids.enumerated() { #expect(table.slot(of: id) == Int32(slot)) }
    #expect(table.slot(of: 2) == nil, "(2 + 5,000) is no multiple of 3")
    #expect(table.buckets.count * 3 >= ids.count * 4, "at most 3/4 full")
  }
}
