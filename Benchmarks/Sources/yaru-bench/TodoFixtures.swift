/// Todo files of any length that look like years of real use: priorities,
/// creation and completion dates, projects, contexts, `due:` tags, some
/// Japanese and emoji, a fifth of them done, a tenth recurring.
enum TodoFixtures {
  static let words = [
    "buy milk", "call the bank", "fix the bike", "water plants", "pay rent", "email Alice about the trip",
    "book dentist", "牛乳を買う 🥛", "clean kitchen", "read chapter 3", "walk the dog", "レポートを書く",
  ]

  static func text(lines count: Int) -> String {
    var text = ""
    text.reserveCapacity(count * 64)
    for i in 1...count {
      let day = 1 + i % 28, month = 1 + i % 12
      let created = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
      if i % 5 == 0 { text += "x 2026-02-01 \(created) " }
      else if i % 3 == 0 { text += "(\(["A", "B", "C"][i % 3 == 0 ? (i / 3) % 3 : 0])) \(created) " }
      else { text += "\(created) " }
      text += "Task \(i) \(words[i % words.count])"
      if i % 4 == 0 { text += " +project\(i % 9)" }
      if i % 6 == 0 { text += " @home" }
      if i % 7 == 0 { text += " due:2026-12-\(10 + i % 18)" }
      if i % 10 == 2 { text += " rec:+1w" }
      text += "\n"
    }
    return text
  }
}
