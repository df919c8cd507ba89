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
    var keptOut = QueryMisses.noBits(count: todos.count)
    for index in todos.indices {
      let searched = visibility.search(todos, at: index)
      if !searched { QueryMisses.note(index, in: &keptOut) }
      if visibility.test(todos, at: index, searched: searched) { count += 1 }
    }
    return (count, QueryMisses(query: query, listVersion: listVersion, bits: keptOut))
  }
}
