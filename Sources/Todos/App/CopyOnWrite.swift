/// A value kept in a box of its own, copied only when it is written while
/// another copy shares the box (what an array does with its elements).
///
/// The app's state holds its big parts this way. The state is passed by
/// value at every turn of a key (to the input gate, to the observers, to
/// the view), and the optimizer copies a struct passed to a function it
/// does not inline: the state was 1,536 bytes, copied whole nine times a
/// key (14 KB of memcpy, about 220 lines of memory a key touched). Boxed,
/// its big parts are a pointer each.
///
/// Reads borrow the boxed value and writes change it in place while the box
/// is not shared, so an access costs a pointer more than a stored property.
@propertyWrapper
public struct CopyOnWrite<Value> {
  @usableFromInline final class Box {
    // Not checked at run time: only `wrappedValue` reaches it, and a write
    // goes through a box no other copy holds. Overlapping accesses are
    // caught where they begin, on the variable holding the wrapper (the
    // app's state), as for any stored property; checked here as well, each
    // read of the list paid the runtime's check.
    @exclusivity(unchecked) @usableFromInline var value: Value

    @usableFromInline init(_ value: Value) {
      self.value = value
    }
  }

  @usableFromInline var box: Box

  @inlinable public init(wrappedValue: Value) {
    box = Box(wrappedValue)
  }

  @inlinable public var wrappedValue: Value {
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }
}

extension CopyOnWrite: Equatable where Value: Equatable {
  /// The same box holds the same value: a state compared with its copy
  /// (the view's memo, a test's expectation) is not compared part by part.
  @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension CopyOnWrite: CustomReflectable {
  /// Dumped as the value itself (`yaru --log`, a replay's trace), not as a box.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}
