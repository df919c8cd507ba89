import Architecture
import TodoModel

extension AppReducer {
  /// `+` and `-`: a prompt on the status line for words to add to, or take
  /// from, the todos in hand (the marked ones, else the selected one). The
  /// line is the line editor, as the search's is: every editing key, paste
  /// and Alt work in it.
  public struct WordsPrompt: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      case add, remove

      /// What the status line says before the words.
      public var label: String { self == .add ? "Add: " : "Remove: " }
    }

    public var kind: Kind
    public var editor = LineEditor.State()

    public init(kind: Kind, editor: LineEditor.State = LineEditor.State()) {
      self.kind = kind
      self.editor = editor
    }
  }

  func startWordsPrompt(_ state: inout State, _ kind: WordsPrompt.Kind) -> Effect<Action> {
    guard state.hasTodosInHand else { return .none }
    state.mode = .prompting(WordsPrompt(kind: kind))
    return .none
  }

  /// Enter: the words go to the list as one change, which `.` can repeat.
  /// A `due:`/`t:` word that is no date keeps the prompt open and says so,
  /// as the editor does: the todos would silently get no date.
  func commitWordsPrompt(_ state: inout State) -> Effect<Action> {
    guard case .prompting(let prompt) = state.mode else { return .none }
    let words = prompt.editor.text.trimmingWhitespace()
    if let word = DateShortcut.firstNonDate(in: words, today: environment.today) {
      return flash(&state, DateShortcut.refusal(of: word))
    }
    state.mode = .list
    guard !words.isEmpty else { return .none }
    let action: Todo.Action = prompt.kind == .add ? .wordsAdded(words) : .wordsRemoved(words)
    return listFeature(state).reduce(into: &state.list, action: .act(.todo(action))).map(Action.list)
  }
}

extension AppReducer.State {
  /// Whether a change key has something to act on: marks, or a selection.
  public var hasTodosInHand: Bool { !list.marks.isEmpty || list.selection != nil }
}
