/// An array of identifiable elements that can also be reached by id in O(1):
/// what `forEach` runs one reducer per element on.
///
/// Hand-rolled (like `CasePath`) rather than taken from
/// swift-identified-collections: that package's `IndexSet` methods make the
/// linker pull in all of Foundation and ICU, which cost the app 6 MB of
/// memory and 2–3 ms of every start. Only the operations yaru uses are here.
///
/// The id table gives each element a slot that stays its own while it is
/// here; only the slots' positions move. An insertion or removal in the
/// middle of 100,000 elements then adds one to (or takes one from) a plain
/// array of positions — where an ordered set of the ids (as this was) hashes
/// every id after the place again, about 5 ms on a long list.
public struct IdentifiedArray<ID: Hashable, Element: Identifiable> where Element.ID == ID {
  public private(set) var elements: [Element]
  /// Each id's slot.
  private var slotOfID: [ID: Int32]
  /// Each slot's element's position in `elements`; -1 for a free slot.
  private var positionOfSlot: [Int32]
  /// Each element's slot, in the elements' order: moved with them.
  private var slotAt: [Int32]
  /// Slots given back by removals, for the next insertions.
  private var freeSlots: [Int32]
  /// A new token whenever an element joins or leaves: two arrays with the
  /// same token have the same ids. `forEach` asks which elements left only
  /// when it changed, and holds no copy of the ids meanwhile (a copy held
  /// while the list changes would be copied whole by the change).
  public private(set) var membership = Membership()

  public init() {
    self.init(uncheckedUniqueElements: [])
  }

  /// The elements in order; their ids must all differ.
  public init(uniqueElements: some Sequence<Element>) {
    self.init(uncheckedUniqueElements: Array(uniqueElements))
    precondition(slotOfID.count == elements.count, "IdentifiedArray: two elements have the same id")
  }

  // The ids are read with closures, not key paths: this module is not
  // specialized for the element type, and a key path there copied each
  // element to read its id (~1,000 instructions a todo).

  /// The elements in order, trusted to have different ids (checked only in
  /// debug builds).
  public init(uncheckedUniqueElements elements: [Element]) {
    precondition(elements.count < Int32.max, "IdentifiedArray: too many elements")
    self.elements = elements
    slotAt = Array(0..<Int32(elements.count))
    positionOfSlot = slotAt
    freeSlots = []
    slotOfID = Dictionary(minimumCapacity: elements.count)
    for (slot, element) in elements.enumerated() { slotOfID[element.id] = Int32(slot) }
    assert(slotOfID.count == elements.count, "IdentifiedArray: two elements have the same id")
  }

  /// The ids, in the elements' order (a new array: for tests and checks).
  public var ids: [ID] { elements.map { $0.id } }

  public func contains(id: ID) -> Bool { slotOfID[id] != nil }

  /// Which ids are here now, to ask later without holding the elements.
  public var idLookup: IDLookup<ID> { IDLookup(slots: slotOfID) }

  public func index(id: ID) -> Int? {
    slotOfID[id].map { Int(positionOfSlot[Int($0)]) }
  }

  /// The element with `id`. Setting one replaces it (or appends it, if new);
  /// setting nil removes it.
  public subscript(id id: ID) -> Element? {
    get { index(id: id).map { elements[$0] } }
    set {
      if let newValue {
        precondition(newValue.id == id, "IdentifiedArray: the element's id must be the subscript's id")
        if let index = index(id: id) { elements[index] = newValue } else { append(newValue) }
      } else {
        remove(id: id)
      }
    }
    // One lookup for a read-modify-write, such as `forEach` does per action.
    _modify {
      let index = index(id: id)
      var element = index.map { elements[$0] }
      yield &element
      switch (index, element) {
      case (let index?, let element?):
        precondition(element.id == id, "IdentifiedArray: an element's id cannot change")
        elements[index] = element
      case (let index?, nil):
        remove(at: index)
      case (nil, let element?):
        precondition(element.id == id, "IdentifiedArray: the element's id must be the subscript's id")
        append(element)
      case (nil, nil):
        break
      }
    }
  }

  /// Changes the element of each of `ids`, in order, in place (one lookup
  /// each, no copy of the element); returns the ids that are not here.
  public mutating func updateEach(_ ids: some Sequence<ID>, _ update: (ID, inout Element) throws -> Void) rethrows -> [ID] {
    var missing: [ID] = []
    for id in ids {
      guard let index = index(id: id) else {
        missing.append(id)
        continue
      }
      try update(id, &elements[index])
      precondition(elements[index].id == id, "IdentifiedArray: an element's id cannot change")
    }
    return missing
  }

  public mutating func append(_ element: Element) {
    insert(element, at: elements.count)
  }

  public mutating func insert(_ element: Element, at index: Int) {
    precondition(index >= 0 && index <= elements.count, "IdentifiedArray: index out of range")
    let slot = takeSlot(for: element.id)
    elements.insert(element, at: index)
    slotAt.insert(slot, at: index)
    renumber(from: index)
    membership = Membership()
  }

  /// Inserts `newElements`, each at its offset in the array they make:
  /// `offsets` ascending. One pass, however many.
  public mutating func insert(_ newElements: [Element], atSortedOffsets offsets: [Int]) {
    precondition(newElements.count == offsets.count, "IdentifiedArray: one offset per element")
    guard let first = offsets.first else { return }
    var merged: [Element] = [], mergedSlots: [Int32] = []
    merged.reserveCapacity(elements.count + newElements.count)
    mergedSlots.reserveCapacity(merged.capacity)
    var next = 0
    func insertDue() {
      while next < offsets.count, offsets[next] == merged.count {
        mergedSlots.append(takeSlot(for: newElements[next].id))
        merged.append(newElements[next])
        next += 1
      }
    }
    for (element, slot) in zip(elements, slotAt) {
      insertDue()
      merged.append(element)
      mergedSlots.append(slot)
    }
    insertDue()
    precondition(next == offsets.count, "IdentifiedArray: offsets must ascend within the array they make")
    elements = merged
    slotAt = mergedSlots
    renumber(from: first)
    membership = Membership()
  }

  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = elements.remove(at: index)
    giveBack(slotAt.remove(at: index), of: element.id)
    renumber(from: index)
    membership = Membership()
    return element
  }

  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    index(id: id).map { remove(at: $0) }
  }

  /// Removes the elements at `offsets` (ascending, in the array as it is).
  /// One pass, however many.
  public mutating func remove(atSortedOffsets offsets: some Sequence<Int>) {
    var removals = offsets.makeIterator()
    guard var next = removals.next() else { return }
    let first = next
    var kept = first
    for position in first..<elements.count {
      if position == next {
        giveBack(slotAt[position], of: elements[position].id)
        let following = removals.next()
        precondition(following.map { $0 > next } ?? true, "IdentifiedArray: offsets must ascend")
        next = following ?? Int.max
      } else {
        elements.swapAt(kept, position)
        slotAt.swapAt(kept, position)
        kept += 1
      }
    }
    precondition(next == Int.max, "IdentifiedArray: offset out of range")
    elements.removeSubrange(kept...)
    slotAt.removeSubrange(kept...)
    renumber(from: first)
    membership = Membership()
  }

  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    try remove(atSortedOffsets: elements.indices.filter { try shouldRemove(elements[$0]) })
  }

  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let order = try elements.indices.sorted { try areInIncreasingOrder(elements[$0], elements[$1]) }
    elements = order.map { elements[$0] }
    slotAt = order.map { slotAt[$0] }
    renumber(from: 0)
  }

  /// A slot for a new element's id, which no element here may have.
  private mutating func takeSlot(for id: ID) -> Int32 {
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
    } else {
      precondition(positionOfSlot.count < Int32.max, "IdentifiedArray: too many elements")
      slot = Int32(positionOfSlot.count)
      positionOfSlot.append(-1)
    }
    precondition(slotOfID.updateValue(slot, forKey: id) == nil, "IdentifiedArray: an element with this id is already there")
    return slot
  }

  /// A removed element's slot, free again.
  private mutating func giveBack(_ slot: Int32, of id: ID) {
    slotOfID[id] = nil
    positionOfSlot[Int(slot)] = -1
    freeSlots.append(slot)
  }

  /// The slots' positions from `start` on, read again from `slotAt` after
  /// elements there moved: the only cost of an insertion or a removal that
  /// grows with the list, and no id is hashed.
  private mutating func renumber(from start: Int) {
    let slotAt = slotAt
    let slots = slotAt.span
    var positions = positionOfSlot.mutableSpan
    for position in start..<slots.count { positions[Int(slots[position])] = Int32(position) }
  }
}

/// Which ids an IdentifiedArray has, as a token (`membership`).
public final class Membership: Sendable {
  init() {}
}

/// The ids an IdentifiedArray had, for asking which were there.
public struct IDLookup<ID: Hashable> {
  fileprivate let slots: [ID: Int32]

  public func contains(_ id: ID) -> Bool { slots[id] != nil }
}

extension IDLookup: Sendable where ID: Sendable {}

/// The usual spelling: the id type is the element's.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  public subscript(position: Int) -> Element {
    get { elements[position] }
    set {
      precondition(newValue.id == elements[position].id, "IdentifiedArray: an element's id cannot change")
      elements[position] = newValue
    }
  }

  /// Swaps two elements and their slots together. The standard library's
  /// `reverse`, `shuffle`, `partition` and `sort` are built on this; through
  /// the subscript they would trap on the id check.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    elements.swapAt(i, j)
    slotAt.swapAt(i, j)
    positionOfSlot[Int(slotAt[i])] = Int32(i)
    positionOfSlot[Int(slotAt[j])] = Int32(j)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (a: Self, b: Self) -> Bool { a.elements == b.elements }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: CustomReflectable {
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { elements.description }
}
