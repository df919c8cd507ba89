import Foundation
import TodoModel
import Todos

/// What a list read whole costs the sorted orders and the dependencies
/// (issue 28): the blocked map built from every todo (at load and after an
/// outside change), and the agenda sorted whole (its first showing, a new day).
func orderRows(count: Int) -> [Row] {
  let list = TodoList(parsing: TodoFixtures.text(lines: count), makeID: { UUID() })
  let label = "\(grouped(count)) todos"
  var map = Samples(), agenda = Samples()
  for _ in 0..<12 {
    map.add(milliseconds { _ = Dependencies(list.todos) })
    agenda.add(milliseconds {
      _ = AgendaListing.rows(list.todos, today: Day(year: 2026, month: 12, day: 1)!, including: { _ in true })
    })
  }
  return [
    Row(name: "the blocked map (id:/p:) built whole, \(label)", p50: format(ms: map.p50), p99: format(ms: map.p99), target: ""),
    Row(name: "yaru ls --agenda's order and headings, \(label)", p50: format(ms: agenda.p50), p99: format(ms: agenda.p99), target: ""),
  ]
}
