/// `yaru ls --ical`: the list as an iCalendar (RFC 5545) VCALENDAR of
/// VTODOs, for calendar programs: SUMMARY, PRIORITY, DUE, DTSTART (from
/// `t:`), STATUS, CATEGORIES (projects and contexts), the whole line as
/// DESCRIPTION. Lines end in CRLF and are folded at 75 bytes, never inside
/// a character, as the RFC asks.
public enum TodoCalendar {
  /// - Parameters:
  ///   - stamp: when the calendar was made, in UTC (DTSTAMP is required).
  ///   - product: the PRODID's program and version (`yaru 0.3.0`).
  public static func document(_ todos: [ListedTodo], stamp: WallClock, product: String) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//yaru//\(escaped(product))//EN", "CALSCALE:GREGORIAN"]
    var seen: [UInt64: Int] = [:]
    for listed in todos {
      let todo = listed.todo
      let raw = TodoTxt.format(todo)
      // The same line gives the same UID in every export (calendars update
      // the item instead of adding another); a repeated line gets a count.
      let hash = LineFingerprint.of(raw.utf8)
      let repeats = seen[hash, default: 0]
      seen[hash] = repeats + 1
      lines.append("BEGIN:VTODO")
      lines.append("UID:\(String(hash, radix: 16))-\(repeats)@yaru")
      lines.append("DTSTAMP:" + utc(stamp))
      lines.append("SUMMARY:" + escaped(todo.text))
      lines.append("DESCRIPTION:" + escaped(raw))
      if let priority = todo.priority?.asciiValue {
        // A is 1 (highest) … H is 8; I and later are 9 (lowest).
        lines.append("PRIORITY:\(min(Int(priority - UInt8(ascii: "A")) + 1, 9))")
      }
      let due = todo.dueDate
      if let due { lines.append("DUE;VALUE=DATE:" + date(due)) }
      // DUE must be after DTSTART: a threshold on or after the due day is left out.
      if let start = todo.hiding.threshold, due.map({ start < $0 }) ?? true {
        lines.append("DTSTART;VALUE=DATE:" + date(start))
      }
      lines.append("STATUS:" + (todo.isComplete ? "COMPLETED" : "NEEDS-ACTION"))
      let categories = listed.projects + listed.contexts
      if !categories.isEmpty { lines.append("CATEGORIES:" + categories.map(escaped).joined(separator: ",")) }
      lines.append("END:VTODO")
    }
    lines.append("END:VCALENDAR")
    return lines.map(folded).joined()
  }

  /// TEXT as RFC 5545 writes it: backslash, semicolon, comma and newline
  /// escaped; other control characters, which TEXT cannot hold, in caret
  /// notation (`^[`).
  static func escaped<Text: StringProtocol>(_ text: Text) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n": out += "\\n"
      case "\t": out.unicodeScalars.append(scalar)
      default: out += String(scalar).caretNotation
      }
    }
    return out
  }

  /// A content line cut into lines of at most 75 bytes, each after the
  /// first starting with a space, each ending in CRLF.
  static func folded(_ line: String) -> String {
    var out = "", width = 0
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if width + size > 75 {
        out += "\r\n "
        width = 1
      }
      out.unicodeScalars.append(scalar)
      width += size
    }
    return out + "\r\n"
  }

  private static func date(_ day: Day) -> String { String(day.description.filter { $0 != "-" }) }

  /// `20261125T090500Z`: RFC 5545's basic form, in UTC.
  private static func utc(_ clock: WallClock) -> String {
    clock.dateText.filter { $0 != "-" } + "T" + clock.timeText(seconds: true).filter { $0 != ":" } + "Z"
  }
}
