import Foundation
import Testing
import TodoModel

/// Dates compared in a search (`due:<DATE`, `due:<=1w`, `t:>today`), on
/// Monday 2026-11-23, and the words the search does not understand.
struct DateSearchTests {
  static let today = Day(year: 2026, month: 11, day: 23)!
  static let lines = [
    "(A) Call mom due:2026-11-20",
    "Write report due:2026-11-23",
    "Plan trip due:2026-11-29 t:2026-11-27",
    "Read book due:2026-12-15",
    "x 2026-11-22 Pay rent due:2026-11-01",
    "Buy milk",
    "Renew visa t:2026-12-01",
    "Fix typo due:tomorow",
  ]

  private func matching(_ query: String) -> [String] {
    let search = SearchQuery(query, today: Self.today)
    return Self.lines.filter { search.matches(TodoTxt.parse($0[...], id: UUID())) }.map { String($0.prefix(10)) }
  }

  @Test(arguments: [
    ("due:<today", ["(A) Call m", "x 2026-11-"]),
    ("due:<=1w", ["(A) Call m", "Write repo", "Plan trip ", "x 2026-11-"]),
    ("due:<=+1w", ["(A) Call m", "Write repo", "Plan trip ", "x 2026-11-"]),
    ("due:<2026-12-01", ["(A) Call m", "Write repo", "Plan trip ", "x 2026-11-"]),
    ("due:>today", ["Plan trip ", "Read book "]),
    ("due:>=2026-12-01", ["Read book "]),
    ("due:=2026-11-23", ["Write repo"]),
    ("due:=today", ["Write repo"]),
    ("due:>=tomorrow due:<=sun", ["Plan trip "]),
    ("due:>2m", []),
    ("DUE:<TODAY", ["(A) Call m", "x 2026-11-"]),
    ("t:>today", ["Plan trip ", "Renew visa"]),
    ("t:<=fri", ["Plan trip "]),
    // Without the tag (or with no date in it) a todo never compares; kept
    // out, it is let through.
    ("-due:<today", ["Write repo", "Plan trip ", "Read book ", "Buy milk", "Renew visa", "Fix typo d"]),
    // A comparison of due: is no tag word: `due:today` still means the active todos due today.
    ("due:today", ["Write repo"]),
    // The bad date in the file is found by its tag, as typed.
    ("due:tomorow", ["Fix typo d"]),
    // Not a comparison of a date key: a tag word, as before.
    ("duebefore:2026-12-01", []),
  ])
  func comparesDates(_ query: String, _ expected: [String]) {
    #expect(matching(query) == expected, "\(query)")
    #expect(SearchQuery(query, today: Self.today).problem == nil, "\(query)")
  }

  /// A comparison whose value is no date lets nothing through, negated or
  /// not, and says which word it is.
  @Test(arguments: ["due:<tomorow", "-due:<tomorow", "t:>=2026-02-30", "due:<", "due:=+1", "milk due:<=nextweek"])
  func aComparisonWithNoDateIsNotUnderstood(_ query: String) {
    #expect(matching(query) == [], "\(query)")
    let word = query.split(separator: " ").last!
    #expect(SearchQuery(query, today: Self.today).problem == "\(word) is not understood (not a date)")
  }

  @Test func readsTheRelationAndTheDay() {
    let reading = DateComparison.reading(key: "due", value: "<=1w", today: Self.today)
    guard case .comparison(let comparison) = reading else { Issue.record("\(String(describing: reading))"); return }
    #expect(comparison.relation == .lessOrEqual && comparison.day == Day(year: 2026, month: 11, day: 30)!)
    #expect(DateComparison.reading(key: "due", value: "2026-12-01", today: Self.today) == nil)
    #expect(DateComparison.reading(key: "place", value: "<kyoto", today: Self.today) == nil)
  }
}
