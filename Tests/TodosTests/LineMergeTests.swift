import Testing
@testable import TodoModel

/// The three-way merge of the todo file's lines: examples of what people do
/// on both sides, and random edits on both sides checked against what a
/// merge must never do.
struct LineMergeTests {
  /// The merged lines as text: conflicts are marked `!`.
  private func merged(_ base: [String], _ ours: [String], _ theirs: [String]) -> [String] {
    LineMerge.merge(base: base, ours: ours, theirs: theirs).map { source in
      switch source {
      case .ours(let index): ours[index]
      case .theirs(let index, _): theirs[index]
      case .conflict(let index): ours[index] + " !"
      }
    }
  }

  @Test(arguments: [
    // (what happened, base, ours, theirs, merged)
    ("they append, we complete", ["a", "b"], ["x a", "b"], ["a", "b", "c"], ["x a", "b", "c"]),
    ("we edit the last line, they append after it", ["a", "b"], ["a", "B"], ["a", "b", "c"], ["a", "B", "c"]),
    ("we delete, they edit another line", ["a", "b", "c"], ["a", "c"], ["A", "b", "c"], ["A", "c"]),
    ("both append at the end", ["a"], ["a", "ours"], ["a", "theirs"], ["a", "theirs", "ours"]),
    ("both append the same line", ["a"], ["a", "b"], ["a", "b"], ["a", "b"]),
    ("both make the same edit", ["a", "b"], ["a", "B"], ["a", "B"], ["a", "B"]),
    ("both edit one line differently", ["a", "b"], ["a", "mine"], ["a", "yours"], ["a", "yours", "mine !"]),
    ("we edit two lines, they edit one of them", ["a", "b", "c"], ["A", "B", "c"], ["a", "b2", "c"], ["A", "b2", "B !", "c"]),
    ("they delete what we edited: the edit is kept, as made (no clash: only one side has the line)", ["a", "b"], ["a", "B"], ["a"], ["a", "B"]),
    ("we delete what they edited", ["a", "b"], ["a"], ["a", "B"], ["a", "B"]),
    ("we move a line down, they complete another", ["a", "b", "c"], ["b", "a", "c"], ["a", "b", "x c"], ["b", "a", "x c"]),
    ("a duplicate line is edited", ["a", "a", "b"], ["a", "a", "B"], ["a", "a", "b", "c"], ["a", "a", "B", "c"]),
    ("everything deleted by them", ["a", "b"], ["a", "b", "c"], [], ["c"]),
    ("todo.sh deletes (a blank line), we complete another", ["a", "b", "c"], ["a", "b", "x c"], ["a", "", "c"], ["a", "", "x c"]),
    ("we complete beside a blank line, they append", ["a", "", "c"], ["x a", "", "c"], ["a", "", "c", "d"], ["x a", "", "c", "d"]),
  ])
  func examples(_ what: String, _ base: [String], _ ours: [String], _ theirs: [String], _ expected: [String]) {
    #expect(merged(base, ours, theirs) == expected, Comment(rawValue: what))
  }

  /// `é` written two ways is two different lines: a change of bytes is a change.
  @Test func linesAreComparedByteForByte() {
    let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
    #expect(merged([composed], [composed], [decomposed]) == [decomposed])
  }

  // MARK: Random edits on both sides

  private enum Edit { case kept, deleted, edited }

  /// One side's version of `base`: each line kept, deleted or edited, and new
  /// lines inserted anywhere; the new texts are unique to that side.
  private func edit(_ base: [String], side: String, _ generator: inout SplitMix64) -> (lines: [String], fate: [Edit], added: [String]) {
    var lines: [String] = []
    var fate: [Edit] = []
    var added: [String] = []
    func insertSome() {
      for _ in 0..<(Int.random(in: 0..<8, using: &generator) == 0 ? Int.random(in: 1...3, using: &generator) : 0) {
        let line = "\(side) new \(added.count)"
        added.append(line)
        lines.append(line)
      }
    }
    for line in base {
      insertSome()
      switch Int.random(in: 0..<10, using: &generator) {
      case 0:
        fate.append(.deleted)
      case 1:
        let edited = "\(line) edited by \(side)"
        added.append(edited)
        lines.append(edited)
        fate.append(.edited)
      default:
        lines.append(line)
        fate.append(.kept)
      }
    }
    insertSome()
    return (lines, fate, added)
  }

  @Test func randomEditsOnBothSidesLoseNothingAndKeepDeletions() {
    var generator = SplitMix64(state: 2026_11_23)
    for round in 0..<1_000 {
      let base = (0..<Int.random(in: 0...30, using: &generator)).map { "line \($0)" }
      let ours = edit(base, side: "ours", &generator)
      let theirs = edit(base, side: "theirs", &generator)
      let sources = LineMerge.merge(base: base, ours: ours.lines, theirs: theirs.lines)
      let result = merged(base, ours.lines, theirs.lines)
      let context = "round \(round): base \(base) ours \(ours.lines) theirs \(theirs.lines) merged \(result)"

      for line in ours.added { #expect(result.contains(line) || result.contains(line + " !"), Comment(rawValue: "ours added \(line) — " + context)) }
      for line in theirs.added { #expect(result.contains(line), Comment(rawValue: "theirs added \(line) — " + context)) }
      for (index, line) in base.enumerated() {
        switch (ours.fate[index], theirs.fate[index]) {
        case (.deleted, .kept), (.kept, .deleted):
          #expect(!result.contains(line), Comment(rawValue: "deleted by one side: \(line) — " + context))
        case (.kept, .kept):
          #expect(result.filter { $0 == line }.count == 1, Comment(rawValue: "kept by both: \(line) — " + context))
        default:
          break
        }
      }
      // Lines neither side touched keep their order.
      let untouched = base.indices.filter { ours.fate[$0] == .kept && theirs.fate[$0] == .kept }.map { base[$0] }
      #expect(result.filter { untouched.contains($0) } == untouched, Comment(rawValue: context))
      // Each side's line is used at most once.
      let oursUsed = sources.compactMap { if case .ours(let i) = $0 { i } else if case .conflict(let i) = $0 { i } else { nil } }
      let theirsUsed = sources.compactMap { if case .theirs(let i, _) = $0 { i } else { nil } }
      #expect(Set(oursUsed).count == oursUsed.count && Set(theirsUsed).count == theirsUsed.count, Comment(rawValue: context))

      #expect(merged(base, base, theirs.lines) == theirs.lines, Comment(rawValue: "we changed nothing — " + context))
      #expect(merged(base, ours.lines, base) == ours.lines, Comment(rawValue: "they changed nothing — " + context))
    }
  }

  /// A line they edited in place keeps the user's todo's identity.
  @Test func anEditInPlaceNamesTheLineItReplaces() {
    let sources = LineMerge.merge(base: ["a", "b"], ours: ["a", "b"], theirs: ["a", "B"])
    #expect(sources == [.ours(0), .theirs(1, replacing: 1)])
  }

  // MARK: Two versions without a base (a sync tool's conflict copy)

  @Test func aUnionKeepsEveryLineOfBothOnce() {
    #expect(LineMerge.union(["a", "b", "c"], ["a", "B", "c", "d"]) == ["a", "b", "B", "c", "d"])
    var generator = SplitMix64(state: 7)
    for _ in 0..<500 {
      let base = (0..<Int.random(in: 0...15, using: &generator)).map { "line \($0)" }
      let first = edit(base, side: "first", &generator).lines
      let second = edit(base, side: "second", &generator).lines
      let union = LineMerge.union(first, second)
      #expect(Set(union) == Set(first + second), Comment(rawValue: "\(first) ∪ \(second) = \(union)"))
      #expect(union.count == Set(union).count, Comment(rawValue: "no line twice: \(union)"))
      #expect(LineMerge.union(first, first) == first)
    }
  }
}
