import Architecture

/// Edits one line of text with the keys terminal users expect (Emacs-style
/// Ctrl keys). The cursor counts graphemes, so one step passes over a whole
/// Japanese character, an emoji with its modifiers, or a letter with its accent.
/// Used through `Scope` for both editing a todo and typing a search.
public struct LineEditor: Reducer {
  public struct State: Equatable, Sendable {
    public var text: String
    /// Graphemes before the cursor: 0…text.count.
    public var cursor: Int
    /// Tab's candidates while Tab is pressed again and again (WordCompletion.swift);
    /// any other key of the editor ends it.
    public var completion: WordCompletion?

    public init(text: String = "", cursor: Int? = nil) {
      self.text = text
      self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }
  }

  public enum Action: Equatable, Sendable {
    case insert(String)
    case deleteBackward
    case deleteForward
    case moveLeft
    case moveRight
    case moveToStart
    case moveToEnd
    case deleteToEnd
    case deleteToStart
    case deleteWordBackward
    case deleteWordForward
    case moveWordLeft
    case moveWordRight
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.completion = nil
    let cursor = state.text.index(state.text.startIndex, offsetBy: state.cursor)
    switch action {
    case .insert(let text):
      // A todo is one line: line breaks and other controls never get in.
      let clean = String(text.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
      let before = state.text[..<cursor]
      let after = state.text[cursor...]
      state.text = before + clean + after
      // Count graphemes of the new prefix: an inserted combining mark joins the
      // grapheme before it instead of adding a step.
      state.cursor = (before + clean).count
    case .deleteBackward:
      guard state.cursor > 0 else { break }
      state.text.remove(at: state.text.index(before: cursor))
      state.cursor -= 1
    case .deleteForward:
      guard cursor < state.text.endIndex else { break }
      state.text.remove(at: cursor)
    case .moveLeft:
      state.cursor = max(0, state.cursor - 1)
    case .moveRight:
      state.cursor = min(state.text.count, state.cursor + 1)
    case .moveToStart:
      state.cursor = 0
    case .moveToEnd:
      state.cursor = state.text.count
    case .deleteToEnd:
      state.text.removeSubrange(cursor...)
    case .deleteToStart:
      state.text.removeSubrange(..<cursor)
      state.cursor = 0
    case .deleteWordBackward:
      let start = state.wordStart(before: cursor)
      state.cursor -= state.text.distance(from: start, to: cursor)
      state.text.removeSubrange(start..<cursor)
    case .deleteWordForward:
      state.text.removeSubrange(cursor..<state.wordEnd(after: cursor))
    case .moveWordLeft:
      state.cursor -= state.text.distance(from: state.wordStart(before: cursor), to: cursor)
    case .moveWordRight:
      state.cursor += state.text.distance(from: cursor, to: state.wordEnd(after: cursor))
    }
    return .none
  }
}

extension LineEditor.State {
  /// Like a shell's Ctrl-W and Alt-b: back over spaces, then over the word before them.
  func wordStart(before index: String.Index) -> String.Index {
    var start = index
    while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
    while start > text.startIndex, text[text.index(before: start)] != " " { start = text.index(before: start) }
    return start
  }

  /// Like readline's Alt-f and Alt-d: on over spaces, then to the end of the word after them.
  func wordEnd(after index: String.Index) -> String.Index {
    var end = index
    while end < text.endIndex, text[end] == " " { end = text.index(after: end) }
    while end < text.endIndex, text[end] != " " { end = text.index(after: end) }
    return end
  }
}
