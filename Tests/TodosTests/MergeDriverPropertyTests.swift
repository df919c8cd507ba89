import Testing
@testable import TodoModel

/// The merge `yaru merge-driver` gives git, on random two-sided edits of a
/// base: nothing either side added is lost, a line one side deleted and the
/// other left alone stays deleted, an unchanged side gives the other byte
/// for byte, and no conflict marker is ever written.
struct MergeDriverPropertyTests {
  @Test func randomTwoSidedEditsLoseNothingAndWriteNoMarker() {
    var generator = SplitMix64(state: 20_261_126)
    for round in 0..<2_000 {
      let base = (0..<Int.random(in: 0...8, using: &generator)).map { "base \(round).\($0)" }
      let (ours, oursAdded, oursDeleted) = edit(base, side: "ours", &generator)
      let (theirs, theirsAdded, theirsDeleted) = edit(base, side: "theirs", &generator)
      let merged = TodoList.lines(of: LineMerge.mergedText(
        base: text(base), ours: text(ours), theirs: text(theirs), tag: " conflict:t", isDisplaced: false
      ))
      let context = Comment(rawValue: "round \(round): base \(base) ours \(ours) theirs \(theirs) merged \(merged)")
      let kept = Set(merged.map { $0.replacing(" conflict:t", with: "") })
      #expect((oursAdded + theirsAdded).allSatisfy(kept.contains), context)
      for line in oursDeleted.subtracting(theirsDeleted) where theirs.contains(line) && !oursAdded.contains(line) {
        #expect(!kept.contains(line), "a line only ours deleted, theirs kept as it was, stays deleted: \(context)")
      }
      for line in theirsDeleted.subtracting(oursDeleted) where ours.contains(line) && !theirsAdded.contains(line) {
        #expect(!kept.contains(line), "a line only theirs deleted stays deleted: \(context)")
      }
      #expect(!merged.contains { $0.hasPrefix("<<<<<<<") || $0 == "=======" || $0.hasPrefix(">>>>>>>") }, context)
      #expect(LineMerge.mergedText(base: text(base), ours: text(base), theirs: text(theirs), tag: "!", isDisplaced: false) == text(theirs))
      #expect(LineMerge.mergedText(base: text(base), ours: text(ours), theirs: text(base), tag: "!", isDisplaced: false) == text(ours))
    }
  }

  private func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }

  /// `base` with random lines deleted, edited (a new line in its place) and added.
  private func edit(_ base: [String], side: String, _ generator: inout SplitMix64) -> ([String], [String], Set<String>) {
    var lines: [String] = []
    var added: [String] = []
    var deleted: Set<String> = []
    for (index, line) in base.enumerated() {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: deleted.insert(line)
      case 1:
        let edited = "\(line) edited by \(side)"
        lines.append(edited)
        added.append(edited)
        deleted.insert(line)
      default: lines.append(line)
      }
      if Int.random(in: 0..<4, using: &generator) == 0 {
        let new = "added by \(side) after \(index)"
        lines.append(new)
        added.append(new)
      }
    }
    return (lines, added, deleted)
  }
}
