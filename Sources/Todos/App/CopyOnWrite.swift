/// A value kept in a box of its own, copied only when it is written while
/// another copy shares the box (what an array does with its elements).
///
/// The app's state holds its big parts this way: a function the optimizer
/// does not inline is handed a big struct as a copy, and a key hands the
/// state to several (docs/Performance.md, session 28). Read and written
/// through the property, the value is borrowed and changed in place; a key
/// path that writes it (`Scope`) gets it, changes the copy and sets it.
@propertyWrapper
public struct CopyOnWrite<Value> {
  @usableFromInline final class Box {
    // Unchecked at run time: a write goes through a box no other copy
    // holds, and overlapping accesses are caught on the variable holding
    // the wrapper (the app's state), as for a stored property.
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

/// Dumped as the value itself (`yaru --log`, a replay's trace, a test's
/// diff), not as a box. A dump heads a value with its text, and an enum's
/// case is read from it: the box's text is the one a dump gives the value.
extension CopyOnWrite: CustomReflectable, CustomStringConvertible, CustomDebugStringConvertible {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
  public var description: String { String(describing: wrappedValue) }
  public var debugDescription: String {
    let mirror = customMirror
    guard mirror.displayStyle == .enum else { return String(reflecting: Value.self) }
    // A case with a payload is headed by its name, the payload below it.
    if let name = mirror.children.first?.label { return String(reflecting: Value.self) + "." + name }
    return String(reflecting: wrappedValue)
  }
}
