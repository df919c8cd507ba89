import FoundationEssentials
import Terminal
import TodoModel

/// What the header holds at a given width, and where. The filters and the
/// order are what the header is for (scripts and people read them), so on a
/// narrow screen the other parts give way first, never cut them: the name
/// `yaru` goes, then the clock, then the view's name is shortened, then
/// `+hidden` goes, then the view. Drawing and clicks share it, so a click
/// on a filter's name finds it wherever it moved.
struct HeaderLayout {
  var showsTitle: Bool
  var showsClock: Bool
  /// Where each filter's label sits: `[All]` or ` Active `.
  var filterColumns: [(Filter, Range<Int>)]
  /// The order, `+hidden` and the view, as they fit.
  var notes: String
  /// Where the notes start.
  var notesColumn: Int
  /// Where the clock starts (when it shows): one column from the right edge.
  var clockColumn: Int

  /// All the header is drawn from: a frame whose header has the same as
  /// the last one's copies that row (`RowMemo.header`).
  struct Inputs: Equatable {
    let columns: Int
    let filter: Filter
    let notes: Notes
    let clock: Clock?
    let theme: Theme
  }

  /// The minute the clock shows, compared with the last frame's as it is:
  /// its text is made only when the header is drawn (made for every frame
  /// to be compared, it ran ~40 lines of code a key).
  struct Clock: Equatable {
    let hour: Int, minute: Int
    let uses24Hour: Bool

    init(_ date: Date, at offset: UTCOffset, uses24Hour: Bool) {
      let clock = WallClock(date, at: offset)
      (hour, minute, self.uses24Hour) = (clock.hour, clock.minute, uses24Hour)
    }

    /// `14:05`, or `2:05 PM`.
    var text: String {
      let time = WallClock.timeText(hour: hour, minute: minute)
      if uses24Hour { return time }
      return "\(hour % 12 == 0 ? 12 : hour % 12):\(time.dropFirst(3)) \(hour < 12 ? "AM" : "PM")"
    }
  }

  /// The parts of the notes, most needed first.
  struct Notes: Equatable {
    /// The shown list's name, with several lists (`[lists]`).
    var list: String? = nil
    var order: String?
    var hidden: Bool
    var view: String?

    /// The notes whole.
    var text: String { text(fitting: .max) ?? "" }

    /// The notes with the view's name cut to `width` columns in all; nil
    /// when even one letter of it and `…` do not fit.
    func text(fitting width: Int) -> String? {
      var parts = [list, order, hidden ? "+hidden" : nil].compactMap { $0 }
      if let view {
        let full = "view \(view)"
        let before = parts.isEmpty ? 0 : DisplayWidth.of(Self.spaced(parts)) + 1
        if before + DisplayWidth.of(full) > width {
          let cut = TextFit.keepingStart(full[...], width: width - before)
          guard cut.count > "view ".count + 1 else { return nil }
          parts.append(cut)
        } else {
          parts.append(full)
        }
      }
      return Self.spaced(parts)
    }

    /// `parts` with a space between each two. Not `joined(separator:)`:
    /// run unspecialized here, its first call had the runtime look up
    /// generic types by their names (~190,000 instructions on the way to
    /// the first frame).
    private static func spaced(_ parts: [String]) -> String {
      var text = ""
      for index in parts.indices {
        if index > 0 { text += " " }
        text += parts[index]
      }
      return text
    }
  }

  init(_ inputs: Inputs) {
    self.init(columns: inputs.columns, filter: inputs.filter, notes: inputs.notes, clock: inputs.clock?.text)
  }

  init(columns: Int, filter current: Filter, notes: Notes, clock: String?) {
    let clockWidth = clock.map { DisplayWidth.of($0) } ?? 0
    let title = DisplayWidth.of("yaru") + 2
    // Each filter's label is its name with a space or a bracket each side;
    // the last one's space is no text to fit.
    let filtersWidth = Filter.allCases.reduce(0) { $0 + DisplayWidth.of($1.rawValue) + 2 }
    let filtersText = filtersWidth - (current == Filter.allCases.last ? 0 : 1)
    // From the most whole to the barest: the first that fits is drawn.
    let tries: [(title: Bool, clock: Bool)] = [(true, clock != nil), (false, clock != nil), (false, false)]
    let full = notes.text
    var chosen: (title: Bool, clock: Bool, notes: String) = (false, false, full)
    for (withTitle, withClock) in tries {
      let end = 1 + (withTitle ? title : 0) + filtersWidth
      // Notes end a space before the clock; the filters too, when there are none.
      let limit = withClock ? columns - clockWidth - 2 : columns
      let room = limit - (end + 2)
      if full.isEmpty ? end - filtersWidth + filtersText <= limit : DisplayWidth.of(full) <= room {
        chosen = (withTitle, withClock, full)
        break
      }
      guard !withTitle, !withClock else { continue }
      // The barest header: the notes give way, least needed first.
      let fewer: [String?] = [
        notes.text(fitting: room),
        Notes(list: notes.list, order: notes.order, hidden: false, view: notes.view).text(fitting: room),
        Notes(list: notes.list, order: notes.order, hidden: notes.hidden, view: nil).text,
        Notes(list: notes.list, order: notes.order, hidden: false, view: nil).text,
      ]
      let barest = Notes(list: notes.list, order: notes.order, hidden: false, view: nil).text
      chosen.notes = fewer.compactMap { $0 }.first { DisplayWidth.of($0) <= room } ?? barest
    }
    showsTitle = chosen.title
    showsClock = chosen.clock
    self.notes = chosen.notes
    clockColumn = columns - clockWidth - 1
    var x = 1 + (showsTitle ? title : 0)
    filterColumns = Filter.allCases.map { filter in
      let width = DisplayWidth.of(filter.rawValue) + 2
      defer { x += width }
      return (filter, x..<x + width)
    }
    notesColumn = x + 2
  }
}
