import TodoModel

/// The todos a search kept out, by their places in the file, noted by the
/// count of matches off the main queue (`MatchCount`). A later search that
/// refines that one (a word more, a word typed a letter longer:
/// `SearchQuery.refines`) keeps them out too, so while the list is the same
/// the next key's scans pass them without reading them: a page of sparse
/// matches at 100,000 todos read ~3,400 todos, ~100 ns each from memory.
public struct QueryMisses: Sendable {
  let query: SearchQuery
  /// The list's version the places are of (`ListFeature.State.listVersion`).
  let listVersion: Int
  /// One bit a todo, set for a todo the search kept out.
  private var bits: [UInt64]

  init(query: SearchQuery, listVersion: Int, count: Int) {
    self.query = query
    self.listVersion = listVersion
    bits = Array(repeating: 0, count: (count + 63) / 64)
  }

  mutating func insert(_ index: Int) {
    bits[index >> 6] |= 1 << UInt64(index & 63)
  }

  /// Whether the todo at `index` was kept out (false past the end).
  func contains(_ index: Int) -> Bool {
    let word = index >> 6
    return word < bits.count && bits[word] & 1 << UInt64(index & 63) != 0
  }

  /// The nearest place at or after `index` (at or before it, `backward`)
  /// not kept out, found a word of 64 places at a time: a search few
  /// todos match keeps out nearly every place. Places past the count's
  /// list were not kept out; -1 when none is, backward.
  func nearestNotMissed(from index: Int, backward: Bool) -> Int {
    var word = index >> 6
    guard index >= 0, word < bits.count else { return index }
    let bit = UInt64(index & 63)
    if backward {
      var open = ~bits[word] & (UInt64.max >> (63 - bit))
      while open == 0 {
        word -= 1
        guard word >= 0 else { return -1 }
        open = ~bits[word]
      }
      return word << 6 + 63 - open.leadingZeroBitCount
    }
    var open = ~bits[word] & (UInt64.max << bit)
    while open == 0 {
      word += 1
      guard word < bits.count else { return word << 6 }
      open = ~bits[word]
    }
    return word << 6 + open.trailingZeroBitCount
  }

  /// These misses, if they hold for `query` on the list at `listVersion`.
  func valid(for query: SearchQuery, listVersion: Int) -> QueryMisses? {
    listVersion == self.listVersion && query.refines(self.query) ? self : nil
  }
}

extension QueryMisses: Equatable {
  public static func == (a: QueryMisses, b: QueryMisses) -> Bool {
    a.query.text == b.query.text && a.query.today == b.query.today && a.listVersion == b.listVersion && a.bits == b.bits
  }
}
