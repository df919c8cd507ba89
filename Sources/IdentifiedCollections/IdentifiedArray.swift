import OrderedCollections

/// An array of identifiable elements that can also be reached by id in O(1):
/// what `forEach` runs one reducer per element on.
///
/// Hand-rolled (like `CasePath`) rather than taken from
/// swift-identified-collections: that package's `IndexSet` methods make the
/// linker pull in all of Foundation and ICU, which cost the app 6 MB of
/// memory and 2–3 ms of every start. Only the operations yaru uses are here.
public struct IdentifiedArray<ID: Hashable, Element: Identifiable> where Element.ID == ID {
  /// The ids, in the elements' order.
  public private(set) var ids: OrderedSet<ID>
  public private(set) var elements: [Element]

  public init() {
    ids = []
    elements = []
  }

  /// The elements in order; their ids must all differ.
  public init(uniqueElements: some Sequence<Element>) {
    elements = Array(uniqueElements)
    ids = OrderedSet(elements.lazy.map { $0.id })
    precondition(ids.count == elements.count, "IdentifiedArray: two elements have the same id")
  }

  // The ids are read with closures, not key paths: this module is not
  // specialized for the element type, and a key path there copied each
  // element to read its id (~1,000 instructions a todo).

  /// The elements in order, trusted to have different ids (checked only in
  /// debug builds): loading 100,000 todos should not hash every id twice.
  public init(uncheckedUniqueElements elements: [Element]) {
    self.elements = elements
    ids = OrderedSet(uncheckedUniqueElements: elements.map { $0.id })
    assert(Set(ids).count == elements.count, "IdentifiedArray: two elements have the same id")
  }

  public func index(id: ID) -> Int? { ids.firstIndex(of: id) }

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
    let (inserted, _) = ids.insert(element.id, at: index)
    precondition(inserted, "IdentifiedArray: an element with this id is already there")
    elements.insert(element, at: index)
  }

  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    ids.remove(at: index)
    return elements.remove(at: index)
  }

  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    index(id: id).map { remove(at: $0) }
  }

  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    try elements.removeAll(where: shouldRemove)
    ids = OrderedSet(uncheckedUniqueElements: elements.map { $0.id })
  }

  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try elements.sort(by: areInIncreasingOrder)
    ids = OrderedSet(uncheckedUniqueElements: elements.map { $0.id })
  }
}

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

  /// Swaps two elements and their ids together. The standard library's
  /// `reverse`, `shuffle`, `partition` and `sort` are built on this; through
  /// the subscript they would trap on the id check.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    ids.swapAt(i, j)
    elements.swapAt(i, j)
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
