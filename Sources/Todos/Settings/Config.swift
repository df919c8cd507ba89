import Terminal
import TodoModel

/// The config file (`~/.config/yaru/config.toml` or `--config PATH`): the
/// settings a user chose. yaru works without one, and never writes it.
public struct Config: Equatable, Sendable {
  public enum Clock: String, Equatable, Sendable { case h24 = "24h", h12 = "12h", off }

  /// The todo file (after `--file` and `$YARU_FILE`, before todo.sh's settings).
  public var file: String?
  /// Where archived todos go (before `$DONE_FILE`).
  public var doneFile: String?
  public var clock = Clock.h24
  /// The order at start.
  public var order = ListOrder.manual
  public var showsHidden = false
  /// `add-at = "end"`: `a` appends, as todo.sh adds (its item numbers stay put).
  public var addsAtEnd = false
  /// `[keys]`: list keys bound to commands by name, or unbound.
  public var keys = KeyOverrides()
  /// `[colors]` over the standard theme.
  public var theme = Theme.standard
  /// `history`: the steps kept between runs (0: none, the history is not
  /// kept); `history-days`: or all of these last days', whichever is more.
  public var historySteps = 1_000
  public var historyDays = 90
  /// `sync = "git"`: the open list syncs through git (docs/Sync.md), every
  /// `sync-every` and `sync-after` the last change.
  public var syncsWithGit = false
  public var syncEvery: Duration = .seconds(300)
  public var syncAfter: Duration = .seconds(30)
  /// `[views]`: named searches, in the file's order (the order `v` goes through them).
  public var views: [NamedView] = []
  /// `[macros]`: list keys that play a macro file (a key script), by its path.
  public var macroFiles: [Key: String] = [:]
  /// `[lists]`: several todo files by name, in the file's order (`L` goes
  /// through them, `T` then N moves todos to the N-th). Paths as written:
  /// the shell's side expands `~` and reads a relative one from the config
  /// file's folder.
  public var lists: [NamedList] = []

  public init() {}

  /// Why a config file cannot be used: `PATH:LINE: what`, said before yaru
  /// touches the terminal or the todo file, and exit status 2.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// A view of the list the config file names: `yaru --view NAME`, `v`.
  public struct NamedView: Equatable, Sendable {
    public let name: String
    public let query: String
  }

  /// The settings in `text`, read from `path` (named in errors).
  public static func parse(_ text: String, path: String) throws(Failure) -> Config {
    let entries: [ConfigParser.Entry]
    do throws(ConfigParser.Failure) {
      entries = try ConfigParser.parse(text, tables: ["keys", "colors", "views", "macros", "lists"])
    } catch {
      throw Failure(description: "\(path):\(error.line): \(error.message)")
    }
    var config = Config()
    for entry in entries {
      do throws(Failure) {
        switch entry.table {
        case "": try config.set(entry)
        case "keys": try config.bindKey(entry)
        case "colors": try config.setColor(entry)
        case "views": try config.addView(entry)
        case "macros": try config.bindMacro(entry, configPath: path)
        case "lists": try config.addList(entry)
        default: break  // the parser allows no other table
        }
      } catch {
        throw Failure(description: "\(path):\(entry.line): \(error.description)")
      }
    }
    try checkAWayToQuit(config.keys, macroKeys: config.macroFiles.keys, entries: entries, path: path)
    return config
  }

  private mutating func set(_ entry: ConfigParser.Entry) throws(Failure) {
    switch (entry.key, entry.value) {
    case ("file", .string(let value)): file = value
    case ("done-file", .string(let value)): doneFile = value
    case ("clock", .string(let value)):
      guard let clock = Clock(rawValue: value) else { throw entry.failure("clock is \"24h\", \"12h\" or \"off\", not \"\(value)\"") }
      self.clock = clock
    case ("order", .string(let value)):
      guard let order = ListOrder(configName: value) else { throw entry.failure("order is \"manual\", \"priority\", \"due\" or \"agenda\", not \"\(value)\"") }
      self.order = order
    case ("show-hidden", .bool(let value)): showsHidden = value
    case ("add-at", .string(let value)):
      guard value == "top" || value == "end" else { throw entry.failure("add-at is \"top\" or \"end\", not \"\(value)\"") }
      addsAtEnd = value == "end"
    case ("history", .integer(let value)), ("history-days", .integer(let value)):
      guard value >= 0 else { throw entry.failure("\(entry.key) is a number of \(entry.key == "history" ? "steps" : "days"), 0 or more") }
      if entry.key == "history" { historySteps = value } else { historyDays = value }
    case ("sync", .string(let value)):
      guard value == "git" || value == "off" else { throw entry.failure("sync is \"git\" or \"off\", not \"\(value)\"") }
      syncsWithGit = value == "git"
    case ("sync-every", .string(let value)), ("sync-after", .string(let value)):
      guard let duration = Self.duration(value), duration > .zero else {
        throw entry.failure("\(entry.key) is a time such as \"30s\", \"5m\" or \"1h\", not \"\(value)\"")
      }
      if entry.key == "sync-every" { syncEvery = duration } else { syncAfter = duration }
    case ("sync", _), ("sync-every", _), ("sync-after", _):
      throw entry.failure("\(entry.key) takes a \"string\"")
    case ("history", _), ("history-days", _):
      throw entry.failure("\(entry.key) takes a number, such as \(entry.key == "history" ? 1000 : 90)")
    case ("file", _), ("done-file", _), ("clock", _), ("order", _), ("add-at", _):
      throw entry.failure("\(entry.key) takes a \"string\"")
    case ("show-hidden", _):
      throw entry.failure("show-hidden takes true or false")
    default:
      throw entry.failure("unknown setting \(entry.key) (settings: \(Self.settings.joined(separator: ", ")))")
    }
  }

  private mutating func bindKey(_ entry: ConfigParser.Entry) throws(Failure) {
    guard case .string(let command) = entry.value else { throw entry.failure("a key is bound to a command name in quotes, or \"none\"") }
    if let key = KeyOverrides.key(named: entry.key), macroFiles[key] != nil { throw entry.failure("\(entry.key) is bound twice") }
    do throws(KeyOverrides.Failure) {
      try keys.bind(entry.key, to: command)
    } catch {
      switch error {
      case .unknownKey(let name): throw entry.failure("unknown key \(name) (keys are named as in key scripts: j, J, Enter, Ctrl-D, Alt-b)")
      case .unknownCommand(let name): throw entry.failure("unknown command \(name) (yaru keys lists them)")
      case .boundTwice(let name): throw entry.failure("\(name) is bound twice")
      }
    }
  }

  /// `"F5" = "~/.local/share/yaru/macros/w.yaru"`: the key plays that file
  /// (a relative path is the config file's folder's).
  private mutating func bindMacro(_ entry: ConfigParser.Entry, configPath: String) throws(Failure) {
    guard case .string(let path) = entry.value, !path.isEmpty else { throw entry.failure("a macro key is bound to a file's path in quotes") }
    guard let key = KeyOverrides.key(named: entry.key) else {
      throw entry.failure("unknown key \(entry.key) (keys are named as in key scripts: F5, Q, Ctrl-D, Alt-m)")
    }
    guard macroFiles[key] == nil, keys.commands[key] == nil else { throw entry.failure("\(entry.key) is bound twice") }
    let folder = configPath.lastIndex(of: "/").map { String(configPath[...$0]) } ?? ""
    macroFiles[key] = path.hasPrefix("/") || path.hasPrefix("~/") ? path : folder + path
  }

  private mutating func setColor(_ entry: ConfigParser.Entry) throws(Failure) {
    guard let element = Theme.Element(name: entry.key) else {
      throw entry.failure("unknown element \(entry.key) (yaru colors lists them)")
    }
    guard case .string(let words) = entry.value else { throw entry.failure("a colour is a style in quotes, such as \"bold+red\"") }
    guard let style = Style(words: words) else {
      throw entry.failure(
        "\"\(words)\" is not a style: words joined by +, from \(Style.attributeWords.joined(separator: ", ")) and one colour of \(Style.colorWords.map(\.word).joined(separator: ", ")); or plain"
      )
    }
    theme[element] = style
  }

  private mutating func addView(_ entry: ConfigParser.Entry) throws(Failure) {
    guard case .string(let query) = entry.value else { throw entry.failure("a view is a search in quotes, such as \"+work -@phone\"") }
    guard !query.allSatisfy(\.isWhitespace) else { throw entry.failure("the view \(entry.key) has an empty search") }
    // Said at start, not found later as an empty list; whether a word is
    // understood does not depend on the day.
    if let problem = SearchQuery(query, today: Day(year: 2000, month: 1, day: 1)!).problem {
      throw entry.failure("the view \(entry.key): \(problem)")
    }
    views.append(NamedView(name: entry.key, query: query))
  }

  private static let settings = [
    "file", "done-file", "clock", "order", "show-hidden", "add-at", "history", "history-days", "sync", "sync-every", "sync-after",
  ]

  /// `30s`, `5m`, `1h`.
  static func duration(_ text: String) -> Duration? {
    guard let unit = text.last, let number = Int(text.dropLast()), number >= 0 else { return nil }
    switch unit {
    case "s": return .seconds(number)
    case "m": return .seconds(number * 60)
    case "h": return .seconds(number * 3_600)
    default: return nil
    }
  }

  /// The view called `name`, for `--view`; an error lists the views there are.
  public func view(named name: String) throws(Failure) -> NamedView {
    if let view = views.first(where: { $0.name == name }) { return view }
    let known = views.isEmpty ? "the config file has no [views]" : "views: " + views.map(\.name).joined(separator: ", ")
    throw Failure(description: "there is no view \(name) (\(known))")
  }

  /// The state yaru starts in with these settings.
  public func applied(to state: AppReducer.State) -> AppReducer.State {
    var state = state
    state.settings.showsClock = clock != .off
    state.settings.uses24HourClock = clock != .h12
    state.list.order = order
    state.list.showsHidden = showsHidden
    state.settings.addsAtEnd = addsAtEnd
    if historySteps > 0 { state.list.history.limit = historySteps }
    state.sync.isEnabled = syncsWithGit
    (state.sync.every, state.sync.after) = (syncEvery, syncAfter)
    state.settings.keyOverrides = keys
    state.settings.macroFiles = macroFiles
    state.settings.theme = theme
    state.search.views = views
    return state
  }
}

extension ConfigParser.Entry {
  /// An error about this entry; the caller adds its path and line.
  func failure(_ message: String) -> Config.Failure { Config.Failure(description: message) }
}
