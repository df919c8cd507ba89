import FoundationEssentials

/// One todo and what it can do on its own: complete and re-open, change
/// priority. Its rules are methods on `State`; the reducer conformance is
/// in Todos, so the model never sees the reducer framework.
public struct Todo: Sendable {
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    /// Everything after the priority and dates: words, +projects, @contexts, key:value tags.
    public var text: String {
      didSet { hiding = Hiding(text) }
    }
    /// Read from the text whenever it changes (`h:1`, `t:`, and whether it
    /// has `id:` or `p:`), so that the scans of every key do not read the
    /// text again. Four bytes, in what was padding: a todo takes no more
    /// memory for it.
    public private(set) var hiding: Hiding
    /// `A`…`Z`; only active todos have one (a completed todo keeps it as a `pri:` tag).
    public var priority: Character? {
      get { priorityLetter == 0 ? nil : Character(Unicode.Scalar(priorityLetter)) }
      set {
        precondition(newValue.map { $0.isASCII && $0.isUppercase } ?? true, "a priority is a letter A…Z")
        priorityLetter = newValue?.asciiValue ?? 0
      }
    }
    public var creationDate: Day? {
      get { Day(rawBits: creationBits) }
      set { creationBits = newValue?.rawBits ?? 0 }
    }
    public var completionDate: Day? {
      get { Day(rawBits: completionBits) }
      set { completionBits = newValue?.rawBits ?? 0 }
    }
    // Stored packed, the small fields last (declared in the order they are
    // laid out): a `Character?` takes 16 bytes and a `Day?` 5 (8 with its
    // padding), where a letter takes one byte and a day's bits 4 with 0 for
    // none. A todo is 48 bytes instead of 72 (240 KB at 10,000).
    @usableFromInline var creationBits: UInt32 = 0
    @usableFromInline var completionBits: UInt32 = 0
    public var isComplete: Bool
    @usableFromInline var priorityLetter: UInt8 = 0

    public init(
      id: UUID, text: String = "", isComplete: Bool = false, priority: Character? = nil,
      creationDate: Day? = nil, completionDate: Day? = nil
    ) {
      self.id = id
      self.text = text
      self.hiding = Hiding(text)
      self.isComplete = isComplete
      self.priority = priority
      self.creationDate = creationDate
      self.completionDate = completionDate
    }

    /// A blank line of the file (todo.sh leaves one where it deletes a todo,
    /// so that its item numbers stay put): kept in place, never shown,
    /// counted or numbered as a todo.
    @inlinable public var isBlankLine: Bool {
      hiding.isBlankText && !isComplete && priorityLetter == 0 && creationBits == 0
    }

    /// The same todo under another identity.
    public func with(id: UUID) -> State {
      State(id: id, text: text, isComplete: isComplete, priority: priority, creationDate: creationDate, completionDate: completionDate)
    }
  }

  public enum Action: Equatable, Sendable {
    case toggleCompleteTapped
    /// `p`: none → A → B → C → none; from another letter the next one, Z → none.
    case priorityCycled
    /// `P` and a letter (or Space: none).
    case prioritySet(Character?)
    /// `>` / `<`: `due:` this many days later (earlier when negative), `t:` with it (Postpone.swift).
    case postponed(days: Int)
    /// `+` / `-` and the words typed at the prompt (Words.swift).
    case wordsAdded(String)
    case wordsRemoved(String)
  }

  /// Today, from the environment's clock: completing a todo stamps it.
  /// Read by the reducer (in Todos), which calls it per action.
  public let today: @Sendable () -> Day

  public init(today: @escaping @Sendable () -> Day) {
    self.today = today
  }
}

/// The rules one todo keeps on its own, as plain methods: the model states
/// them, and the reducer (`Todo+Reducer.swift` in Todos) only calls them.
extension Todo.State {
  /// `x`: completes the todo, stamped `today`, or re-opens it. As todo.sh
  /// does, a priority survives completion as a `pri:X` tag and comes back
  /// from it (from a tag another tool wrote, too).
  public mutating func toggleCompletion(on today: Day) {
    if isComplete {
      isComplete = false
      completionDate = nil
      if let (letter, word) = TagScan.priorityTag(in: text) {
        priorityLetter = letter
        text.removeWord(utf8: word)
      }
    } else {
      isComplete = true
      completionDate = today
      if let priority {
        text += text.isEmpty ? "pri:\(priority)" : " pri:\(priority)"
        self.priority = nil
      }
    }
  }

  /// The todo made what its line will read back as: a rule can leave a
  /// text that starts like a field the todo lacks (re-opening
  /// `x 2024-05-01 (B) call mom` leaves the text `(B) call mom`, which the
  /// file reads as priority B). Such a todo takes the fields its line
  /// gives, the line itself unchanged; except an open one whose line would
  /// start with `x ` (re-opening `x 2024-05-01 x marks the spot`, taking
  /// the priority off `(A) x marks the spot`), which would read back done:
  /// it is dated `today` instead, its text as it was. The reducer calls it
  /// after each rule.
  public mutating func keepAsRead(today: @autoclosure () -> Day) {
    guard mayReadDifferently else { return }
    let read = TodoTxt.parse(TodoTxt.format(self)[...], id: id)
    if read.isComplete != isComplete {
      creationDate = today()
    } else {
      self = read
    }
  }

  /// Whether the text starts with what could be read as a field the todo
  /// lacks (`x `, `(A) `, a date): a test of a byte or two, made on every
  /// rule, before the line is formatted and read.
  private var mayReadDifferently: Bool {
    guard let first = text.utf8.first,
          first == UInt8(ascii: "x") || first == UInt8(ascii: "(") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return creationDate == nil || (!isComplete && priority == nil) || (isComplete && completionDate == nil)
  }

  /// `p`: none → A → B → C → none; from another letter the next one, Z →
  /// none. A completed todo keeps its `pri:` tag: nothing changes.
  /// Returns whether the priority changed.
  @discardableResult
  public mutating func cyclePriority() -> Bool {
    guard !isComplete else { return false }
    priority = switch priority {
    case nil: "A"
    case "C", "Z": nil
    case let letter?: Character(Unicode.Scalar(letter.asciiValue! + 1))
    }
    return true
  }

  /// `P` and a letter (or none): only `A`…`Z`, and only on an active todo.
  /// Returns whether the priority was set (even to the one it had).
  @discardableResult
  public mutating func setPriority(_ newPriority: Character?) -> Bool {
    guard !isComplete, newPriority.map({ $0.isASCII && $0.isUppercase }) ?? true else { return false }
    priority = newPriority
    return true
  }
}

extension String {
  /// Takes out the word at UTF-8 offsets `word` (one TagScan found) and
  /// the space that separated it from the rest: the one before it, or,
  /// for the first word, the one after.
  mutating func removeWord(utf8 word: Range<Int>) {
    var start = word.lowerBound, end = word.upperBound
    if start > 0 {
      start -= 1
    } else if end < utf8.count {
      end += 1
    }
    removeSubrange(utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end))
  }
}

/// Dumps (the trace's and the tests' diffs) show the todo's fields, not how
/// they are packed.
extension Todo.State: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "text": text, "isComplete": isComplete, "hiding": hiding, "priority": priority as Any,
        "creationDate": creationDate as Any, "completionDate": completionDate as Any,
      ],
      displayStyle: .struct
    )
  }
}
