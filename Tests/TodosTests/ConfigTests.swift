import Terminal
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
      history = 2_500
      history-days = 30
      """, path: "c.toml")
    #expect(config.historySteps == 2_500 && config.historyDays == 30)
    #expect(config.file == "~/todo/todo.txt" && config.doneFile == "~/todo/done.txt")
    #expect(config.clock == .h12 && config.order == .dueDate && config.showsHidden)
    var state = config.applied(to: AppReducer.State(now: .init(timeIntervalSince1970: 0)))
    #expect(!state.settings.uses24HourClock && state.settings.showsClock && state.list.order == .dueDate && state.list.showsHidden)
    state = (try Config.parse("clock = \"off\"", path: "c")).applied(to: state)
    #expect(!state.settings.showsClock)
    #expect(try Config.parse("", path: "c") == Config(), "an empty file is no configuration")
    #expect(try Config.parse("file = \"tab\\there \\u00e9 \\\"q\\\"\"\r\n", path: "c").file == "tab\there é \"q\"")
  }

  @Test(arguments: [
    // (file, the line named, words of the message)
    ("clock = \"24h\"\nclok = \"12h\"", 2, "unknown setting clok"),
    ("\n\norder = \"random\"", 3, "order is \"manual\", \"priority\", \"due\" or \"agenda\""),
    ("clock = \"noon\"", 1, "clock is \"24h\", \"12h\" or \"off\""),
    ("show-hidden = \"yes\"", 1, "show-hidden takes true or false"),
    ("add-at = \"bottom\"", 1, "add-at is \"top\" or \"end\", not \"bottom\""),
    ("history = -1", 1, "history is a number of steps, 0 or more"),
    ("history-days = \"90\"", 1, "history-days takes a number, such as 90"),
    ("history = 1_", 1, "a value is a \"string\", a number, true or false"),
    ("file = true", 1, "file takes a \"string\""),
    ("file = \"a\"\nfile = \"b\"", 2, "file is set twice"),
    ("file = \"unclosed", 1, "not closed"),
    ("file = 'single'", 1, "a value is a \"string\", a number, true or false"),
    ("file \"x\"", 1, "expected = after file"),
    ("clock = \"24h\" extra", 1, "unexpected extra"),
    ("[keys\n", 1, "ends with ]"),
    ("# ok\n[sounds]\nbell = true", 2, "[sounds] is not understood"),
    ("[keys]\n[empty]", 2, "[empty] is not understood"),
    ("[colors]\nprojcet = \"cyan\"", 2, "unknown element projcet"),
    ("[colors]\nproject = \"cyan\"\ncontext = \"blue+purple\"", 3, "\"blue+purple\" is not a style"),
    ("[colors]\noverdue = \"red+green\"", 2, "one colour"),
    ("[colors]\noverdue = true", 2, "a colour is a style in quotes"),
    ("[views]\nwork = \"+work\"\nnone = \"  \"", 3, "the view none has an empty search"),
    ("[views]\nwork = false", 2, "a view is a search in quotes"),
    ("[views]\nwork = \"+work\"\nsoon = \"due:<=1w due:<tomorow\"", 3, "the view soon: due:<tomorow is not understood (not a date)"),
    ("[views]\nwork = \"+work\"\nwork = \"@work\"", 3, "work is set twice"),
    ("[colors]\n[colors]", 2, "twice"),
    ("file = \"bad \\q escape\"", 1, "unknown escape"),
    ("= \"x\"", 1, "expected a name"),
    ("[keys]\n\"ctrl-d\" = \"delete\"\n\"hyper-x\" = \"edit\"", 3, "unknown key hyper-x"),
    ("[keys]\nj = \"jump\"", 2, "unknown command jump"),
    ("[keys]\n\"ctrl-d\" = \"delete\"\n\"Ctrl-D\" = \"edit\"", 3, "Ctrl-D is bound twice"),
    ("[keys]\nj = true", 2, "command name in quotes"),
    // No way left to quit: the line that took the last one away.
    ("[keys]\nq = \"none\"\n\"ctrl-c\" = \"none\"\nj = \"next\"", 3, "no key is left to quit yaru (q and Ctrl-C are taken away)"),
    ("[keys]\n\"ctrl-c\" = \"edit\"\nq = \"delete\"", 3, "no key is left to quit"),
    ("[macros]\nF5 = 5", 2, "a macro key is bound to a file's path in quotes"),
    ("[macros]\n\"hyper-x\" = \"w.yaru\"", 2, "unknown key hyper-x"),
    ("[keys]\nF5 = \"edit\"\n[macros]\nF5 = \"w.yaru\"", 4, "F5 is bound twice"),
    ("[macros]\nF5 = \"w.yaru\"\n[keys]\nF5 = \"edit\"", 4, "F5 is bound twice"),
    ("[keys]\n\"ctrl-c\" = \"none\"\n[macros]\nq = \"w.yaru\"", 4, "no key is left to quit"),
  ])
  func eachMistakeNamesItsLine(_ text: String, _ line: Int, _ words: String) {
    expectFailure(at: "/home/u/.config/yaru/config.toml", line: line, saying: words) { () throws(Config.Failure) in
      _ = try Config.parse(text, path: "/home/u/.config/yaru/config.toml")
    }
  }

  /// `[macros]`: a key plays a file, a relative path the config's folder's.
  @Test func macroKeysNameFiles() throws {
    let config = try Config.parse("[macros]\nF5 = \"w.yaru\"\n\"alt-m\" = \"~/m.yaru\"\n\"ctrl-t\" = \"/m/t.yaru\"", path: "/c/config.toml")
    #expect(config.macroFiles == [.function(5): "/c/w.yaru", .alt("m"): "~/m.yaru", .control("t"): "/m/t.yaru"])
    #expect(config.applied(to: AppReducer.State(now: startDate)).settings.macroFiles == config.macroFiles)
  }

  /// `[keys]` goes over the keymap: a key to a command by name, or none.
  @Test func keysAreBoundByCommandName() throws {
    let config = try Config.parse("[keys]\n\"ctrl-d\" = \"delete\"\nx = \"none\"\nenter = \"toggle\"", path: "c")
    var state = config.applied(to: AppReducer.State(todos: todos("one"), now: startDate))
    state.file.phase = .ready
    state.list.selection = id(101)
    #expect(Keymap.action(for: .control("d"), in: state) == .list(.act(.delete)))
    #expect(Keymap.action(for: "x", in: state) == nil, "unbound")
    #expect(Keymap.action(for: .enter, in: state) == .list(.act(.todo(.toggleCompleteTapped))))
    #expect(Keymap.action(for: " ", in: state) == .list(.act(.todo(.toggleCompleteTapped))), "the other default key stays")
    let toggle = Keymap.commands(config.keys).first { $0.name == "toggle" }!
    #expect(toggle.keys == [" ", .enter])
    #expect(Keymap.commandNames.count == Set(Keymap.commandNames).count, "names are unique")
  }

  /// Quitting may move to other keys; taking one of its keys away is fine.
  @Test func quittingMayMoveToOtherKeys() throws {
    let moved = try Config.parse("[keys]\nq = \"none\"\n\"ctrl-c\" = \"none\"\nQ = \"quit\"", path: "c")
    #expect(Keymap.commands(moved.keys).first { $0.name == "quit" }?.keys == ["Q"])
    _ = try Config.parse("[keys]\nq = \"none\"", path: "c")
  }

  /// `[colors]` go over the standard theme, element by element.
  @Test func colorsGoOverTheStandardTheme() throws {
    let config = try Config.parse("[colors]\npriority-a = \"bold+red\"\nselection = \"underline+cyan\"\nproject = \"plain\"", path: "c")
    #expect(config.theme[.priorityA] == Style(bold: true, foreground: .red))
    #expect(config.theme[.selection] == Style(underline: true, foreground: .cyan))
    #expect(config.theme[.project] == .plain)
    #expect(config.theme[.context] == Theme.standard[.context], "what the file does not name stays")
    let state = config.applied(to: AppReducer.State.loaded(["(A) Call +mom"]))
    let frame = AppView.render(state, Size(columns: 40, rows: 8))
    #expect(frame[5, 1].style == Style(bold: true, underline: true, foreground: .cyan), "(A) under the selection's colour")
    #expect(!frame[13, 1].style.reverse && frame[13, 1].style.underline, "+mom: plain, then the selection")
    #expect(Theme.Element.allCases.map(\.name).count == Set(Theme.Element.allCases.map(\.name)).count, "names are unique")
    for element in Theme.Element.allCases { #expect(Theme.Element(name: element.name) == element) }
  }

  /// `[views]` keep the file's order; `--view` and `ls --view` find them by name.
  @Test func viewsAreNamedSearchesInTheFilesOrder() throws {
    let config = try Config.parse("[views]\nwork = \"+work -@phone\"\n\"due soon\" = \"due:week\"", path: "c")
    #expect(config.views == [.init(name: "work", query: "+work -@phone"), .init(name: "due soon", query: "due:week")])
    #expect(try config.view(named: "due soon").query == "due:week")
    #expect(throws: Config.Failure(description: "there is no view home (views: work, due soon)")) { try config.view(named: "home") }
    #expect(throws: Config.Failure(description: "there is no view x (the config file has no [views])")) {
      try Config().view(named: "x")
    }
  }

  /// `[lists]` keep the file's order; `--list` finds them by name; a list
  /// that is no path, a file named twice and a tenth list (`T` takes one
  /// digit) are refused, naming the line.
  @Test func listsAreTodoFilesByNameInTheFilesOrder() throws {
    let config = try Config.parse("[lists]\nhome = \"~/todo/todo.txt\"\n\"some day\" = \"someday.txt\"", path: "c")
    #expect(config.lists == [.init(name: "home", path: "~/todo/todo.txt"), .init(name: "some day", path: "someday.txt")])
    #expect(try config.list(named: "some day").path == "someday.txt")
    #expect(throws: Config.Failure(description: "there is no list work (lists: home, some day)")) { try config.list(named: "work") }
    #expect(throws: Config.Failure(description: "there is no list x (the config file has no [lists])")) { try Config().list(named: "x") }
    expectFailure(at: "c", line: 3, saying: "a list is the path of its todo file in quotes") { () throws(Config.Failure) in
      _ = try Config.parse("[lists]\nhome = \"a.txt\"\nwork = true", path: "c")
    }
    expectFailure(at: "c", line: 2, saying: "the list home has no path") { () throws(Config.Failure) in _ = try Config.parse("[lists]\nhome = \" \"", path: "c") }
    expectFailure(at: "c", line: 3, saying: "the lists home and work name the same file") { () throws(Config.Failure) in
      _ = try Config.parse("[lists]\nhome = \"a.txt\"\nwork = \"a.txt\"", path: "c")
    }
    let ten = (1...10).map { "l\($0) = \"\($0).txt\"" }.joined(separator: "\n")
    expectFailure(at: "c", line: 11, saying: "at most 9 lists (T takes one digit)") { () throws(Config.Failure) in _ = try Config.parse("[lists]\n" + ten, path: "c") }
  }

  /// TOML's own rules for the subset yaru reads: each line here is valid
  /// TOML and means what TOML says, or is invalid TOML and refused.
  @Test(arguments: [
    ("key = \"value\"", "key", "value"),
    ("bare_key = \"value\"", "bare_key", "value"),
    ("bare-key = \"value\"", "bare-key", "value"),
    ("1234 = \"value\"", "1234", "value"),
    ("\"127.0.0.1\" = \"value\"", "127.0.0.1", "value"),
    ("\"character encoding\" = \"value\"", "character encoding", "value"),
    ("\"ʎǝʞ\" = \"value\"", "ʎǝʞ", "value"),
    ("\"\" = \"blank\"", "", "blank"),
    ("str = \"I'm a string. \\\"You can quote me\\\". Name\\tJos\\u00E9\\nLocation\\tSF.\"", "str",
     "I'm a string. \"You can quote me\". Name\tJosé\nLocation\tSF."),
    ("key = \"value\"  # a comment after the value", "key", "value"),
    ("  indented = \"value\"", "indented", "value"),
    ("spaced\t=\t\"value\"", "spaced", "value"),
    ("hash = \"# not a comment\"", "hash", "# not a comment"),
  ])
  func tomlsValidLinesMeanWhatTOMLSays(_ line: String, _ key: String, _ value: String) throws {
    #expect(try ConfigParser.parse(line) == [.init(table: "", key: key, value: .string(value), line: 1)])
  }

  @Test(arguments: [
    "key = # no value",
    "= \"no key name\"",
    "first = \"Tom\" last = \"Preston-Werner\"",
    "key = \"multi\nline\"",
    "name = \"a\"\nname = \"b\"",
    "[table]\n[table]",
    "key = \"\\x41\"",
    "key = \"\\u00\"",
    "key = True",
    "\"open = \"value\"",
  ])
  func tomlsInvalidLinesAreRefused(_ text: String) {
    #expect(throws: ConfigParser.Failure.self) { try ConfigParser.parse(text) }
  }

  /// Whatever the bytes, the parser answers (a config or an error), never
  /// crashes or hangs: random lines made of TOML's own pieces.
  @Test func anyInputGetsAnAnswer() {
    var generator = SeededGenerator(state: 11)
    let pieces = ["file", "=", " ", "\"", "\\", "u", "00", "[", "]", "#", "true", "clock", "\n", "é", "\t", "\r", "-", "x", "🍣", "\u{0}", "\u{7F}", "\u{2028}", "[colors]", "[keys]", "bold+red"]
    for _ in 0..<3_000 {
      let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      _ = try? Config.parse(text, path: "p")
    }
  }
}
