/// Dependencies as topydo writes them: `id:X` names a todo, `p:X` makes a
/// todo one of X's parts. Read from the bytes, so the door can read them
/// for every changed todo and a load for every todo.
extension Todo.State {
  /// The todo's own `id:` (the first, if it has several), when it has one.
  public var dependencyID: Substring? {
    TagScan.values(of: "id:", in: text).first.flatMap { $0.contains(":") ? nil : $0 }
  }

  /// The ids of the todos this one is a part of (`p:X`, possibly several).
  public var partOf: [Substring] {
    TagScan.values(of: "p:", in: text).filter { !$0.contains(":") }
  }
}
