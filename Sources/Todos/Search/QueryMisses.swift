import TodoModel

/// The todos a search kept out, by their places in the file, noted by the
/// count of matches off the main queue (`MatchCount`). A later search that
/// refines that one (a word more, a word typed a letter longer:
/// `SearchQuery.refines`) keeps them out too, so while the list is the same
/// the next key's scans pass them without reading them: a page of sparse
/// matches at 100,000 todos read ~3,400 todos, ~100 ns each from memory.
public struct QueryMisses: Sendable {
  /// Behind one reference: the list's state and every scan's `Visibility`
  /// hold these, and a move copies both (held inline, they added ~80 data
  /// lines and ~4,500 instructions to a `j`).
  private final class Notes: Sendable {
    let query: SearchQuery
    let listVersion: Int
    /// One bit a todo, set for a todo the search kept out.
    let bits: [UInt64]

    init(query: SearchQuery, listVersion: Int, bits: [UInt64]) {
      (self.query, self.listVersion, self.bits) = (query, listVersion, bits)
    }
  }

  private let notes: Notes
  var query: SearchQuery { notes.query }
  /// The list's version the places are of (`ListFeature.State.listVersion`).
  var listVersion: Int { notes.listVersion }
  private var bits: [UInt64] { notes.bits }

  /// `bits` as `note` set them.
  init(query: SearchQuery, listVersion: Int, bits: [UInt64]) {
    notes = Notes(query: query, listVersion: listVersion, bits: bits)
  }

  /// No todo kept out yet, of `count`.
  static func noBits(count: Int) -> [UInt64] { Array(repeating: 0, count: (count + 63) / 64) }

  /// The todo at `index` kept out.
  static func note(_ index: Int, in bits: inout [UInt64]) {
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
