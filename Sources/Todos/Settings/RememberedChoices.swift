/// What yaru keeps between runs in its state file
/// (`$XDG_STATE_HOME/yaru/state`): the choices made with `t`, `s`, `f` and
/// `H`. Never in the config file, which yaru never writes.
///
/// With each choice the file keeps the config file's setting at the time:
/// once the config file says something else, the user has changed it since,
/// and the config wins over the remembered choice.
public struct RememberedChoices: Equatable, Sendable {
  public var clock: Config.Clock?
  public var order: ListOrder?
  public var filter: Filter?
  public var showsHidden: Bool?
  /// The config file's settings when the choices were made.
  var configClock: Config.Clock?
  var configOrder: ListOrder?
  var configShowsHidden: Bool?

  public init() {}

  /// The choices in force in `state`, made over `config`.
  public init(_ state: AppReducer.State, config: Config) {
    clock = state.settings.uses24HourClock ? .h24 : .h12
    order = state.list.order
    filter = state.list.filter
    showsHidden = state.list.showsHidden
    configClock = config.clock
    configOrder = config.order
    configShowsHidden = config.showsHidden
  }

  /// `state` (the config's settings already in it) with the choices that still hold.
  public func applied(to state: AppReducer.State, config: Config) -> AppReducer.State {
    var state = state
    if let clock, configClock == nil || configClock == config.clock { state.settings.uses24HourClock = clock != .h12 }
    if let order, configOrder == nil || configOrder == config.order { state.list.order = order }
    if let filter { state.list.filter = filter }
    if let showsHidden, configShowsHidden == nil || configShowsHidden == config.showsHidden { state.list.showsHidden = showsHidden }
    return state
  }

  /// The file's text: the same small TOML as the config file.
  public var formatted: String {
    var lines = [
      "# What yaru remembers between runs: the choices made with t, s, f and H.",
      "# yaru writes this file when it quits; it never writes the config file.",
    ]
    if let clock { lines.append("clock = \"\(clock.rawValue)\"") }
    if let order { lines.append("order = \"\(order.configName)\"") }
    if let filter { lines.append("filter = \"\(filter.rawValue.lowercased())\"") }
    if let showsHidden { lines.append("show-hidden = \(showsHidden)") }
    lines += ["", "# The config file's settings when these were chosen: a setting changed", "# there since wins.", "[config]"]
    if let configClock { lines.append("clock = \"\(configClock.rawValue)\"") }
    if let configOrder { lines.append("order = \"\(configOrder.configName)\"") }
    if let configShowsHidden { lines.append("show-hidden = \(configShowsHidden)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The choices in `text`, read from `path` (named in errors). Settings a
  /// later yaru may add are passed over; a known one with a wrong value
  /// makes the whole file unusable.
  public static func parse(_ text: String, path: String) throws(Config.Failure) -> RememberedChoices {
    let entries: [ConfigParser.Entry]
    do throws(ConfigParser.Failure) {
      entries = try ConfigParser.parse(text)
    } catch {
      throw Config.Failure(description: "\(path):\(error.line): \(error.message)")
    }
    var choices = RememberedChoices()
    for entry in entries {
      guard entry.table.isEmpty || entry.table == "config" else { continue }
      let fromConfig = entry.table == "config"
      func wrong() -> Config.Failure { Config.Failure(description: "\(path):\(entry.line): \(entry.key) cannot be \(entry.value)") }
      switch (entry.key, entry.value) {
      case ("clock", .string(let value)):
        guard let clock = Config.Clock(rawValue: value) else { throw wrong() }
        if fromConfig { choices.configClock = clock } else { choices.clock = clock }
      case ("order", .string(let value)):
        guard let order = ListOrder(configName: value) else { throw wrong() }
        if fromConfig { choices.configOrder = order } else { choices.order = order }
      case ("filter", .string(let value)) where !fromConfig:
        guard let filter = Filter.allCases.first(where: { $0.rawValue.lowercased() == value }) else { throw wrong() }
        choices.filter = filter
      case ("show-hidden", .bool(let value)):
        if fromConfig { choices.configShowsHidden = value } else { choices.showsHidden = value }
      case ("clock", _), ("order", _), ("filter", _), ("show-hidden", _):
        throw wrong()
      default:
        continue
      }
    }
    return choices
  }
}
