import Architecture
import Terminal
import TodoModel

extension AppReducer {
  /// `Q`, `@` and what they wait for; the registers read and written.
  public enum MacroAction: Equatable, Sendable {
    /// `Q`: start recording (a letter follows), or stop.
    case recordTapped
    /// `@`: a letter follows (or `@`: the last one played).
    case playTapped
    case registerChosen(Character)
    case cancelChoosing
    /// A key that arrived while recording, before the keymap read it.
    case keyRecorded(Key)
    /// The registers' files and the config's `[macros]` files, read at start.
    case read([Character: String], bound: [Key: Result<String, MacroFileError>])
    /// A key the config's `[macros]` binds to a file.
    case playBound(Key)
    case writeFailed(String)
  }

  func macro(_ state: inout State, _ action: MacroAction) -> Effect<Action> {
    switch action {
    case .recordTapped:
      if let recording = state.macros.recording { return stopRecording(&state, recording) }
      guard !state.macros.isPlaying else { return .none }
      state.mode = .choosingRegister(.record)
    case .playTapped:
      state.mode = .choosingRegister(.play)
    case .registerChosen(let letter):
      guard case .choosingRegister(let use) = state.mode else { return .none }
      state.mode = .list
      if use == .play, letter == "@" {
        guard let last = state.macros.lastPlayed else { return flash(&state, "No macro played yet: @ and a letter plays one") }
        return play(&state, register: last)
      }
      guard Macros.isRegister(letter) else { return flash(&state, "A macro's name is a letter, a to z") }
      if use == .play { return play(&state, register: letter) }
      state.macros.recording = Macros.Recording(register: letter)
    case .cancelChoosing:
      state.mode = .list
    case .keyRecorded(let key):
      state.macros.recording?.keys.append(key)
    case .read(let texts, let bound):
      for (register, text) in texts where state.macros.registers[register] == nil {
        do throws(MacroScript.Problem) {
          state.macros.registers[register] = try MacroScript(parsing: text)
        } catch {
          state.macros.problems[register] = "Macro \(register) not played: line \(error.line): \(error.message)"
        }
      }
      for (key, file) in bound {
        state.macros.bound[key] = file.mapError { MacroBindingProblem(message: "Macro \(key.name) not played: \($0.message)") }.flatMap { text in
          do throws(MacroScript.Problem) {
            return .success(try MacroScript(parsing: text))
          } catch {
            return .failure(MacroBindingProblem(message: "Macro \(key.name) not played: line \(error.line): \(error.message)"))
          }
        }
      }
    case .playBound(let key):
      switch state.macros.bound[key] {
      case .success(let script): state.macros.queued = Macros.Run(script: script, name: key.name)
      case .failure(let problem): return flash(&state, problem.message)
      case nil: return .none
      }
    case .writeFailed(let message):
      return flash(&state, message)
    }
    return .none
  }

  /// The registers' files and the `[macros]` files, read off the main queue at start.
  func readMacros(_ state: State) -> Effect<Action> {
    guard let client = environment.macros else { return .none }
    let files = state.settings.macroFiles
    return .run(on: environment.ioQueue) { send in
      send(.macro(.read(client.readAll(), bound: files.mapValues { client.readFile($0) })))
    }
  }

  /// `Q` while recording: the keys are the register's, and its file's.
  private func stopRecording(_ state: inout State, _ recording: Macros.Recording) -> Effect<Action> {
    state.macros.recording = nil
    let register = recording.register
    guard !recording.keys.isEmpty else { return flash(&state, "Macro \(register): no keys recorded, it stays as it was") }
    let script = MacroScript(keys: recording.keys)
    state.macros.registers[register] = script
    state.macros.problems[register] = nil
    let keys = recording.keys.count == 1 ? "1 key" : "\(recording.keys.count) keys"
    let said = flash(&state, "Recorded macro \(register) (\(keys)) — @\(register) plays it")
    guard let client = environment.macros else { return said }
    let text = script.text(register: register)
    return .merge(said, .run(on: environment.ioQueue) { send in
      if let problem = client.write(register, text) { send(.macro(.writeFailed("Macro \(register) not saved: \(problem)"))) }
    })
  }

  private func play(_ state: inout State, register: Character) -> Effect<Action> {
    guard let script = state.macros.registers[register] else {
      return flash(&state, state.macros.problems[register] ?? "No macro \(register): Q \(register) records one")
    }
    state.macros.lastPlayed = register
    state.macros.queued = Macros.Run(script: script, name: String(register))
    return .none
  }

  /// Each key through the keymap in the state it meets, as if typed, and
  /// the whole reducer, until one does nothing (said, with where); what
  /// the run changed in the list is one undo step.
  func play(_ state: inout State, _ run: Macros.Run) -> Effect<Action> {
    let (script, name) = (run.script, run.name)
    guard state.macros.playDepth < Macros.deepest else {
      return flash(&state, "Macro \(name) not played: macros play each other too deep")
    }
    state.macros.playDepth += 1
    let depth = state.list.history.undoDepth, top = state.list.history.nextUndo?.id, version = state.list.listVersion
    var effects: [Effect<Action>] = []
    var stop: String?
    for (index, key) in script.keys.enumerated() {
      let before = MacroFootprint(state)
      if let action = Keymap.action(for: key, in: state) { effects.append(reduce(into: &state, action: action)) }
      if state.isQuitting { break }
      if MacroFootprint(state) == before {
        stop = "Macro \(name) stopped at key \(index + 1) (\(key.name)): nothing to do"
        break
      }
    }
    state.macros.playDepth -= 1
    state.list.history.joinSteps(above: depth, under: top, summary: "macro \(name)")
    // Said through the list's outbox: the follow-ups would take a flash
    // made now for a stale one, the list having changed.
    let undoes = state.list.listVersion != version ? " — u undoes it" : ""
    if !state.isQuitting { state.list.message = (stop ?? "Played macro \(name)") + undoes }
    return .merge(effects)
  }
}
