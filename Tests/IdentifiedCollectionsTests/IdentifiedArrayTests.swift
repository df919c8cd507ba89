import IdentifiedCollections
import Testing

private struct Item: Identifiable, Equatable {
  let id: Int
  var value: String
}

/// A seeded generator, so every run makes the same operations.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// IdentifiedArray against a plain array of the same elements, through random
/// operations: order, lookups by id and the ids themselves must always agree.
struct IdentifiedArrayTests {
  @Test func behavesLikeAnArrayWithLookupByID() {
    var rng = SplitMix(state: 2026)
    var array: IdentifiedArrayOf<Item> = []
    var model: [Item] = []
    var nextID = 0
    for step in 0..<3_000 {
      switch Int.random(in: 0..<13, using: &rng) {
      case 0, 1:
        let item = Item(id: nextID, value: "v\(step)")
        nextID += 1
        let index = Int.random(in: 0...model.count, using: &rng)
        array.insert(item, at: index)
        model.insert(item, at: index)
      case 2 where !model.isEmpty:
        let id = model.randomElement(using: &rng)!.id
        array[id: id]?.value += "!"
        model[model.firstIndex { $0.id == id }!].value += "!"
      case 3 where !model.isEmpty:
        let id = model.randomElement(using: &rng)!.id
        #expect(array.remove(id: id) == model.remove(at: model.firstIndex { $0.id == id }!))
      case 4:
        let item = Item(id: nextID, value: "set")
        nextID += 1
        array[id: item.id] = item
        model.append(item)
      case 5 where !model.isEmpty:
        let id = model.randomElement(using: &rng)!.id
        array[id: id] = nil
        model.removeAll { $0.id == id }
      case 6:
        array.removeAll { $0.id % 7 == step % 7 }
        model.removeAll { $0.id % 7 == step % 7 }
        array.sort { $0.value < $1.value }
        model.sort { $0.value < $1.value }
      case 7:
        // The standard library's MutableCollection algorithms, built on swapAt.
        array.reverse()
        model.reverse()
        var copy = rng
        array.shuffle(using: &rng)
        model.shuffle(using: &copy)
      case 8 where !model.isEmpty:
        let pivot = "v\(step / 2)"
        #expect(array.partition { $0.value < pivot } == model.partition { $0.value < pivot })
        array.swapAt(0, array.count - 1)
        model.swapAt(0, model.count - 1)
      case 9:
        // Several at once, each at its place in the array they make.
        let count = Int.random(in: 0...5, using: &rng)
        let offsets = Array((0..<(model.count + count)).shuffled(using: &rng).prefix(count)).sorted()
        let items = offsets.map { _ in
          defer { nextID += 1 }
          return Item(id: nextID, value: "many\(step)")
        }
        array.insert(items, atSortedOffsets: offsets)
        for (item, offset) in zip(items, offsets) { model.insert(item, at: offset) }
      case 10 where !model.isEmpty:
        let offsets = model.indices.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
        array.remove(atSortedOffsets: offsets)
        for offset in offsets.reversed() { model.remove(at: offset) }
      case 11:
        // An id that left comes back (an undone delete keeps its todo's id).
        let present = Set(model.map(\.id))
        guard let id = (0..<nextID).filter({ !present.contains($0) }).randomElement(using: &rng) else { break }
        let item = Item(id: id, value: "back\(step)")
        let index = Int.random(in: 0...model.count, using: &rng)
        array.insert(item, at: index)
        model.insert(item, at: index)
      case 12 where !model.isEmpty:
        // One element to another place (J, K): the ones between shift, and who is here stays.
        let from = Int.random(in: model.indices, using: &rng), to = Int.random(in: model.indices, using: &rng)
        let membership = array.membership
        array.move(from: from, to: to)
        model.insert(model.remove(at: from), at: to)
        #expect(array.membership === membership)
      default:
        break
      }
      if step % 10 == 0 {
        // Ids that left are not found, by the array or a lookup taken now.
        let present = Set(model.map(\.id)), lookup = array.idLookup
        for id in 0..<nextID {
          #expect((array.index(id: id) != nil) == present.contains(id), "\(id) at step \(step)")
          #expect(lookup.contains(id) == present.contains(id), "\(id) at step \(step)")
        }
      }
      #expect(Array(array) == model)
      #expect(Array(array.ids) == model.map(\.id))
      // Every id finds its element's place, whatever moved.
      #expect(model.indices.allSatisfy { array.index(id: model[$0].id) == $0 })
    }
    for (index, item) in model.enumerated() {
      #expect(array.index(id: item.id) == index)
      #expect(array[id: item.id] == item)
    }
    #expect(array[id: -1] == nil)
  }

  @Test func equalityDumpAndLiterals() {
    let a: IdentifiedArrayOf<Item> = [Item(id: 1, value: "a"), Item(id: 2, value: "b")]
    var b = IdentifiedArrayOf<Item>(uniqueElements: [Item(id: 1, value: "a")])
    b.append(Item(id: 2, value: "b"))
    #expect(a == b)
    b[1].value = "c"
    #expect(a != b)
    var text = ""
    dump(a, to: &text)
    #expect(text.hasPrefix("▿ 2 elements"), "dumped as a collection: \(text)")
  }
}
