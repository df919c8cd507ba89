import Testing
@testable import TodoModel

/// The tags read at load (hiding, dependencies) come from one walk that
/// stops only at spaces and colons. Checked against reading the text word
/// by word (split at spaces, `keyValue`'s rule) on random texts made of the
/// pieces that matter: keys, colons, days, spaces, tabs, wide text.
struct TagWalkTests {
  private static let pieces = [
    "h", "h:1", "h:", ":1", "1", "t:", "t", "2026-11-28", "2025-01-02", "2026-13-01", "id:", "id", "p:", "p", ":", "::", "x",
    "due:", "7", "a", " ", " ", " ", "  ", "\t", "牛乳", "👍🏽", "e\u{301}",
  ]

  private static func randomText(_ generator: inout SplitMix64) -> String {
    (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
  }

  /// Hiding as the words say it (blank: only spaces and tabs): a word `h:1`; the first word `t:` + a real day.
  private static func wordByWordHiding(_ text: String) -> (hidden: Bool, threshold: Day?) {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    let threshold = words.lazy.compactMap { word -> Day? in
      guard word.hasPrefix("t:"), word.utf8.count == 12 else { return nil }
      return Day(word.dropFirst(2))
    }.first
    return (words.contains("h:1"), threshold)
  }

  @Test func hidingReadsTheSameTagsAsTheWords() {
    var generator = SplitMix64(state: 20_261_128)
    for _ in 0..<20_000 {
      let text = Self.randomText(&generator)
      let hiding = Hiding(text), expected = Self.wordByWordHiding(text)
      #expect(hiding.isAlwaysHidden == expected.hidden, "\(text.debugDescription)")
      #expect(hiding.threshold == expected.threshold, "\(text.debugDescription)")
      #expect(hiding.isBlankText == text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }, "\(text.debugDescription)")
    }
  }

  @Test func dependencyTagsAreTheWordsKeyValues() {
    var generator = SplitMix64(state: 20_261_129)
    for _ in 0..<20_000 {
      let text = Self.randomText(&generator)
      let pairs = text.split(separator: " ").compactMap(Todo.State.keyValue)
      let tags = TagScan.dependencyTags(in: text)
      #expect(tags.id == pairs.first { $0.key == "id" }?.value, "\(text.debugDescription)")
      #expect(tags.parts == pairs.filter { $0.key == "p" }.map(\.value), "\(text.debugDescription)")
      // The hiding walk's note is what lets the dependency map pass a todo by.
      #expect(Hiding(text).namesDependencies == (tags.id != nil || !tags.parts.isEmpty), "\(text.debugDescription)")
    }
  }

  @Test func aTextWithoutColonsHasNoTags() {
    var seen = 0
    TagScan.forEachKeyWord(in: "h 1 t 2026-11-28 p 7".utf8.span) { _, _ in
      seen += 1
      return false
    }
    #expect(seen == 0)
  }
}
