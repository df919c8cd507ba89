import FoundationEssentials

/// A set of todo ids kept as a short array while it is small, and as a
/// hash set once it is not. The ids toggled since the last sink are one or
/// two nearly always: read as an array they cost a toggle neither a hash
/// table to make nor an id to hash, and every walk of the list compares
/// each todo with them as they are (a `Set` hashed every todo's id). A
/// batch toggle's thousands go to a `Set`, where a lookup stays cheap.
public struct IDSet: Equatable, Sendable, Sequence, ExpressibleByArrayLiteral {
  /// The most ids kept in the array.
  static let fewest = 16

  private var few: [UUID] = []
  /// Non-nil once the set went past `fewest` ids (then it holds them all),
  /// until a toggle leaves it with few again.
  private var many: Set<UUID>?

  public init() {}

  public init(arrayLiteral ids: UUID...) {
    self.init(ids)
  }

  public init(_ ids: some Sequence<UUID>) {
    for id in ids { insert(id) }
  }

  /// Whether the ids are in the array (few), not the hash set.
  var keepsAnArray: Bool { many == nil }

  public var isEmpty: Bool { many?.isEmpty ?? few.isEmpty }
  public var count: Int { many?.count ?? few.count }

  public func contains(_ id: UUID) -> Bool {
    many?.contains(id) ?? few.contains(id)
  }

  /// Adds `id`; false if it was in the set already.
  @discardableResult
  public mutating func insert(_ id: UUID) -> Bool {
    if many != nil { return many!.insert(id).inserted }
    guard !few.contains(id) else { return false }
    guard few.count == Self.fewest else {
      few.append(id)
      return true
    }
    many = Set(few + [id])
    few = []
    return true
  }

  /// Takes `id` out; returns it, or nil if it was not in the set.
  @discardableResult
  public mutating func remove(_ id: UUID) -> UUID? {
    if many != nil { return many!.remove(id) }
    guard let index = few.firstIndex(of: id) else { return nil }
    return few.remove(at: index)
  }

  /// Adds each of `ids` the set lacks and takes out each it has (the
  /// todos whose completion flipped since the last sink). A hash set is
  /// made as big as it may get first: grown id by id, a batch's 16,666
  /// were hashed again at every doubling.
  public mutating func toggle(_ ids: [UUID]) {
    if many == nil, few.count + ids.count > Self.fewest {
      many = Set(few)
      few = []
    }
    let room = count + ids.count
    many?.reserveCapacity(room)
    for id in ids where remove(id) == nil { insert(id) }
    // Toggled back (a batch undone before the sink): an array again.
    if let set = many, set.count <= Self.fewest {
      few = Array(set)
      many = nil
    }
  }

  /// The same ids, however each set keeps them. Two hash sets by `Set`'s
  /// own `==`, which knows a copy at once: a frame compares the unsunk ids
  /// with the last frame's, a batch toggle's thousands of them.
  public static func == (a: IDSet, b: IDSet) -> Bool {
    if let many = a.many, let others = b.many { return many == others }
    return a.count == b.count && a.allSatisfy(b.contains)
  }

  public func makeIterator() -> Iterator {
    Iterator(few: few.makeIterator(), many: many?.makeIterator())
  }

  public struct Iterator: IteratorProtocol {
    var few: IndexingIterator<[UUID]>
    var many: Set<UUID>.Iterator?

    public mutating func next() -> UUID? {
      many != nil ? many!.next() : few.next()
    }
  }
}
