import Foundation
import Testing
@testable import Todos

/// `CopyOnWrite` keeps value semantics: a copy is its own value once either
/// side is written, and a write to an unshared box changes it in place.
struct CopyOnWriteTests {
  struct Holder: Equatable {
    @CopyOnWrite var words: [String] = ["milk"]
    var box: ObjectIdentifier { ObjectIdentifier(_words.box) }
  }

  @Test func aWrittenCopyLeavesTheOriginalAsItWas() {
    var original = Holder()
    var copy = original
    copy.words.append("eggs")
    #expect(original.words == ["milk"])
    #expect(copy.words == ["milk", "eggs"])
    original.words[0] = "bread"
    #expect(copy.words == ["milk", "eggs"], "the original's write stays its own too")
  }

  @Test func anUnsharedBoxIsWrittenInPlace() {
    var holder = Holder()
    let box = holder.box
    holder.words.append("eggs")
    holder.words.removeFirst()
    #expect(holder.box == box)
    #expect(holder.words == ["eggs"])
  }

  @Test func equalityIsOfTheValuesNotTheBoxes() {
    var a = Holder(), b = Holder()
    #expect(a == b, "two boxes holding equal values")
    b.words.append("eggs")
    #expect(a != b)
    a.words.append("eggs")
    #expect(a == b)
  }

  @Test func theAppStateComparesAndCopiesAsAValue() {
    let state = AppReducer.State(now: Date(timeIntervalSince1970: 0))
    var other = state
    #expect(other == state)
    other.mode = .help(top: 0)
    #expect(other != state)
    #expect(state.mode == .list)
  }
}
