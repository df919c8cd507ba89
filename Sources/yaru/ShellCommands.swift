import ArgumentParser
import Foundation
import IdentifiedCollections
import Todos

/// `yaru add`, `yaru ls`, `yaru done`: todo.sh habits for the shell. They read
/// and write the same file with the same atomic save, so they are safe to use
/// while the list is open in the terminal (which picks their change up).
enum ShellFile {
  static func load(_ path: String) throws -> TodoList {
    do {
      return TodoList(parsing: try TodoFile.read(path)?.text ?? "", makeID: { UUID() })
    } catch {
      throw fail(error.message)
    }
  }

  static func save(_ list: TodoList, to path: String) throws {
    do {
      try TodoFile.write(list.formatted(), to: path)
    } catch {
      throw fail(error.message)
    }
  }

  static var today: Day { Day(Date(), in: .current) }

  /// Prints `message` on stderr and ends with status 2.
  static func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("yaru: \(message)\n".utf8))
    return ExitCode(2)
  }

  /// `N line`, numbers padded to the widest, as todo.sh prints them.
  static func numbered(_ number: Int, of count: Int, _ todo: Todo.State) -> String {
    let width = String(max(count, 1)).count
    let digits = String(number)
    return String(repeating: "0", count: width - digits.count) + digits + " " + TodoTxt.format(todo)
  }
}

struct Add: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Add a todo (dated today) at the end of the list.")

  @OptionGroup var file: FileOption
  @Argument(help: "The todo's text, e.g. (A) Call mom +family @phone due:2026-12-01")
  var words: [String]

  func run() throws {
    let text = words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, !text.contains(where: \.isNewline) else { throw ShellFile.fail("a todo needs some text, on one line") }
    var list = try ShellFile.load(file.path)
    var todo = TodoTxt.parse(text[...], id: UUID())
    if todo.creationDate == nil, !todo.isComplete { todo.creationDate = ShellFile.today }
    list.todos.append(todo)
    try ShellFile.save(list, to: file.path)
    print(ShellFile.numbered(list.todos.count, of: list.todos.count, todo))
  }
}

struct ListTodos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ls", abstract: "Print the todos with their numbers, only those matching every TERM if given."
  )

  @OptionGroup var file: FileOption
  @Argument(help: "Words that must all appear (case does not matter).")
  var terms: [String] = []

  func run() throws {
    let list = try ShellFile.load(file.path)
    for (index, todo) in list.todos.enumerated() where terms.allSatisfy({ todo.matches($0) }) {
      print(ShellFile.numbered(index + 1, of: list.todos.count, todo))
    }
  }
}

struct Done: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Mark todo number N complete (dated today).")

  @OptionGroup var file: FileOption
  @Argument(help: "The todo's number, as `yaru ls` shows it.")
  var number: Int

  func run() throws {
    var list = try ShellFile.load(file.path)
    guard list.todos.indices.contains(number - 1) else {
      throw ShellFile.fail("there is no todo number \(number) (the list has \(list.todos.count))")
    }
    let today = ShellFile.today
    var todo = list.todos[number - 1]
    if !todo.isComplete { _ = Todo(today: { today }).reduce(into: &todo, action: .toggleCompleteTapped) }
    list.todos[number - 1] = todo
    try ShellFile.save(list, to: file.path)
    print(ShellFile.numbered(number, of: list.todos.count, todo))
  }
}
