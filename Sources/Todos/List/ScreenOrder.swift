import IdentifiedCollections
import TodoModel

/// Where each todo stands in a sorted order: the file's indices in the
/// order shown and each todo's sort key; a todo's place is found by a
/// binary search. Empty in the manual order (the place is the file index).
///
/// Built whole when the order is first shown (the agenda: on a new day);
/// after that the door keeps it as the list changes (ListFeature+Follow.swift):
/// a changed todo moves by a binary search and shifts the indices between
/// its old and new place (one move of memory), an added or removed one
/// costs a pass over the integers, never a sort of the list nor a read of
/// the todos' text. No array of places is kept: updating it cost a write
/// to scattered memory for every todo a change passed over.
struct ScreenOrder: Equatable, Sendable {
  private(set) var order = ListOrder.manual
  /// The day the agenda's groups were worked out for.
  private(set) var today = Day(year: 1970, month: 1, day: 1)!
  /// By file index: the todo's `ListOrder.sortKey`.
  private var keys: [UInt32] = []
  /// By place: the file index of the todo shown there, sorted by key and
  /// then file index.
  private var fileIndices: [Int32] = []

  init() {}

  /// An order and the day it was sorted for.
  struct Kind: Equatable, Sendable {
    let order: ListOrder
    let today: Day
  }

  /// How many todos it places.
  var count: Int { keys.count }

  /// Stable: ties keep the file's order.
  init(_ todos: IdentifiedArrayOf<Todo.State>, by order: ListOrder, today: Day, isBlocked: (borrowing Todo.State) -> Bool) {
    self.order = order
    self.today = today
    guard order != .manual else { return }
    let span = todos.elements.span
    keys.reserveCapacity(span.count)
    for index in span.indices {
      keys.append(order.sortKey(span[index], isBlocked: isBlocked(span[index]), today: today))
    }
    // Key and index in one integer: the sort compares integers only.
    var sorted = keys.indices.map { UInt64(keys[$0]) << 32 | UInt64($0) }
    sorted.sort()
    fileIndices = sorted.map { Int32(truncatingIfNeeded: $0) }
  }

  var isManual: Bool { order == .manual }

  /// The file index of the todo at `place` in the order shown.
  func fileIndex(at place: Int) -> Int {
    isManual ? place : Int(fileIndices[place])
  }

  /// The place in the order shown of the todo at `index` in the file.
  func place(of index: Int) -> Int {
    isManual ? index : lowerBound(of: packed(index))
  }

  /// The agenda group of the todo at `index` in the file (in the agenda).
  func agendaGroup(ofFileIndex index: Int) -> AgendaGroup {
    AgendaGroup.all[ListOrder.agendaRank(ofKey: keys[index])]
  }

  // MARK: Kept by the door

  /// The todo at `index` now sorts by `key`: it moves to its new place, and
  /// only the todos between its old and new place shift by one.
  mutating func update(at index: Int, key: UInt32) {
    guard !isManual, keys[index] != key else { return }
    let from = place(of: index)
    keys[index] = key
    // Its place among the others: a binary search that skips its old place.
    let target = packed(index)
    var low = 0, high = fileIndices.count - 1
    while low < high {
      let middle = (low + high) / 2
      if packed(Int(fileIndices[middle < from ? middle : middle + 1])) < target { low = middle + 1 } else { high = middle }
    }
    let to = low
    if to < from {
      for place in stride(from: from, to: to, by: -1) { fileIndices[place] = fileIndices[place - 1] }
    } else if to > from {
      for place in from..<to { fileIndices[place] = fileIndices[place + 1] }
    }
    fileIndices[to] = Int32(index)
  }

  /// A todo sorting by `key` was inserted at `index` of the file.
  mutating func insert(at index: Int, key: UInt32) {
    guard !isManual else { return }
    shiftFileIndices(from: index, by: 1)
    keys.insert(key, at: index)
    fileIndices.insert(Int32(index), at: lowerBound(of: packed(index)))
  }

  /// The todo at `index` of the file was removed.
  mutating func remove(at index: Int) {
    guard !isManual else { return }
    fileIndices.remove(at: place(of: index))
    keys.remove(at: index)
    shiftFileIndices(from: index + 1, by: -1)
  }

  /// Every file index from `start` on moves by `delta`: a pass over plain
  /// integers without a branch, which the compiler turns into vector
  /// instructions (a branch per todo cost ~3 M instructions at 100,000).
  private mutating func shiftFileIndices(from start: Int, by delta: Int32) {
    let start = Int32(start)
    var places = fileIndices.mutableSpan
    for place in places.indices {
      let index = places[place]
      places[place] = index &+ (index >= start ? delta : 0)
    }
  }

  /// Todos removed at once (`removed`: their indices in the file before, in
  /// any order): one pass, the others keep their order.
  mutating func remove(atEach removed: [Int]) {
    guard !isManual, !removed.isEmpty else { return }
    var isRemoved = [Bool](repeating: false, count: keys.count)
    for index in removed { isRemoved[index] = true }
    // Each kept todo's index in the file after.
    var newIndex = [Int32](repeating: -1, count: keys.count)
    var next: Int32 = 0
    for index in keys.indices where !isRemoved[index] {
      newIndex[index] = next
      next += 1
    }
    keys = keys.indices.filter { !isRemoved[$0] }.map { keys[$0] }
    fileIndices = fileIndices.compactMap { isRemoved[Int($0)] ? nil : newIndex[Int($0)] }
  }

  /// Todos inserted at once, at `inserted` (their indices in the file after,
  /// ascending) sorting by `keys`: one pass to renumber the others and one
  /// merge of the newcomers, sorted among themselves, into the order.
  mutating func insert(atEach inserted: [Int], keys newKeys: [UInt32]) {
    guard !isManual, !inserted.isEmpty else { return }
    let count = keys.count + inserted.count
    var isNew = [Bool](repeating: false, count: count)
    for index in inserted { isNew[index] = true }
    var oldToNew = [Int32](repeating: 0, count: keys.count)
    var merged = [UInt32](repeating: 0, count: count)
    var old = 0, added = 0
    for index in 0..<count {
      if isNew[index] {
        merged[index] = newKeys[added]
        added += 1
      } else {
        oldToNew[old] = Int32(index)
        merged[index] = keys[old]
        old += 1
      }
    }
    keys = merged
    for place in fileIndices.indices { fileIndices[place] = oldToNew[Int(fileIndices[place])] }
    let newcomers = inserted.map { packed($0) }.sorted()
    var result: [Int32] = []
    result.reserveCapacity(count)
    var next = 0
    for index in fileIndices {
      while next < newcomers.count, newcomers[next] < packed(Int(index)) {
        result.append(Int32(truncatingIfNeeded: newcomers[next]))
        next += 1
      }
      result.append(index)
    }
    result += newcomers[next...].map { Int32(truncatingIfNeeded: $0) }
    fileIndices = result
  }

  /// The first place whose todo sorts at or after `target` (a key and
  /// file index, `packed`): where a todo with that key and index is, or goes.
  private func lowerBound(of target: UInt64) -> Int {
    var low = 0, high = fileIndices.count
    while low < high {
      let middle = (low + high) / 2
      if packed(Int(fileIndices[middle])) < target { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Key and file index in one integer: the order compares these.
  private func packed(_ index: Int) -> UInt64 { UInt64(keys[index]) << 32 | UInt64(index) }
}
