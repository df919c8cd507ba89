import ArgumentParser
import TodoModel
import TodoStorage
import Todos

/// Finds and reads the config file: `--config PATH`, else
/// `$XDG_CONFIG_HOME/yaru/config.toml` (`~/.config/yaru/config.toml`). None
/// there is no configuration; a `--config` that names no file, or any error
/// in the file, stops yaru with `PATH:LINE: what` and status 2, before the
/// terminal or the todo file is touched.
enum ConfigFile {
  static func load(_ option: String?, environment: EnvironmentVariables = .process) throws -> Config {
    switch read(option, environment: environment) {
    case .success(let config): return config
    case .failure(let problem): throw ShellFile.fail(problem.message)
    }
  }

  struct Problem: Error { var message: String }

  /// The settings, or what is wrong with the file (`PATH:LINE: what`),
  /// for a command that says it rather than stopping (`yaru doctor`).
  static func read(_ option: String?, environment: EnvironmentVariables = .process) -> Result<Config, Problem> {
    let path = option ?? defaultPath(environment)
    let text: String
    do throws(TodoFileError) {
      guard let read = try TodoFile.read(path)?.text else {
        return option == nil ? .success(Config()) : .failure(Problem(message: "\(path): there is no config file there"))
      }
      text = read
    } catch {
      return .failure(Problem(message: error.message))
    }
    do {
      var config = try Config.parse(text, path: path)
      config.lists = config.lists.map { list in
        Config.NamedList(name: list.name, path: TodoFilePath.listPath(list.path, configFile: path, environment: environment))
      }
      return .success(config)
    } catch {
      return .failure(Problem(message: error.description))
    }
  }

  static func defaultPath(_ environment: EnvironmentVariables) -> String {
    if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/yaru/config.toml" }
    return TodoFilePath.home(environment) + "/.config/yaru/config.toml"
  }
}

extension Config {
  /// The view `--view NAME` names (nil without the option); a name the
  /// config file does not have ends yaru with status 2, listing those it has.
  func view(option name: String?) throws -> NamedView? {
    guard let name else { return nil }
    do throws(Failure) {
      return try view(named: name)
    } catch {
      throw ShellFile.fail(error.description)
    }
  }
}
