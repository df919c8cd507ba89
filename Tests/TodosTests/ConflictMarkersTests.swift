import Testing
@testable import TodoModel

/// Conflict markers a merge without yaru's driver left: both sides kept as
/// lines (theirs, then the local lines they lack, tagged), no marker left.
struct ConflictMarkersTests {
  let tag = " conflict:git"

  @Test func bothSidesBecomeLinesAndTheMarkersGo() {
    let healed = ConflictMarkers.heal(
      ["a", "<<<<<<< HEAD", "b mine", "same", "=======", "b theirs", "same", ">>>>>>> origin/main", "c"], tag: tag
    )
    #expect(healed?.lines == ["a", "b theirs", "same", "b mine conflict:git", "c"])
    #expect(healed?.blocks == 1)
  }

  @Test func aDiff3BaseSectionIsDroppedAndEveryBlockIsHealed() {
    let healed = ConflictMarkers.heal([
      "<<<<<<< ours", "x", "||||||| base", "old", "=======", "y", ">>>>>>> theirs",
      "middle",
      "<<<<<<< HEAD", "=======", "only theirs", ">>>>>>> b",
    ], tag: tag)
    #expect(healed?.lines == ["y", "x conflict:git", "middle", "only theirs"])
    #expect(healed?.blocks == 2)
  }

  @Test func aMarkerWithoutItsBlockIsATodoLikeAnyOther() {
    #expect(ConflictMarkers.heal(["<<<<<<< not closed", "a", "======="], tag: tag) == nil)
    #expect(ConflictMarkers.heal(["=======", ">>>>>>> x", "plain"], tag: tag) == nil)
    #expect(ConflictMarkers.heal(["a", "b"], tag: tag) == nil)
  }
}
