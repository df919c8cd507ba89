import IdentifiedCollections
import TodoModel

/// How many todos the search lets through, for the status line. Counting
/// reads the whole list (100,000 todos take tens of milliseconds), so it
/// runs off the main queue on a snapshot, after the keys that change the
/// search or the list, and the line says "counting…" until it is back.
public struct MatchCount: Equatable, Sendable {
  /// What the count was made for: the search, the view and the list's version.
  public struct Key: Equatable, Sendable {
    let query: String
    let filter: Filter
    let hidingOn: Day?
    let listVersion: Int
  }

  let key: Key
  /// Nil while counting.
  var count: Int?

  /// What a count found: how many todos the search lets through and which
  /// it kept out. One reference, so that the action that brings it back is
  /// no larger than a count alone (a larger payload made every action's
  /// copy on a key's path a call to `memcpy`).
  public final class Found: Equatable, Sendable {
    let count: Int
    let misses: QueryMisses?

    init(count: Int, misses: QueryMisses?) {
      (self.count, self.misses) = (count, misses)
    }

    public static func == (a: Found, b: Found) -> Bool { a.count == b.count && a.misses == b.misses }
  }
}

extension ListFeature.State {
  /// How many todos the list shows, in all: the whole list is read. With
  /// a search, which todos it kept out, for the keys that refine it.
  func countVisible() -> (count: Int, misses: QueryMisses?) {
    let visibility = Visibility(self)
    var count = 0
    let todos = todos.elements.span
    guard let query = visibility.query else {
      for index in todos.indices where visibility.test(todos, at: index) { count += 1 }
      return (count, nil)
    }
    var misses = QueryMisses.noBits(count: todos.count)
    for index in todos.indices {
      let searched = visibility.search(todos, at: index)
      if !searched { QueryMisses.note(index, in: &misses) }
      if visibility.test(todos, at: index, searched: searched) { count += 1 }
    }
    return (count, QueryMisses(query: query, listVersion: listVersion, bits: misses))
  }
}
