import FoundationEssentials
import IdentifiedCollections
import Terminal
import TodoModel

/// The app's state: the features' own, and the few fields that span them.
extension AppReducer {
  /// Its big parts but the list (the file, the mode, the search…) each in
  /// a box of its own (`CopyOnWrite`): the state is passed by value at
  /// every turn of a key (docs/Architecture.md says why not the list).
  public struct State: Equatable {
    /// The list, with a copy of what the rest of the app decides about what
    /// it shows (`ListFeature.Shown`), handed in by `handShownToList`.
    public var list: ListFeature.State
    @CopyOnWrite public var file = FileSync.State()
    @CopyOnWrite public var search = Search.State()
    /// `sync = "git"`: the background sync and how the last one went.
    @CopyOnWrite public var sync = SyncFeature.State()
    /// Several lists (`[lists]`): which is shown, the others parked.
    @CopyOnWrite public var lists = Lists()
    @CopyOnWrite public var mode: Mode = .list
    /// The config file's choices and the clock format.
    public var settings = Settings()
    /// The time on the status-bar clock.
    public var now: Date { didSet { today = Day(now, at: utcOffset) } }
    /// The user's offset from UTC, for the clock and today's date; updated
    /// with the clock, so daylight saving changes show.
    public var utcOffset = UTCOffset.utc { didSet { today = Day(now, at: utcOffset) } }
    /// Today on the user's clock, kept with `now` and `utcOffset`: read
    /// about fifteen times a key, worked out from them it cost ~1,000
    /// instructions a key.
    public private(set) var today: Day
    /// A short message in the footer (e.g. what `u` would undo), cleared after 3 s.
    public var flash: String?
    /// The terminal's size, as the view will draw on it.
    public var screenSize = Size(columns: 80, rows: 24)
    /// The user asked to quit, or a signal did; the program saves and exits.
    public var isQuitting = false
    /// The process's exit status once it may exit: 0, or 128 + the signal
    /// that ended it.
    public var exitStatus: Int32 = 0
    /// The list's names as Tab last counted them (AppReducer+Completion.swift).
    public var namesInList: NamesInList?
    /// `Q` and `@`: the registers, the one being recorded (Macros/).
    @CopyOnWrite public var macros = Macros()

    public init(todos: IdentifiedArrayOf<Todo.State> = [], now: Date) {
      self.list = ListFeature.State(todos: todos)
      self.now = now
      self.today = Day(now, at: utcOffset)
      handShownToList()
    }

    /// Hands the list what the rest of the app decides about what it shows
    /// (the search in force, the row being edited, today, the page): before
    /// the list's reducer runs, before the door, and after every action,
    /// so the list is never out of date where it is read. A stored copy, not
    /// a computed view: reaching the list through a computed property made
    /// every change to it copy the whole list.
    public mutating func handShownToList() {
      let shown = shown
      if list.shown != shown { list.shown = shown }
    }

    // Inlined: called, it was handed a copy of the whole state, twice an action.
    @inline(__always) var shown: ListFeature.Shown {
      var shown = ListFeature.Shown()
      shown.query = query
      shown.editing = if case .editing(let editing) = mode { editing.id } else { nil }
      shown.today = today
      shown.pageSize = pageSize
      return shown
    }

    /// The search in force: the query being typed, else the one kept.
    public var query: String {
      if case .searching(let editor) = mode { editor.text } else { search.text }
    }

    /// Why Enter did not save the line being edited, for as long as the
    /// line still holds a word it refuses (`due:tomorow is not a date — …`).
    public var editRefusal: String? {
      guard case .editing(let editing) = mode, editing.showsNonDates,
            let word = DateShortcut.firstNonDate(in: editing.editor.text, today: today)
      else { return nil }
      return DateShortcut.refusal(of: word)
    }

    /// How many todo rows fit on the screen: how far PageUp/PageDown move.
    public var pageSize: Int { AppView.listRows(in: screenSize) }

    /// The line being typed: the todo's text while editing, the query while
    /// searching; nil in the other modes.
    public var editor: LineEditor.State? {
      get {
        switch mode {
        case .editing(let editing): editing.editor
        case .searching(let editor): editor
        case .prompting(let prompt): prompt.editor
        case .list, .help, .history, .choosingPriority, .choosingRegister, .choosingList: nil
        }
      }
      set {
        guard let newValue else { return }
        switch mode {
        case .editing(var editing):
          editing.editor = newValue
          mode = .editing(editing)
        case .searching:
          mode = .searching(newValue)
        case .prompting(var prompt):
          prompt.editor = newValue
          mode = .prompting(prompt)
        case .list, .help, .history, .choosingPriority, .choosingRegister, .choosingList:
          break
        }
      }
    }
  }

  public enum Mode: Equatable, Sendable {
    case list
    case editing(Editing)
    /// Typing a search: the query in its line editor.
    case searching(LineEditor.State)
    /// The help overlay, scrolled to its line `top`.
    case help(top: Int)
    /// `U`: the history, its `selected`-th newest change selected.
    case history(selected: Int)
    /// `P` was pressed: the next letter is the priority of the todos in hand.
    case choosingPriority
    /// `+` / `-`: the words to add or remove, being typed (WordsPrompt.swift).
    case prompting(WordsPrompt)
    /// `Q` or `@` was pressed: the next letter names the macro.
    case choosingRegister(RegisterUse)
    /// `T` was pressed: the next digit is the list to move the todos in hand to.
    case choosingList
  }

  /// Which todo is being edited, whether it is new (and so discarded on
  /// Esc), and the line being typed for it.
  public struct Editing: Equatable, Sendable {
    public let id: UUID
    public let isNew: Bool
    /// Where the selection goes back to if a new todo is discarded.
    public let selectionBefore: UUID?
    public var editor: LineEditor.State
    /// The line as it was when editing began: if another program changes it
    /// meanwhile, committing keeps both versions.
    public let original: String?
    /// Ctrl-C was pressed once with changed text: the next one drops it.
    public var isConfirmingInterrupt = false
    /// Enter was refused for a `due:`/`t:` word that is no date: while the
    /// line holds one, it is marked and the status line says why.
    public var showsNonDates = false

    /// The filter and the search (a view's too) a new todo put aside to
    /// show itself: cancelling it brings them back.
    public var shownBefore: ShownBefore?
    /// `b`: the new todo is a part of this one (AppReducer+Part.swift).
    public var part: Part?

    /// Whether the line differs from what editing began with.
    var hasChanges: Bool { editor.text != (original ?? "") }

    public init(
      id: UUID, isNew: Bool, selectionBefore: UUID?, editor: LineEditor.State = LineEditor.State(), original: String? = nil
    ) {
      self.id = id
      self.isNew = isNew
      self.selectionBefore = selectionBefore
      self.editor = editor
      self.original = original
    }
  }

  /// What the list showed before a new todo made itself visible.
  public struct ShownBefore: Equatable, Sendable {
    public var filter: Filter
    /// The search kept (a view's, or one typed with `/`); empty for none.
    public var search: String
  }

  /// Where a new todo goes; `end` (no key: the shell's `yaru add`) after the file's last line.
  public enum Placement: Equatable, Sendable { case top, below, above, end }

  /// What `b` wrote for the user: the parent, its `id:`, and whether the
  /// parent gets that id with the part (it had none).
  public struct Part: Equatable, Sendable {
    public let parent: UUID
    public let id: String
    public let writesParentID: Bool
  }
  public enum HelpScroll: Equatable, Sendable { case lineDown, lineUp, pageDown, pageUp, top, bottom }
}
