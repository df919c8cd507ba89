import Architecture
import CustomDump
import IssueReporting

/// Tests a reducer exhaustively: every state change after `send` or `receive`
/// must be stated, every action an effect delivers must be received in order,
/// and no effect may still be running when the test ends.
///
/// Effects run exactly as in the `Store` (same runtime); give the reducer a
/// `TestScheduler` and advance it to make delayed effects deliver. Failures are
/// reported through IssueReporting, so Swift Testing and XCTest both see them.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
  public private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  private var received: [Action] = []
  private lazy var effects = EffectRuntime<Action> { [unowned self] in self.received.append($0) }
  private var isFinished = false
  private let origin: Location
  /// Parts of the state a test has said it does not assert (see `ignore`).
  private var ignored: [(inout State, State) -> Void] = []

  public init<R: Reducer>(
    initialState: State, reducer: R,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.state = initialState
    self.reducer = reducer.reduce(into:action:)
    self.origin = Location(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    // Tests release their store on the main queue, so the check runs there and
    // then; anywhere else it is skipped rather than racing the main actor.
    guard isOnMainQueue() else { return }
    MainActor.assumeIsolated {
      if !isFinished { finish(at: origin) }
    }
  }

  /// Sends `action` as the user would; `update` states how the state must change.
  public func send(
    _ action: Action, assert update: ((inout State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if !received.isEmpty {
      location.fail(
        "Must handle \(received.count) received action(s) before sending an action:\n\n"
          + received.map { "  " + String(customDumping: $0) }.joined(separator: "\n")
      )
    }
    apply(action, update, location)
  }

  /// Takes the next action an effect delivered: it must equal `expected`;
  /// `update` states how reducing it must change the state.
  public func receive(
    _ expected: Action, assert update: ((inout State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !received.isEmpty else {
      location.fail(
        "Expected to receive \(String(customDumping: expected)), but no action was received."
          + " (Did you advance the scheduler?)"
      )
      return
    }
    let action = received.removeFirst()
    if action != expected {
      let difference = diff(expected, action, format: .proportional) ?? ""
      location.fail("Received an unexpected action: (−: expected, +: received)\n\n\(difference)")
    }
    apply(action, update, location)
  }

  /// Ends the test: every received action must have been asserted and no
  /// effect may still be running. Called at deinit if the test did not.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    finish(at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Stops asserting the state at `path`: after each step it is taken as
  /// the reducer left it. For bookkeeping a test does not care about (the
  /// undo history, say, which its own tests check through undo and redo);
  /// everything else stays exhaustive.
  public func ignore<Value>(_ path: WritableKeyPath<State, Value>) {
    ignored.append { expected, actual in expected[keyPath: path] = actual[keyPath: path] }
  }

  /// Effects started and not yet finished or cancelled.
  public var runningEffectCount: Int { effects.inFlightCount }

  private func finish(at location: Location) {
    isFinished = true
    if !received.isEmpty {
      location.fail(
        "The store received \(received.count) unexpected action(s) that were not asserted:\n\n"
          + received.map { "  " + String(customDumping: $0) }.joined(separator: "\n")
      )
      received.removeAll()
    }
    if effects.inFlightCount > 0 {
      location.fail(
        "\(effects.inFlightCount) effect(s) still running at the end of the test."
          + " Advance the scheduler until they finish, or cancel them (timers must be cancelled)."
      )
      effects.cancelAll()
    }
  }

  private func apply(_ action: Action, _ update: ((inout State) -> Void)?, _ location: Location) {
    var expected = state
    let effect = reducer(&state, action)
    update?(&expected)
    for ignore in ignored { ignore(&expected, state) }
    if expected != state {
      let difference = diff(expected, state, format: .proportional) ?? ""
      location.fail("State was not as expected: (−: expected, +: actual)\n\n\(difference)")
    }
    effects.start(effect)
  }
}

/// The test line a failure belongs to.
private typealias Location = IssueLocation

/// Sends the issues the architecture finds (`forEach`, `ifLet`) to the test
/// runner — Swift Testing or XCTest — through IssueReporting. The
/// TestIssueReporter target calls it when a test bundle loads.
@_cdecl("yaru_report_issues_to_tests")
public func reportIssuesToTests() {
  IssueLocation.setReporter { message, location in
    reportIssue(message, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
  }
}

extension IssueLocation {
  fileprivate func fail(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
