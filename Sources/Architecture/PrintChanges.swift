extension Reducer {
  /// Writes every action and the −/+ diff of the state it caused to `sink`:
  /// what `yaru --log FILE` shows. Debugging only: dumping costs time.
  ///
  /// Built on the standard library's `dump` and `difference(from:)` rather than
  /// swift-custom-dump, which links FoundationNetworking (curl, TLS…) into the
  /// app and rules out a statically linked, fast-starting binary.
  public func _printChanges(to sink: @escaping (String) -> Void) -> Reduce<State, Action> {
    Reduce { state, action in
      let old = state
      let effect = self.reduce(into: &state, action: action)
      var message = "received action:\n  \(String(reflecting: action))\n"
      let changes = lineDiff(dumpLines(old), dumpLines(state))
      message += changes.isEmpty ? "  (No state changes)\n" : changes.map { $0 + "\n" }.joined()
      sink(message)
      return effect
    }
  }
}

private func dumpLines(_ value: some Any) -> [Substring] {
  var text = ""
  dump(value, to: &text)
  return text.split(separator: "\n").map(namedAsInCode)
}

/// A property wrapper's storage is `_name` in a mirror: dumped as `name`,
/// the property the code reads.
private func namedAsInCode(_ line: Substring) -> Substring {
  let indent = line.prefix { $0 == " " }
  let rest = line.dropFirst(indent.count)
  guard rest.hasPrefix("▿ _") || rest.hasPrefix("- _") else { return line }
  // A label: a name, then a colon.
  let name = rest.dropFirst(3).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
  guard !name.isEmpty, rest.dropFirst(3 + name.count).hasPrefix(":") else { return line }
  return Substring(indent + rest.prefix(2) + rest.dropFirst(3))
}

/// Changed lines marked `−`/`+`, each run with up to `context` unchanged lines
/// around it; `…` where unchanged lines are left out. Empty when equal.
func lineDiff(_ old: [Substring], _ new: [Substring], context: Int = 2) -> [String] {
  let difference = new.difference(from: old)
  guard !difference.isEmpty else { return [] }
  var removed = Set<Int>(), inserted = Set<Int>()
  for change in difference {
    switch change {
    case .remove(let offset, _, _): removed.insert(offset)
    case .insert(let offset, _, _): inserted.insert(offset)
    }
  }
  var merged: [(mark: String, line: Substring)] = []
  var i = 0, j = 0
  while i < old.count || j < new.count {
    if i < old.count, removed.contains(i) {
      merged.append(("−", old[i])); i += 1
    } else if j < new.count, inserted.contains(j) {
      merged.append(("+", new[j])); j += 1
    } else {
      merged.append((" ", new[j])); i += 1; j += 1
    }
  }
  var shown = [Bool](repeating: false, count: merged.count)
  for index in merged.indices where merged[index].mark != " " {
    for near in max(0, index - context)...min(merged.count - 1, index + context) { shown[near] = true }
  }
  var output: [String] = []
  var lastShown = -1
  for index in merged.indices where shown[index] {
    if index > lastShown + 1 { output.append("  …") }
    output.append(merged[index].mark + " " + merged[index].line)
    lastShown = index
  }
  if lastShown < merged.count - 1 { output.append("  …") }
  return output
}
