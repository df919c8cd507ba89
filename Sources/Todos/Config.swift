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
  /// `[keys]`: list keys bound to commands by name, or unbound.
  public var keys = KeyOverrides()

  public init() {}

  /// Why a config file cannot be used: `PATH:LINE: what`, said before yaru
  /// touches the terminal or the todo file, and exit status 2.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// The settings in `text`, read from `path` (named in errors).
  public static func parse(_ text: String, path: String) throws(Failure) -> Config {
    let entries: [ConfigParser.Entry]
    do throws(ConfigParser.Failure) {
      entries = try ConfigParser.parse(text)
    } catch {
      throw Failure(description: "\(path):\(error.line): \(error.message)")
    }
    var config = Config()
    for entry in entries {
      func fail(_ message: String) -> Failure { Failure(description: "\(path):\(entry.line): \(message)") }
      if entry.table == "keys" {
        guard case .string(let command) = entry.value else { throw fail("a key is bound to a command name in quotes, or \"none\"") }
        do throws(KeyOverrides.Failure) {
          try config.keys.bind(entry.key, to: command)
        } catch {
          switch error {
          case .unknownKey(let name): throw fail("unknown key \(name) (keys are named as in key scripts: j, J, Enter, Ctrl-D, Alt-b)")
          case .unknownCommand(let name): throw fail("unknown command \(name) (yaru keys lists them)")
          case .boundTwice(let name): throw fail("\(name) is bound twice")
          }
        }
        continue
      }
      guard entry.table.isEmpty else {
        throw fail("[\(entry.table)] is not understood by this version of yaru (settings: \(settings.joined(separator: ", ")), [keys])")
      }
      switch (entry.key, entry.value) {
      case ("file", .string(let value)): config.file = value
      case ("done-file", .string(let value)): config.doneFile = value
      case ("clock", .string(let value)):
        guard let clock = Clock(rawValue: value) else { throw fail("clock is \"24h\", \"12h\" or \"off\", not \"\(value)\"") }
        config.clock = clock
      case ("order", .string(let value)):
        let orders: [String: ListOrder] = ["manual": .manual, "priority": .priority, "due": .dueDate]
        guard let order = orders[value] else { throw fail("order is \"manual\", \"priority\" or \"due\", not \"\(value)\"") }
        config.order = order
      case ("show-hidden", .bool(let value)): config.showsHidden = value
      case ("file", _), ("done-file", _), ("clock", _), ("order", _):
        throw fail("\(entry.key) takes a \"string\"")
      case ("show-hidden", _):
        throw fail("show-hidden takes true or false")
      default:
        throw fail("unknown setting \(entry.key) (settings: \(settings.joined(separator: ", ")))")
      }
    }
    return config
  }

  private static let settings = ["file", "done-file", "clock", "order", "show-hidden"]

  /// The state yaru starts in with these settings.
  public func applied(to state: AppReducer.State) -> AppReducer.State {
    var state = state
    state.showsClock = clock != .off
    state.uses24HourClock = clock != .h12
    state.order = order
    state.showsHidden = showsHidden
    state.keyOverrides = keys
    return state
  }
}
