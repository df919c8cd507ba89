import Architecture
import ArchitectureTesting
import Testing
@testable import TodoModel
@testable import Todos
import TodoStorage
import TodoTestSupport

@MainActor
struct LineEditorTests {
  private func store(_ text: String, cursor: Int? = nil) -> TestStore<LineEditor.State, LineEditor.Action> {
    TestStore(initialState: LineEditor.State(text: text, cursor: cursor), reducer: LineEditor())
  }

  @Test func typesAtTheCursorAndMovesIt() {
    let store = store("")
    store.send(.insert("Buy")) { $0 = LineEditor.State(text: "Buy", cursor: 3) }
    store.send(.moveToStart) { $0.cursor = 0 }
    store.send(.insert("Go ")) { $0 = LineEditor.State(text: "Go Buy", cursor: 3) }
    store.send(.moveToEnd) { $0.cursor = 6 }
    store.send(.moveRight)
    store.send(.deleteBackward) { $0 = LineEditor.State(text: "Go Bu", cursor: 5) }
  }

  @Test func japaneseCharactersAreOneStepEach() {
    let store = store("牛乳を買う")
    store.send(.moveLeft) { $0.cursor = 4 }
    store.send(.moveLeft) { $0.cursor = 3 }
    store.send(.deleteBackward) { $0 = LineEditor.State(text: "牛乳買う", cursor: 2) }
    store.send(.deleteForward) { $0 = LineEditor.State(text: "牛乳う", cursor: 2) }
    store.send(.insert("を")) { $0 = LineEditor.State(text: "牛乳をう", cursor: 3) }
  }

  @Test func emojiWithModifiersAndZWJSequencesAreOneStepEach() {
    // 👍🏽 is a thumb and a skin tone; 👩‍💻 and 👨‍👩‍👧 are joined by zero-width joiners.
    let store = store("a👍🏽b👩‍💻c👨‍👩‍👧")
    #expect(store.state.cursor == 6)
    store.send(.deleteBackward) { $0 = LineEditor.State(text: "a👍🏽b👩‍💻c", cursor: 5) }
    store.send(.moveLeft) { $0.cursor = 4 }
    store.send(.deleteBackward) { $0 = LineEditor.State(text: "a👍🏽bc", cursor: 3) }
    store.send(.moveToStart) { $0.cursor = 0 }
    store.send(.moveRight) { $0.cursor = 1 }
    store.send(.deleteForward) { $0 = LineEditor.State(text: "abc", cursor: 1) }
  }

  @Test func aLetterWithACombiningAccentIsOneStep() {
    let decomposed = "cafe\u{301}!"  // é as e + COMBINING ACUTE ACCENT
    let store = store(decomposed)
    #expect(store.state.cursor == 5)
    store.send(.moveLeft) { $0.cursor = 4 }
    store.send(.deleteBackward) { $0 = LineEditor.State(text: "caf!", cursor: 3) }
  }

  @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
    let store = store("e")
    store.send(.insert("\u{301}")) { $0 = LineEditor.State(text: "e\u{301}", cursor: 1) }
  }

  @Test func controlCharactersAndLineBreaksNeverGetIn() {
    let store = store("")
    store.send(.insert("a\nb\tc\u{7F}d")) { $0 = LineEditor.State(text: "abcd", cursor: 4) }
  }

  @Test func killKeysDeleteToTheEndsAndCtrlWTheWordBefore() {
    let store = store("buy oat milk  today", cursor: 14)
    store.send(.deleteWordBackward) { $0 = LineEditor.State(text: "buy oat today", cursor: 8) }
    store.send(.deleteToEnd) { $0 = LineEditor.State(text: "buy oat ", cursor: 8) }
    store.send(.moveLeft) { $0.cursor = 7 }
    store.send(.deleteToStart) { $0 = LineEditor.State(text: " ", cursor: 0) }
  }

  @Test func ctrlWOnJapaneseAndEmojiWords() {
    let store = store("牛乳を買う 🥛🍞")
    store.send(.deleteWordBackward) { $0 = LineEditor.State(text: "牛乳を買う ", cursor: 6) }
    store.send(.deleteWordBackward) { $0 = LineEditor.State(text: "", cursor: 0) }
  }

  @Test func editingAtTheEdgesIsHarmless() {
    let store = store("ab", cursor: 0)
    store.send(.deleteBackward)
    store.send(.moveLeft)
    store.send(.moveToEnd) { $0.cursor = 2 }
    store.send(.deleteForward)
    store.send(.moveRight)
  }
}
