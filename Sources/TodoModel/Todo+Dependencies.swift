/// Dependencies as topydo writes them: `id:X` names a todo, `p:X` makes a
/// todo one of X's parts. Read from the bytes in one pass, so the door can
/// read them for every changed todo and a load for every todo.
extension Todo.State {
  /// The todo's own `id:` (the first, if it has several), when it has one.
  public var dependencyID: Substring? { dependencyTags.id }

  /// The ids of the todos this one is a part of (`p:X`, possibly several).
  public var partOf: [Substring] { dependencyTags.parts }

  /// Both, in one pass over the text; none without a pass when the walk
  /// that read the text's hiding found no such tag (most todos).
  public var dependencyTags: DependencyTags { hiding.namesDependencies ? TagScan.dependencyTags(in: text) : DependencyTags() }
}

/// A todo's `id:` and its `p:` values.
public struct DependencyTags: Sendable {
  public var id: Substring?
  public var parts: [Substring] = []
}
