import IdentifiedCollections

/// Several lists (the config's `[lists]`): which one is shown, and the
/// others as they were left. The shown list is the app's stored `list` and
/// `file`, as with one list; `L` swaps a parked list's states in and the
/// shown one's out, which moves them and copies no todo.
public struct Lists: Equatable, Sendable {
  /// The lists' names, in the config's order; empty with one list.
  public var names: [String] = []
  /// The shown list's place in `names`.
  public var active = 0
  /// The list shown before it: where a list that cannot be read goes back to.
  public var previous: Int?
  /// The lists not shown, each as it was left, by their place in `names`.
  public var parked: IdentifiedArrayOf<ParkedList> = []
  /// `L` was pressed: the list to show once the shown one's file work is
  /// done (no save, merge or move of its still on its way).
  public var switchingTo: Int?
  /// The switch waits for the I/O queue to pass what the shown list
  /// started there (`AppReducer.Action.listFileWorkPassed`).
  public var isWaitingForFileWork = false
  /// `T`: the todos are being written to the other list; they leave this
  /// one when that is done.
  public var isMoving = false

  public init() {}

  public var isSeveral: Bool { names.count > 1 }

  /// The shown list's name, with several lists.
  public var activeName: String? { isSeveral && names.indices.contains(active) ? names[active] : nil }

  /// The list after the shown one, the first after the last.
  public var next: Int { (active + 1) % max(1, names.count) }
}

/// A list not shown: its list and file states as they were left, and
/// whether it was ever loaded (a list is read the first time it is shown).
public struct ParkedList: Identifiable, Equatable, Sendable {
  /// Its place in the config's `[lists]`.
  public var id: Int
  public var list: ListFeature.State
  public var file: FileSync.State
  public var isLoaded: Bool

  public init(id: Int, list: ListFeature.State, file: FileSync.State = FileSync.State(), isLoaded: Bool = false) {
    self.id = id
    self.list = list
    self.file = file
    self.isLoaded = isLoaded
  }
}

extension AppReducer.State {
  /// At start: whether list `index` is read-only (another yaru has its lock).
  public mutating func setReadOnly(_ isReadOnly: Bool, list index: Int) {
    if index == lists.active { file.isReadOnly = isReadOnly } else { lists.parked[id: index]?.file.isReadOnly = isReadOnly }
  }
}
