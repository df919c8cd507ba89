import Foundation
import TodoModel
import TodoStorage
import Todos

/// Reading, parsing, formatting and atomically saving todo files of `counts`
/// lines, in a fresh temporary folder.
func fileRows(counts: [Int], folder: String) throws -> [Row] {
  var rows: [Row] = []
  for count in counts {
    let path = folder + "/todo-\(count).txt"
    let text = TodoFixtures.text(lines: count)
    _ = try TodoFile.write(text, to: path, expecting: .anything)
    let iterations = 20
    var parse = Samples(), load = Samples(), formatting = Samples(), save = Samples(), rehash = Samples(), merge = Samples()
    // An outside change merged with one of ours: they append, we edit the middle line.
    let base = TodoList.lines(of: text)
    var ours = base, theirs = base
    ours[count / 2] += " edited"
    theirs.append("added elsewhere")
    var list = TodoList(todos: [])
    for _ in 0..<iterations {
      parse.add(milliseconds { list = TodoList(parsing: text, makeID: UUID.seededRandom()) })
      load.add(try milliseconds {
        guard let (read, _) = try TodoFile.read(path) else { fatalError("\(path) vanished") }
        list = TodoList(parsing: read, makeID: UUID.seededRandom())
      })
      var formatted = ""
      formatting.add(milliseconds { formatted = list.formatted() })
      precondition(formatted == text, "the codec must give back the same bytes")
      save.add(try milliseconds { _ = try TodoFile.write(list.formatted(), to: path, expecting: .anything) })
      rehash.add(milliseconds { _ = TodoFile.stamp(path, unlessSameAs: nil) })
      merge.add(milliseconds { _ = LineMerge.merge(base: base, ours: ours, theirs: theirs) })
    }
    let lines = "\(grouped(count)) lines"
    let limit = 150.0
    func row(_ name: String, _ samples: Samples, target: Bool) -> Row {
      Row(name: "\(name), \(lines)", p50: format(ms: samples.p50), p99: format(ms: samples.p99),
          target: target && count >= 100_000 ? verdict("p50 < 150 ms", samples.p50 < limit) : "")
    }
    rows += [
      row("parse", parse, target: false),
      row("load: read + parse", load, target: true),
      row("format", formatting, target: false),
      row("save: format + atomic write + fsync", save, target: true),
      row("change check with hash (every 5 s, I/O queue)", rehash, target: true),
      row("merge an outside change (I/O-free, main queue)", merge, target: true),
    ]
  }
  return rows
}
