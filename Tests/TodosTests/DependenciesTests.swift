import Foundation
import IdentifiedCollections
import Testing
@testable import TodoModel

/// The blocked map: who waits for whom, kept todo by todo (the door's
/// `add`/`remove`) and always what reading the whole list gives.
struct DependenciesTests {
  private func todo(_ n: Int, _ line: String) -> Todo.State { TodoTxt.parse(line[...], id: id(n)) }

  @Test func aTodoIsBlockedWhileAPartIsActive() {
    let parent = todo(1, "Build shed id:1")
    let wood = todo(2, "Buy wood p:1"), permit = todo(3, "x 2026-01-01 Get permit p:1")
    var map = Dependencies([parent, wood, permit])
    #expect(map.isBlocked(parent))
    #expect(map.openParts(of: "1") == 1)
    #expect(!map.isBlocked(wood) && !map.isBlocked(permit))
    var done = wood
    done.toggleCompletion(on: startDay)
    #expect(map.remove(wood) == ["1"], "the last open part closed")
    #expect(map.add(done).isEmpty)
    #expect(!map.isBlocked(parent))
    #expect(map.openParts == Dependencies([parent, done, permit]).openParts)
  }

  /// `update` skips reading a toggle's text only where that cannot matter:
  /// a list with no `id:`/`p:` at all. Its result is always remove + add.
  @Test func anUpdateIsTheRemovalAndTheAdditionItSkipsOnlyWhenNothingCanChange() {
    var plain = Dependencies([todo(1, "Buy milk")])
    var milk = todo(1, "Buy milk")
    milk.toggleCompletion(on: startDay)
    #expect(plain.update(from: todo(1, "Buy milk"), to: milk).isEmpty)
    // A part written in by the change is read, though the list had none.
    #expect(plain.update(from: milk, to: todo(1, "Buy milk p:7")) == ["7"])
    #expect(plain.openParts == ["7": 1])
    // With dependencies in the list, a toggle that keeps the text still counts.
    let parent = todo(2, "Shop id:7")
    var map = Dependencies([parent, todo(1, "Buy milk p:7")])
    var done = todo(1, "Buy milk p:7")
    done.toggleCompletion(on: startDay)
    #expect(map.update(from: todo(1, "Buy milk p:7"), to: done) == ["7"])
    #expect(!map.isBlocked(parent))
  }

  @Test func aCompletedParentIsNotBlockedAndSeveralParentsAreCounted() {
    var parent = todo(1, "Trip id:trip")
    let part = todo(2, "Tickets p:trip p:9")
    let map = Dependencies([parent, part])
    #expect(map.openParts == ["trip": 1, "9": 1])
    parent.toggleCompletion(on: startDay)
    #expect(!map.isBlocked(parent))
  }

  @Test func aNewIdIsShortAndUnused() {
    #expect(Dependencies().unusedID() == "1")
    let map = Dependencies([todo(1, "A id:1"), todo(2, "B p:2"), todo(3, "C id:x")])
    #expect(map.unusedID() == "3", "1 is an id, 2 a parent's id only parts name")
  }

  @Test func idsAreWordsNotPartsOfWords() {
    #expect(todo(1, "void:3 mid:4 p:").dependencyID == nil)
    #expect(todo(1, "void:3 mid:4 p:").partOf.isEmpty)
    #expect(todo(1, "Call id:7 id:8 p:1 p:2").dependencyID == "7")
    #expect(todo(1, "Call id:7 id:8 p:1 p:2").partOf == ["1", "2"])
  }

  @Test func isBlockedIsASearchTerm() {
    let parent = todo(1, "Build shed id:1"), part = todo(2, "Buy wood p:1")
    let map = Dependencies([parent, part])
    let blocked = SearchQuery("is:blocked", today: startDay), others = SearchQuery("-is:blocked", today: startDay)
    #expect(blocked.problem == nil)
    #expect(blocked.matches(parent, map) && !blocked.matches(part, map))
    #expect(!others.matches(parent, map) && others.matches(part, map))
  }
}
