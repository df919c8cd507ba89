import Architecture
import Terminal
import Testing
@testable import TodoModel
@testable import Todos

/// Tab: the word at the cursor completed from the names the list uses.
struct TagNamesTests {
  let names = TagNames(texts: [
    "Call mom +family @phone due:2026-01-05", "Buy milk +errands @town due:2026-01-09", "Post it +errands",
    "See https://example.com +family", "お土産 +買い物 @駅", "Cards +family 🎄 rec:1w", "Ratio 3:2:1",
  ])

  @Test func countsProjectsContextsAndKeysOnly() {
    #expect(names.counts == ["+family": 3, "+errands": 2, "+買い物": 1, "@phone": 1, "@town": 1, "@駅": 1, "due:": 2, "rec:": 1])
  }

  @Test func theMostUsedComeFirstAndTiesGoByName() {
    #expect(names.candidates(completing: "+") == ["+family", "+errands", "+買い物"])
    #expect(names.candidates(completing: "@") == ["@phone", "@town", "@駅"])
    #expect(names.candidates(completing: "+E") == ["+errands"])
    #expect(names.candidates(completing: "+買") == ["+買い物"])
  }

  /// Names longer than 15 bytes are counted as strings, the others by their bytes: the same either way.
  @Test func emojiAndLongNamesAreNamesToo() {
    let names = TagNames(texts: ["+👩‍💻work a", "+👩‍💻work b", "+🍣 c", "+averyveryverylongproject d", "+averyveryverylongproject e"])
    #expect(names.counts == ["+👩‍💻work": 2, "+🍣": 1, "+averyveryverylongproject": 2])
    #expect(names.candidates(completing: "+👩") == ["+👩‍💻work"])
    #expect(names.candidates(completing: "+a") == ["+averyveryverylongproject"])
    var editor = LineEditor.State(text: "x +👩 y", cursor: 4)
    #expect(editor.complete(from: names) == true)
    #expect(editor == LineEditor.State(text: "x +👩‍💻work y", cursor: 8))
  }

  @Test func aPlainWordCompletesAKeyAndAValueNothing() {
    #expect(names.candidates(completing: "d") == ["due:"])
    #expect(names.candidates(completing: "due:2") == [])
    #expect(names.candidates(completing: "") == [])
    #expect(names.candidates(completing: "+nothing") == [])
  }
}

struct WordCompletionTests {
  let names = TagNames(texts: ["a +work", "b +work", "c +workshop", "d +world @home"])

  /// Tab, as a value `#expect` can take.
  private func tab(_ editor: inout LineEditor.State) -> Bool {
    editor.complete(from: names)
  }

  @Test func aUniquePrefixCompletesInOneTab() {
    var editor = LineEditor.State(text: "call +works")
    #expect(tab(&editor))
    #expect(editor == LineEditor.State(text: "call +workshop"))
    #expect(editor.completion == nil)
  }

  @Test func anAmbiguousOneCyclesAndWrapsAround() {
    var editor = LineEditor.State(text: "call +wo now", cursor: 8)
    #expect(tab(&editor))
    #expect(editor.text == "call +work now")
    #expect(editor.cursor == 10)
    #expect(editor.completion?.candidates == ["+work", "+workshop", "+world"])
    #expect(tab(&editor))
    #expect(editor.text == "call +workshop now")
    #expect(tab(&editor))
    #expect(tab(&editor))
    #expect(editor.text == "call +work now")
    #expect(editor.completion?.shown == 0)
  }

  /// A word that is a name already, and begins others, goes on to the next.
  @Test func aWholeNameGoesOnToTheNext() {
    var editor = LineEditor.State(text: "+work")
    #expect(tab(&editor))
    #expect(editor.text == "+workshop")
  }

  @Test func nothingToCompleteChangesNothing() {
    for text in ["call ", "call +nothing", "+world", "plain"] {
      var editor = LineEditor.State(text: text)
      #expect(!tab(&editor), "\(text)")
      #expect(editor == LineEditor.State(text: text))
    }
  }

  @Test func anyOtherKeyOfTheEditorEndsTheCycle() {
    var editor = LineEditor.State(text: "+wo")
    #expect(tab(&editor))
    _ = LineEditor().reduce(into: &editor, action: .moveLeft)
    #expect(editor.completion == nil)
  }
}

@MainActor
struct CompletionAppTests {
  let scheduler = TestScheduler(now: startDate)

  /// The names are counted once for a version of the list: Tab again, or
  /// another word, reads no todo; a change of the list counts them again.
  @Test func theNamesAreCountedOncePerVersionOfTheList() {
    let store = appStore(.loaded(["one +home", "two +hobby"]), on: scheduler)
    store.send(.addTodo(.top))
    store.send(.editor(.insert("three +h")))
    store.send(.completeWord)
    #expect(store.state.editor?.text == "three +hobby")
    let counted = store.state.namesInList
    #expect(counted?.listVersion == store.state.list.listVersion)
    store.send(.completeWord)
    #expect(store.state.editor?.text == "three +home")
    #expect(store.state.namesInList == counted)
    store.send(.commitEdit)
    store.send(.addTodo(.top))
    store.send(.editor(.insert("+")))
    store.send(.completeWord)
    #expect(store.state.namesInList?.names.counts["+home"] == 2)
    store.cancelAllEffects()
  }

  /// The candidates show on the row under the todo being edited, the one
  /// in the line reversed.
  @Test func theHintRowIsUnderTheEditedRow() {
    let store = appStore(.loaded(["one +home", "two +hobby", "three"]), on: scheduler)
    store.send(.list(.selectFirst))
    store.send(.editSelected)
    store.send(.editor(.insert(" +h")))
    store.send(.completeWord)
    let frame = AppView.render(store.state, Size(columns: 80, rows: 12))
    #expect(frame.lines[1].hasPrefix(" [ ] one +home +hobby"))
    #expect(frame.lines[2].hasPrefix(" +hobby  +home"))
    #expect(frame[1, 2].style.reverse)
    #expect(!frame[9, 2].style.reverse)
    store.cancelAllEffects()
  }
}
