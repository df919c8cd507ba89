/// An id an `IdentifiedArray` finds by a multiply: its bits folded into
/// one word, which the table spreads (Fibonacci hashing). Swift's `Hasher`
/// (SipHash, seeded per run, made for keys an attacker picks) cost ~500
/// instructions a todo to index a loaded list; ids are made by the program,
/// never read from input.
public protocol TableID: Hashable {
  /// The id's bits in one word: equal ids give equal words.
  var foldedBits: UInt64 { get }
}

extension Int: TableID {
  @inlinable public var foldedBits: UInt64 { UInt64(bitPattern: Int64(self)) }
}

/// Each id's slot (the array's stable number for its element): open
/// addressing over a power-of-two array of slot numbers, at most 3/4 full,
/// probed linearly. The ids are kept by slot, beside it: a lookup compares
/// the id in the slot it finds, and a removal moves later entries back, so
/// no tombstone is ever left to probe past.
///
/// Its requirement (`ID: TableID`) is on its extension, not on the type:
/// see `IdentifiedArray`.
public struct IDTable<ID> {
  /// Each bucket's slot; -1 for an empty bucket.
  @usableFromInline var buckets: [Int32]
  /// Each slot's id (a free slot keeps its last one; no bucket names it).
  @usableFromInline var idOfSlot: [ID]
  @usableFromInline var count = 0
  /// 64 − log2(buckets.count): the multiply's top bits are the bucket.
  @usableFromInline var shift: UInt64
}

extension IDTable where ID: TableID {

  /// Room for `capacity` ids; `ids` are given slots 0, 1, … (all different).
  @inlinable
  init(capacity: Int, ids: [ID] = []) {
    var buckets = 8, bits: UInt64 = 3
    while buckets * 3 < max(capacity, ids.count) * 4 {
      buckets *= 2
      bits += 1
    }
    self.buckets = Array(repeating: -1, count: buckets)
    self.shift = 64 - bits
    self.idOfSlot = ids
    for slot in ids.indices { place(ids[slot], slot: Int32(slot)) }
    assert(count == ids.count, "IDTable: two ids are the same")
  }

  @inlinable
  func home(of id: ID) -> Int {
    Int(truncatingIfNeeded: (id.foldedBits &* 0x9e37_79b9_7f4a_7c15) >> shift)
  }

  /// The bucket that names `id`'s slot, or the empty one where it would go.
  @inlinable
  func bucket(of id: ID) -> (index: Int, found: Bool) {
    let mask = buckets.count - 1
    var index = home(of: id)
    while true {
      let slot = buckets[index]
      if slot < 0 { return (index, false) }
      if idOfSlot[Int(slot)] == id { return (index, true) }
      index = (index + 1) & mask
    }
  }

  @inlinable
  public func slot(of id: ID) -> Int32? {
    let (index, found) = bucket(of: id)
    return found ? buckets[index] : nil
  }

  @inlinable
  public func contains(_ id: ID) -> Bool { bucket(of: id).found }

  /// Gives `id` the slot; false (and nothing changed) if it has one.
  @inlinable
  mutating func insert(_ id: ID, slot: Int32) -> Bool {
    var (index, found) = bucket(of: id)
    guard !found else { return false }
    if (count + 1) * 4 > buckets.count * 3 {
      grow()
      index = bucket(of: id).index
    }
    if Int(slot) == idOfSlot.count { idOfSlot.append(id) } else { idOfSlot[Int(slot)] = id }
    buckets[index] = slot
    count += 1
    return true
  }

  /// Puts the slot of `id` where its probe ends; an id already here keeps
  /// its own and is not counted again (`IdentifiedArray(uniqueElements:)`
  /// tells duplicates by the count).
  @inlinable
  mutating func place(_ id: ID, slot: Int32) {
    let (index, found) = bucket(of: id)
    guard !found else { return }
    buckets[index] = slot
    count += 1
  }

  /// Takes `id` out; later entries of its run move back to keep every
  /// entry reachable from its home bucket.
  @inlinable
  mutating func remove(_ id: ID) {
    var (hole, found) = bucket(of: id)
    guard found else { return }
    let mask = buckets.count - 1
    buckets[hole] = -1
    count -= 1
    var next = (hole + 1) & mask
    while buckets[next] >= 0 {
      let home = home(of: idOfSlot[Int(buckets[next])])
      // The entry may fill the hole if its home is not between the hole and it.
      if (next - home) & mask >= (next - hole) & mask {
        buckets[hole] = buckets[next]
        buckets[next] = -1
        hole = next
      }
      next = (next + 1) & mask
    }
  }

  /// Twice the buckets, every entry placed again.
  @inlinable
  mutating func grow() {
    let old = buckets
    buckets = Array(repeating: -1, count: old.count * 2)
    shift -= 1
    count = 0
    for slot in old where slot >= 0 { place(idOfSlot[Int(slot)], slot: slot) }
  }
}

extension IDTable: Sendable where ID: Sendable {}
