import Foundation
import TodoModel
import Todos

/// What a list read whole costs the sorted orders and the dependencies
/// (issue 28): the blocked map built from every todo (at load and after an
/// outside change), the agenda sorted whole (its first showing, a new day),
/// and the runs of bytes a search passes todos over by (its first time).
func orderRows(count: Int) -> [Row] {
  let list = TodoList(parsing: TodoFixtures.text(lines: count), makeID: { UUID() })
  let label = "\(grouped(count)) todos"
  var map = Samples(), agenda = Samples(), grams = Samples()
  for _ in 0..<12 {
    // A list's first search works out every todo's runs of bytes on the
    // I/O queue (`LineGrams`), which the door then keeps.
    grams.add(milliseconds { _ = LineGrams(list.todos) })
    map.add(milliseconds { _ = Dependencies(list.todos) })
    agenda.add(milliseconds {
      _ = AgendaListing.rows(list.todos, today: Day(year: 2026, month: 12, day: 1)!, including: { _ in true })
    })
  }
  return [
    Row(name: "the blocked map (id:/p:) built whole, \(label)", p50: format(ms: map.p50), p99: format(ms: map.p99), target: ""),
    Row(name: "yaru ls --agenda's order and headings, \(label)", p50: format(ms: agenda.p50), p99: format(ms: agenda.p99), target: ""),
    Row(name: "a list's first search: every todo's runs of bytes (I/O queue), \(label)", p50: format(ms: grams.p50), p99: format(ms: grams.p99), target: ""),
  ]
}
