import Terminal
import TodoModel

/// The one table from (mode, key) to what the key does. Every binding of the
/// fixed interface (docs/Keys.md) is a row here, and the help overlay is printed
/// from these rows, so the two can never disagree. Keys with no row do nothing.
public enum Keymap {
  public enum Mode: Hashable, Sendable, CaseIterable {
    case list, edit, search, help, history, priority, prompt, register
    /// After `T`: a digit, the list to move to.
    case listNumber

    public init(_ mode: AppReducer.Mode) {
      switch mode {
      case .list: self = .list
      case .editing: self = .edit
      case .searching: self = .search
      case .help: self = .help
      case .history: self = .history
      case .choosingPriority: self = .priority
      case .prompting: self = .prompt
      case .choosingList: self = .listNumber
      case .choosingRegister: self = .register
      }
    }
  }

  /// What a binding does. Most are plain actions; a few act on the todos
  /// in hand when the key is pressed: the marked ones, else the selected one.
  public enum Command: Equatable, Sendable {
    case send(AppReducer.Action)
    /// A change to the todos in hand (`x`, `p`, `P` letter, `d`, `>`, `<`):
    /// nothing without a selection or marks.
    case act(ListFeature.Command)
    /// `+`, `-`: the words prompt, when there are todos in hand.
    case prompt(AppReducer.WordsPrompt.Kind)
    /// `T`: wait for a list's number, when there are todos in hand.
    case listChoice
  }

  public struct Binding: Sendable {
    public let mode: Mode
    /// The list's commands have a name, stable, that the config file's
    /// `[keys]` table and `yaru keys` use; nil elsewhere.
    public var name: String? = nil
    public let keys: [Key]
    public let command: Command
    public let help: String
  }

  /// The action for `key` in `state`, or nil when the key means nothing there.
  public static func action(for key: Key, in state: AppReducer.State) -> AppReducer.Action? {
    let mode = Mode(state.mode)
    if mode == .list, state.macros.bound[key] != nil {
      return .macro(.playBound(key))
    }
    if mode == .list, let name = state.settings.keyOverrides.commands[key] {
      return listBindings.first { $0.name == name }.flatMap { resolve($0.command, in: state) }
    }
    if let index = table[Lookup(mode: mode, key: key)] {
      return resolve(bindings[index].command, in: state)
    }
    // Edit and search mode type every printable key into the line, and a
    // paste as one line; in the list a paste adds its lines as todos.
    switch (mode, key) {
    case (.edit, .character(let character)), (.search, .character(let character)), (.prompt, .character(let character)):
      return .editor(.insert(String(character)))
    case (.edit, .paste(let text)), (.search, .paste(let text)), (.prompt, .paste(let text)):
      return .editor(.insert(String(text.map { $0.isNewline ? " " : $0 })))
    case (.list, .paste(let text)):
      return .pasteTodos(text)
    case (.list, .click(let column, let row)):
      return AppView.action(forClickAt: column, row: row, in: state)
    case (.list, .wheelDown):
      return .list(.selectNext)
    case (.list, .wheelUp):
      return .list(.selectPrevious)
    case (.help, .wheelDown):
      return .scrollHelp(.lineDown)
    case (.help, .wheelUp):
      return .scrollHelp(.lineUp)
    default:
      return nil  // an Alt key or any other key with no binding does nothing
    }
  }

  /// The help overlay's lines for one mode: keys, then what they do.
  /// With `overrides`, the list's keys are the ones in force.
  public static func help(for mode: Mode, overrides: KeyOverrides = KeyOverrides()) -> [(keys: String, action: String)] {
    // After `P` the 26 letters are one line.
    let shown = bindings.filter { $0.mode == mode && !($0.mode == .priority && $0.keys.count == 2) && !$0.help.isEmpty }
    var lines = shown.compactMap { binding -> (keys: String, action: String)? in
      let keys = mode == .list ? keys(of: binding, overrides) : binding.keys
      return keys.isEmpty ? nil : (keys: keys.map(\.name).joined(separator: ", "), action: binding.help)
    }
    if mode == .edit || mode == .search || mode == .prompt {
      lines.insert((keys: "any character", action: "type it at the cursor"), at: 0)
    }
    if mode == .priority {
      lines.insert((keys: "A–Z", action: "that priority (a–z too)"), at: 0)
    }
    if mode == .register {
      lines.insert((keys: "a–z", action: "the macro of that letter"), at: 0)
    }
    return lines
  }

  /// Every list command's stable name, in the help's order.
  public static var commandNames: [String] { listBindings.compactMap(\.name) }

  /// Each list command: its name, the keys bound to it (the user's
  /// included, the ones they took away left out) and what it does.
  public static func commands(_ overrides: KeyOverrides) -> [(name: String, keys: [Key], help: String)] {
    listBindings.compactMap { binding in binding.name.map { ($0, keys(of: binding, overrides), binding.help) } }
  }

  private static func keys(of binding: Binding, _ overrides: KeyOverrides) -> [Key] {
    let defaults = binding.keys.filter { overrides.commands[$0] == nil }
    let added = overrides.commands.filter { $0.value == binding.name }.map(\.key).sorted { $0.name < $1.name }
    return defaults + added
  }

  private static func resolve(_ command: Command, in state: AppReducer.State) -> AppReducer.Action? {
    switch command {
    case .send(let action): action
    case .act(let command): state.hasTodosInHand ? .list(.act(command)) : nil
    case .prompt(let kind): state.hasTodosInHand ? .startWordsPrompt(kind) : nil
    case .listChoice: state.hasTodosInHand ? .chooseList : nil
    }
  }

  private struct Lookup: Hashable {
    let mode: Mode
    let key: Key
  }

  /// Each binding's place in `bindings`, not its command: a command holds
  /// an action, and a table of them took 209 KB (8 bytes a key now).
  private static let table: [Lookup: Int] = {
    var table = [Lookup: Int](minimumCapacity: bindings.reduce(0) { $0 + $1.keys.count })
    for (index, binding) in bindings.enumerated() {
      for key in binding.keys {
        let earlier = table.updateValue(index, forKey: Lookup(mode: binding.mode, key: key))
        precondition(earlier == nil, "\(key.name) bound twice in \(binding.mode)")
      }
    }
    return table
  }()

  /// Builds the keymap's tables now (1.6 M instructions, most of them the
  /// runtime making the table's generic types), so that the first key
  /// does not pay for them: the program calls it once its first frame is
  /// on screen.
  public static func prepare() {
    _ = table.count
  }

  public static let bindings: [Binding] = listBindings + lineBindings(.edit) + lineBindings(.search) + lineBindings(.prompt)
    + helpBindings + historyBindings + priorityBindings + registerBindings + listNumberBindings

  private static let listBindings: [Binding] = [
    bind(.list, "next", ["j", .down], .list(.selectNext), "next todo"),
    bind(.list, "previous", ["k", .up], .list(.selectPrevious), "previous todo"),
    bind(.list, "first", ["g", .home], .list(.selectFirst), "first todo"),
    bind(.list, "last", ["G", .end], .list(.selectLast), "last todo"),
    bind(.list, "page-down", [.pageDown, .control("f")], .list(.pageDown), "screen down"),
    bind(.list, "page-up", [.pageUp, .control("b")], .list(.pageUp), "screen up"),
    bind(.list, "add", ["a"], .addTodo(.top), "add at the top"),
    bind(.list, "add-below", ["o"], .addTodo(.below), "add below"),
    bind(.list, "add-above", ["O"], .addTodo(.above), "add above"),
    bind(.list, "add-part", ["b"], .addPart, "add a part (subtask) below: ids id:/p: written for you"),
    bind(.list, "edit", ["e", .enter], .editSelected, "edit"),
    act("toggle", ["x", " "], .todo(.toggleCompleteTapped), "complete / re-open"),
    act("delete", ["d", .delete], .delete, "delete"),
    bind(.list, "move-down", ["J"], .list(.moveSelected(.down)), "move down"),
    bind(.list, "move-up", ["K"], .list(.moveSelected(.up)), "move up"),
    act("priority", ["p"], .todo(.priorityCycled), "priority: none, A, B, C"),
    bind(.list, "set-priority", ["P"], .choosePriority, "priority: then a letter, or Space for none"),
    act("postpone", [">"], .todo(.postponed(days: 1)), "due: a day later (none: tomorrow), t: with it"),
    act("earlier", ["<"], .todo(.postponed(days: -1)), "due: a day earlier, t: with it"),
    Binding(mode: .list, name: "add-words", keys: ["+"], command: .prompt(.add), help: "add words: +p @c due:fri (A)"),
    Binding(mode: .list, name: "remove-words", keys: ["-"], command: .prompt(.remove), help: "remove words (due: alone: any due:)"),
    bind(.list, "repeat", ["."], .list(.repeatLastChange), "repeat the last change"),
    bind(.list, "record-macro", ["Q"], .macro(.recordTapped), "record a macro: then a letter; Q again stops"),
    bind(.list, "play-macro", ["@"], .macro(.playTapped), "play a macro: then its letter, or @ for the last"),
    bind(.list, "mark", ["m"], .list(.toggleMark), "mark / unmark, then next (keys act on the marked)"),
    bind(.list, "mark-visible", ["M"], .list(.markVisible), "mark all shown (again: unmark them)"),
    bind(.list, "filter", ["f"], .list(.cycleFilter), "filter"),
    bind(.list, "hidden", ["H"], .list(.toggleHidden), "show hidden todos (h:1, later t:)"),
    bind(.list, "order", ["s"], .list(.cycleOrder), "order: manual, priority, due date, agenda"),
    bind(.list, "view", ["v"], .search(.nextView), "next view (the config's [views]), then none"),
    bind(.list, "clear-completed", ["C"], .list(.clearCompleted), "clear completed"),
    bind(.list, "archive", ["A"], .archiveCompleted, "archive completed to done.txt"),
    bind(.list, "search", ["/"], .startSearch, "search"),
    bind(.list, "clear-search", [.escape], .cancelSearch, "clear the marks, else the search"),
    bind(.list, "undo", ["u"], .list(.undo), "undo"),
    bind(.list, "redo", [.control("r")], .list(.redo), "redo"),
    bind(.list, "history", ["U"], .toggleHistory, "the history: every change, who made it; Enter reverts one"),
    bind(.list, "sync", ["S"], .sync(.syncNow), "sync now (sync = \"git\" in the config)"),
    bind(.list, "next-list", ["L"], .nextList, "the next list (the config's [lists])"),
    Binding(mode: .list, name: "move-to-list", keys: ["T"], command: .listChoice, help: "move to list N of [lists]: then N (1–9; Esc: none)"),
    bind(.list, "clock", ["t"], .toggleClockFormat, "12/24-hour clock"),
    bind(.list, "help", ["?"], .toggleHelp, "this help"),
    bind(.list, "quit", ["q"], .quit, "quit (saves)"),
    bind(.list, "interrupt", [.control("c")], .interrupt, "quit"),
  ]

  private static func lineBindings(_ mode: Mode) -> [Binding] {
    let (enter, escape, enterHelp, escapeHelp): (AppReducer.Action, AppReducer.Action, String, String) = switch mode {
    case .edit: (.commitEdit, .cancelEdit, "save the todo", "cancel the edit")
    case .prompt: (.commitWordsPrompt, .cancelWordsPrompt, "add / remove the words", "change nothing")
    default: (.commitSearch, .cancelSearch, "keep the search", "clear the search")
    }
    return [
      bind(mode, [.enter], enter, enterHelp),
      bind(mode, [.escape], escape, escapeHelp),
      bind(mode, [.backspace], .editor(.deleteBackward), "delete before the cursor"),
      bind(mode, [.delete], .editor(.deleteForward), "delete under the cursor"),
      bind(mode, [.left], .editor(.moveLeft), "cursor left"),
      bind(mode, [.right], .editor(.moveRight), "cursor right"),
      bind(mode, [.home, .control("a")], .editor(.moveToStart), "cursor to the start"),
      bind(mode, [.end, .control("e")], .editor(.moveToEnd), "cursor to the end"),
      bind(mode, [.control("k")], .editor(.deleteToEnd), "delete to the end"),
      bind(mode, [.control("u")], .editor(.deleteToStart), "delete to the start"),
      bind(mode, [.control("w"), .alt(.backspace)], .editor(.deleteWordBackward), "delete the word before"),
      bind(mode, [.alt("d")], .editor(.deleteWordForward), "delete the word after"),
      bind(mode, [.tab], .completeWord, "complete +project, @context, key: (again: next)"),
      bind(mode, [.alt("b"), .controlLeft], .editor(.moveWordLeft), "cursor one word left"),
      bind(mode, [.alt("f"), .controlRight], .editor(.moveWordRight), "cursor one word right"),
      bind(mode, [.control("c")], .interrupt, "quit (a changed line: press twice)"),
    ]
  }

  private static let helpBindings: [Binding] = [
    bind(.help, ["j", .down], .scrollHelp(.lineDown), "scroll down"),
    bind(.help, ["k", .up], .scrollHelp(.lineUp), "scroll up"),
    bind(.help, [.pageDown, .control("f"), " "], .scrollHelp(.pageDown), "page down"),
    bind(.help, [.pageUp, .control("b")], .scrollHelp(.pageUp), "page up"),
    bind(.help, ["g", .home], .scrollHelp(.top), "to the top"),
    bind(.help, ["G", .end], .scrollHelp(.bottom), "to the end"),
    bind(.help, ["?", .escape], .toggleHelp, "hide this help"),
    bind(.help, ["q"], .quit, "quit (saves)"),
    bind(.help, [.control("c")], .interrupt, "quit"),
  ]

  private static let historyBindings: [Binding] = [
    bind(.history, ["j", .down], .moveInHistory(.lineDown), "older change"),
    bind(.history, ["k", .up], .moveInHistory(.lineUp), "newer change"),
    bind(.history, [.pageDown, .control("f"), " "], .moveInHistory(.pageDown), "page down"),
    bind(.history, [.pageUp, .control("b")], .moveInHistory(.pageUp), "page up"),
    bind(.history, ["g", .home], .moveInHistory(.top), "the newest"),
    bind(.history, ["G", .end], .moveInHistory(.bottom), "the oldest"),
    bind(.history, [.enter], .revertSelectedChange, "revert the selected change (u undoes that)"),
    bind(.history, ["U", .escape], .toggleHistory, "back to the list"),
    bind(.history, ["q"], .quit, "quit (saves)"),
    bind(.history, [.control("c")], .interrupt, "quit"),
  ]

  /// After `T`: a digit is the list's number in `[lists]`; Esc moves nothing.
  private static let listNumberBindings: [Binding] =
    (1...Config.mostLists).map { number in
      bind(.listNumber, [.character(Character(String(number)))], .moveToList(number), "to list \(number)")
    }
    + [bind(.listNumber, [.escape], .cancelChoosingList, "move nothing"), bind(.listNumber, [.control("c")], .interrupt, "quit")]

  /// After `P`: a letter (either case) is the priority; every other key does nothing.
  private static let priorityBindings: [Binding] =
    [Binding(mode: .priority, keys: [" "], command: .act(.todo(.prioritySet(nil))), help: "no priority")]
    + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { code in
      let letter = Character(Unicode.Scalar(code))
      return Binding(
        mode: .priority, keys: [.character(letter), .character(Character(letter.lowercased()))],
        command: .act(.todo(.prioritySet(letter))), help: "priority \(letter)"
      )
    }
    + [bind(.priority, [.escape], .cancelChoosingPriority, "keep the priority"), bind(.priority, [.control("c")], .interrupt, "quit")]

  /// After `Q` or `@`: a letter names the macro (the letters' rows are one help line).
  private static let registerBindings: [Binding] =
    (UInt8(ascii: "a")...UInt8(ascii: "z")).map { code in
      let letter = Character(Unicode.Scalar(code))
      return Binding(mode: .register, keys: [.character(letter)], command: .send(.macro(.registerChosen(letter))), help: "")
    }
    + [
      bind(.register, ["@"], .macro(.registerChosen("@")), "after @: the macro played last"),
      bind(.register, [.escape], .macro(.cancelChoosing), "no macro"),
      bind(.register, [.control("c")], .interrupt, "quit"),
    ]

  private static func act(_ name: String, _ keys: [Key], _ command: ListFeature.Command, _ help: String) -> Binding {
    Binding(mode: .list, name: name, keys: keys, command: .act(command), help: help)
  }

  private static func bind(_ mode: Mode, _ keys: [Key], _ action: AppReducer.Action, _ help: String) -> Binding {
    Binding(mode: mode, keys: keys, command: .send(action), help: help)
  }

  private static func bind(_ mode: Mode, _ name: String, _ keys: [Key], _ action: AppReducer.Action, _ help: String) -> Binding {
    Binding(mode: mode, name: name, keys: keys, command: .send(action), help: help)
  }
}
