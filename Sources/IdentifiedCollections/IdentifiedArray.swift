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
///
/// Its requirements (`ID: TableID`, `Element: Identifiable`, their ids
/// the same) are on its extensions, not on the type: a type's own are
/// checked by the runtime whenever it makes the type from its name, as a
/// key path to a list of todos does (`forEach(\.todos)`), and the check
/// looked through all of the program's ~4,200 conformances, twice, before
/// the first frame (the key paths of a start: ~515,000 → ~175,000
/// instructions).
public struct IdentifiedArray<ID, Element> {
  /// The elements in order.
  @inlinable public var elements: [Element] { storage }
  @usableFromInline var storage: [Element]
  /// Each id's slot.
  @usableFromInline var table: IDTable<ID>
  /// Each slot's element's position in `elements`; -1 for a free slot.
  @usableFromInline var positionOfSlot: [Int32]
  /// Each element's slot, in the elements' order: moved with them.
  @usableFromInline var slotAt: [Int32]
  /// Slots given back by removals, for the next insertions.
  @usableFromInline var freeSlots: [Int32]
  /// A new token whenever an element joins or leaves: two arrays with the
  /// same token have the same ids. `forEach` asks which elements left only
  /// when it changed, and holds no copy of the ids meanwhile (a copy held
  /// while the list changes would be copied whole by the change).
  @inlinable public var membership: Membership { token }
  @usableFromInline var token = Membership()
}

extension IdentifiedArray where ID: TableID, Element: Identifiable, Element.ID == ID {
  @inlinable
  public init() {
    self.init(uncheckedUniqueElements: [])
  }

  /// The elements in order; their ids must all differ.
  @inlinable
  public init(uniqueElements: some Sequence<Element>) {
    self.init(uncheckedUniqueElements: Array(uniqueElements))
    precondition(table.count == storage.count, "IdentifiedArray: two elements have the same id")
  }

  // Everything public is @inlinable: specialized for the element type
  // where it is used, the id table's work costs a few instructions an
  // element, where generic code (through witness tables) cost thousands.

  /// The elements in order, trusted to have different ids (checked only in
  /// debug builds).
  @inlinable
  public init(uncheckedUniqueElements elements: [Element]) {
    precondition(elements.count < Int32.max, "IdentifiedArray: too many elements")
    storage = elements
    slotAt = Array(0..<Int32(elements.count))
    positionOfSlot = slotAt
    freeSlots = []
    var ids: [ID] = []
    ids.reserveCapacity(elements.count)
    // By index: only the id is read (enumerating copied every element, ~150 instructions each).
    for slot in elements.indices { ids.append(elements[slot].id) }
    table = IDTable(capacity: elements.count, ids: ids)
  }

  /// The ids, in the elements' order (a new array: for tests and checks).
  @inlinable
  public var ids: [ID] { storage.map { $0.id } }

  /// Which ids are here now, to ask later without holding the elements.
  @inlinable
  public var idLookup: IDLookup<ID> { IDLookup(table: table) }

  @inlinable
  public func index(id: ID) -> Int? {
    table.slot(of: id).map { Int(positionOfSlot[Int($0)]) }
  }

  /// Each element's slot, in the elements' order. What is kept beside the
  /// elements by slot rather than by place stays with them through
  /// insertions, removals and moves: nothing of it shifts.
  @inlinable public var slots: [Int32] { slotAt }

  /// How many slots there are, free ones too: the size of a table by slot.
  @inlinable public var slotCount: Int { positionOfSlot.count }

  /// The slot of the element with `id`.
  @inlinable
  public func slot(id: ID) -> Int? {
    table.slot(of: id).map { Int($0) }
  }

  /// The element with `id`. Setting one replaces it (or appends it, if new);
  /// setting nil removes it.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { index(id: id).map { storage[$0] } }
    set {
      if let newValue {
        precondition(newValue.id == id, "IdentifiedArray: the element's id must be the subscript's id")
        if let index = index(id: id) { storage[index] = newValue } else { append(newValue) }
      } else {
        remove(id: id)
      }
    }
    // One lookup for a read-modify-write, such as `forEach` does per action.
    _modify {
      let index = index(id: id)
      var element = index.map { storage[$0] }
      yield &element
      switch (index, element) {
      case (let index?, let element?):
        precondition(element.id == id, "IdentifiedArray: an element's id cannot change")
        storage[index] = element
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
  @inlinable
  public mutating func updateEach(_ ids: some Sequence<ID>, _ update: (ID, inout Element) throws -> Void) rethrows -> [ID] {
    var missing: [ID] = []
    for id in ids {
      guard let index = index(id: id) else {
        missing.append(id)
        continue
      }
      try update(id, &storage[index])
      precondition(storage[index].id == id, "IdentifiedArray: an element's id cannot change")
    }
    return missing
  }

  @inlinable
  public mutating func append(_ element: Element) {
    insert(element, at: storage.count)
  }

  @inlinable
  public mutating func insert(_ element: Element, at index: Int) {
    precondition(index >= 0 && index <= storage.count, "IdentifiedArray: index out of range")
    let slot = takeSlot(for: element.id)
    storage.insert(element, at: index)
    slotAt.insert(slot, at: index)
    renumber(from: index)
    token = Membership()
  }

  /// Inserts `newElements`, each at its offset in the array they make:
  /// `offsets` ascending. One pass, however many.
  @inlinable
  public mutating func insert(_ newElements: [Element], atSortedOffsets offsets: [Int]) {
    precondition(newElements.count == offsets.count, "IdentifiedArray: one offset per element")
    guard let first = offsets.first else { return }
    let newSlots = newElements.map { takeSlot(for: $0.id) }
    let oldCount = storage.count
    storage += newElements
    slotAt += newSlots
    // Merged from the end into the arrays grown by the new elements' first
    // copies: each element moves once, swapped in the span (moved, with no
    // reference counting); a new element is put over one of those copies.
    var elements = storage.mutableSpan
    var read = oldCount - 1, next = offsets.count - 1
    for write in stride(from: elements.count - 1, through: first, by: -1) {
      if next >= 0, offsets[next] == write {
        elements[write] = newElements[next]
        next -= 1
      } else {
        precondition(read >= 0, "IdentifiedArray: offsets must ascend within the array they make")
        elements.swapAt(write, read)
        read -= 1
      }
    }
    // The slots, the same way.
    read = oldCount - 1
    next = offsets.count - 1
    for write in stride(from: slotAt.count - 1, through: first, by: -1) {
      if next >= 0, offsets[next] == write {
        slotAt[write] = newSlots[next]
        next -= 1
      } else {
        slotAt[write] = slotAt[read]
        read -= 1
      }
    }
    precondition(next < 0, "IdentifiedArray: offsets must ascend within the array they make")
    renumber(from: first)
    token = Membership()
  }

  /// Moves the element at `from` to `to` (its position once moved); those
  /// between shift by one. Only they move: a removal and an insertion
  /// each moved every element after them (a todo one place down at the top
  /// of 100,000 cost ~0.5–0.7 ms). Who is here does not change.
  @inlinable
  public mutating func move(from: Int, to: Int) {
    precondition(storage.indices.contains(from) && storage.indices.contains(to), "IdentifiedArray: index out of range")
    let step = from < to ? 1 : -1
    var elements = storage.mutableSpan
    for position in stride(from: from, to: to, by: step) { elements.swapAt(position, position + step) }
    var slots = slotAt.mutableSpan
    for position in stride(from: from, to: to, by: step) { slots.swapAt(position, position + step) }
    renumber(Swift.min(from, to)..<Swift.max(from, to) + 1)
  }

  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = storage.remove(at: index)
    giveBack(slotAt.remove(at: index), of: element.id)
    renumber(from: index)
    token = Membership()
    return element
  }

  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    index(id: id).map { remove(at: $0) }
  }

  /// Removes the storage at `offsets` (ascending, in the array as it is).
  /// One pass, however many; the elements are moved through spans, never
  /// copied (a copy of each counts its references up and down again).
  @inlinable
  public mutating func remove(atSortedOffsets offsets: some Sequence<Int>) {
    let offsets = Array(offsets)
    guard let first = offsets.first else { return }
    for (number, offset) in offsets.enumerated() {
      precondition(offset >= 0 && offset < storage.count, "IdentifiedArray: offset out of range")
      precondition(number == 0 || offset > offsets[number - 1], "IdentifiedArray: offsets must ascend")
      giveBack(slotAt[offset], of: storage.span[offset].id)
    }
    Self.remove(offsets, from: &storage)
    Self.remove(offsets, from: &slotAt)
    renumber(from: first)
    token = Membership()
  }

  /// `remove(atSortedOffsets:)` in one of the arrays: the kept items
  /// swapped down over the removed ones, then the tail cut off.
  @inlinable
  static func remove<Item>(_ offsets: [Int], from items: inout [Item]) {
    var kept = offsets[0], next = 0
    var span = items.mutableSpan
    for position in kept..<span.count {
      if next < offsets.count, offsets[next] == position {
        next += 1
      } else {
        span.swapAt(kept, position)
        kept += 1
      }
    }
    items.removeSubrange(kept...)
  }

  @inlinable
  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    try remove(atSortedOffsets: storage.indices.filter { try shouldRemove(storage[$0]) })
  }

  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let order = try storage.indices.sorted { try areInIncreasingOrder(storage[$0], storage[$1]) }
    storage = order.map { storage[$0] }
    slotAt = order.map { slotAt[$0] }
    renumber(from: 0)
  }

  /// A slot for a new element's id, which no element here may have.
  @usableFromInline mutating func takeSlot(for id: ID) -> Int32 {
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
    } else {
      precondition(positionOfSlot.count < Int32.max, "IdentifiedArray: too many elements")
      slot = Int32(positionOfSlot.count)
      positionOfSlot.append(-1)
    }
    precondition(table.insert(id, slot: slot), "IdentifiedArray: an element with this id is already there")
    return slot
  }

  /// A removed element's slot, free again.
  @usableFromInline mutating func giveBack(_ slot: Int32, of id: ID) {
    table.remove(id)
    positionOfSlot[Int(slot)] = -1
    freeSlots.append(slot)
  }

  /// The slots' positions from `start` on, read again from `slotAt` after
  /// storage there moved: the only cost of an insertion or a removal that
  /// grows with the list, and no id is hashed.
  @usableFromInline mutating func renumber(from start: Int) {
    renumber(start..<slotAt.count)
  }

  /// The positions of the slots at `places`, which moved. (A range, not
  /// any sequence: this is not inlined, and a generic one walked its
  /// sequence through witness tables.)
  @usableFromInline mutating func renumber(_ places: Range<Int>) {
    let slotAt = slotAt
    let slots = slotAt.span
    var positions = positionOfSlot.mutableSpan
    for position in places { positions[Int(slots[position])] = Int32(position) }
  }
}

/// Which ids an IdentifiedArray has, as a token (`membership`).
public final class Membership: Sendable {
  @usableFromInline init() {}
}

/// The ids an IdentifiedArray had, for asking which were there.
public struct IDLookup<ID> {
  @usableFromInline let table: IDTable<ID>

  @inlinable init(table: IDTable<ID>) { self.table = table }

}

extension IDLookup where ID: TableID {
  @inlinable
  public func contains(_ id: ID) -> Bool { table.contains(id) }
}

extension IDLookup: Sendable where ID: Sendable {}

/// The usual spelling: the id type is the element's.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element> where Element.ID: TableID

extension IdentifiedArray: Sequence where ID: TableID, Element: Identifiable, Element.ID == ID {}
extension IdentifiedArray: Collection where ID: TableID, Element: Identifiable, Element.ID == ID {}
extension IdentifiedArray: BidirectionalCollection where ID: TableID, Element: Identifiable, Element.ID == ID {}

extension IdentifiedArray: RandomAccessCollection, MutableCollection where ID: TableID, Element: Identifiable, Element.ID == ID {
  @inlinable
  public var startIndex: Int { 0 }
  @inlinable
  public var endIndex: Int { storage.count }

  @inlinable
  public subscript(position: Int) -> Element {
    get { storage[position] }
    set {
      precondition(newValue.id == storage[position].id, "IdentifiedArray: an element's id cannot change")
      storage[position] = newValue
    }
  }

  /// Swaps two storage and their slots together. The standard library's
  /// `reverse`, `shuffle`, `partition` and `sort` are built on this; through
  /// the subscript they would trap on the id check.
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    storage.swapAt(i, j)
    slotAt.swapAt(i, j)
    positionOfSlot[Int(slotAt[i])] = Int32(i)
    positionOfSlot[Int(slotAt[j])] = Int32(j)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where ID: TableID, Element: Identifiable, Element.ID == ID {
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where ID: TableID, Element: Identifiable & Equatable, Element.ID == ID {
  public static func == (a: Self, b: Self) -> Bool { a.elements == b.elements }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: CustomReflectable where ID: TableID, Element: Identifiable, Element.ID == ID {
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

extension IdentifiedArray: CustomStringConvertible where ID: TableID, Element: Identifiable, Element.ID == ID {
  public var description: String { storage.description }
}
