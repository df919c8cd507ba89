import IdentifiedCollections
import TodoModel

/// The agenda as `yaru ls --agenda` prints it: the rows the screen's
/// agenda shows (the same order, the same headings) for the todos
/// `including` lets through, with no filter, hiding or sink.
public enum AgendaListing {
  public static func rows(
    _ todos: IdentifiedArrayOf<Todo.State>, today: Day, including: (Todo.State) -> Bool
  ) -> [ListRow] {
    let dependencies = Dependencies(todos)
    let order = ScreenOrder(todos, by: .agenda, today: today, isBlocked: { dependencies.isBlocked($0) })
    var rows: [ListRow] = []
    var last: AgendaGroup?
    // The active todos under their headings, then the completed ones.
    for completed in [false, true] {
      for place in todos.indices {
        let index = order.fileIndex(at: place)
        let todo = todos[index]
        guard todo.isComplete == completed, !todo.isBlankLine, including(todo) else { continue }
        if !completed, order.agendaGroup(ofFileIndex: index) != last {
          last = order.agendaGroup(ofFileIndex: index)
          rows.append(.heading(last!))
        }
        rows.append(.todo(index))
      }
    }
    return rows
  }
}
