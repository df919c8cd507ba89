import Testing
@testable import Todos

/// The config file: every kind of mistake stops yaru with `PATH:LINE: what`,
/// naming the right line; what is right is read as written.
struct ConfigTests {
  @Test func everySettingIsRead() throws {
    let config = try Config.parse("""
      # mine
      file = "~/todo/todo.txt"   # the list
      done-file = "~/todo/done.txt"
      clock = "12h"
      order = "due"
      show-hidden = true
      """, path: "c.toml")
    #expect(config.file == "~/todo/todo.txt" && config.doneFile == "~/todo/done.txt")
    #expect(config.clock == .h12 && config.order == .dueDate && config.showsHidden)
    var state = config.applied(to: AppReducer.State(now: .init(timeIntervalSince1970: 0)))
    #expect(!state.uses24HourClock && state.showsClock && state.order == .dueDate && state.showsHidden)
    state = (try Config.parse("clock = \"off\"", path: "c")).applied(to: state)
    #expect(!state.showsClock)
    #expect(try Config.parse("", path: "c") == Config(), "an empty file is no configuration")
    #expect(try Config.parse("file = \"tab\\there \\u00e9 \\\"q\\\"\"\r\n", path: "c").file == "tab\there é \"q\"")
  }

  @Test(arguments: [
    // (file, the line named, words of the message)
    ("clock = \"24h\"\nclok = \"12h\"", 2, "unknown setting clok"),
    ("\n\norder = \"random\"", 3, "order is \"manual\", \"priority\" or \"due\""),
    ("clock = \"noon\"", 1, "clock is \"24h\", \"12h\" or \"off\""),
    ("show-hidden = \"yes\"", 1, "show-hidden takes true or false"),
    ("file = true", 1, "file takes a \"string\""),
    ("file = \"a\"\nfile = \"b\"", 2, "file is set twice"),
    ("file = \"unclosed", 1, "not closed"),
    ("file = 'single'", 1, "a value is a \"string\", true or false"),
    ("file \"x\"", 1, "expected = after file"),
    ("clock = \"24h\" extra", 1, "unexpected extra"),
    ("[keys\n", 1, "ends with ]"),
    ("# ok\n[views]\nwork = \"+work\"", 3, "[views] is not understood"),
    ("[colors]\n[colors]", 2, "twice"),
    ("file = \"bad \\q escape\"", 1, "unknown escape"),
    ("= \"x\"", 1, "expected a name"),
    ("[keys]\n\"ctrl-d\" = \"delete\"\n\"hyper-x\" = \"edit\"", 3, "unknown key hyper-x"),
    ("[keys]\nj = \"jump\"", 2, "unknown command jump"),
    ("[keys]\n\"ctrl-d\" = \"delete\"\n\"Ctrl-D\" = \"edit\"", 3, "Ctrl-D is bound twice"),
    ("[keys]\nj = true", 2, "command name in quotes"),
  ])
  func eachMistakeNamesItsLine(_ text: String, _ line: Int, _ words: String) {
    do {
      _ = try Config.parse(text, path: "/home/u/.config/yaru/config.toml")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.description.hasPrefix("/home/u/.config/yaru/config.toml:\(line): "), "\(error.description)")
      #expect(error.description.contains(words), "\(error.description)")
    }
  }

  /// `[keys]` goes over the keymap: a key to a command by name, or none.
  @Test func keysAreBoundByCommandName() throws {
    let config = try Config.parse("[keys]\n\"ctrl-d\" = \"delete\"\nx = \"none\"\nenter = \"toggle\"", path: "c")
    var state = config.applied(to: AppReducer.State(todos: todos("one"), now: startDate))
    state.file.phase = .ready
    state.selection = id(101)
    #expect(Keymap.action(for: .control("d"), in: state) == .deleteSelected)
    #expect(Keymap.action(for: "x", in: state) == nil, "unbound")
    #expect(Keymap.action(for: .enter, in: state) == .todo(id: id(101), action: .toggleCompleteTapped))
    #expect(Keymap.action(for: " ", in: state) == .todo(id: id(101), action: .toggleCompleteTapped), "the other default key stays")
    let toggle = Keymap.commands(config.keys).first { $0.name == "toggle" }!
    #expect(toggle.keys == [" ", .enter])
    #expect(Keymap.commandNames.count == Set(Keymap.commandNames).count, "names are unique")
  }

  /// Whatever the bytes, the parser answers (a config or an error), never
  /// crashes or hangs: random lines made of TOML's own pieces.
  @Test func anyInputGetsAnAnswer() {
    var generator = SeededGenerator(state: 11)
    let pieces = ["file", "=", " ", "\"", "\\", "u", "00", "[", "]", "#", "true", "clock", "\n", "é", "\t", "\r", "-", "x"]
    for _ in 0..<3_000 {
      let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      _ = try? Config.parse(text, path: "p")
    }
  }
}
