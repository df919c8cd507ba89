import Architecture
import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// Another program changed the todo file: its version and the user's list,
/// merged line by line against the version both started from (`LineMerge`).
/// Both sides' changes are kept; a line both changed differently is kept
/// twice, the user's tagged `conflict:`. Worked out on the I/O queue over a
/// snapshot of the list (100,000 lines take tens of milliseconds), for the
/// list's version it was taken at: the app applies it only to that list.
public struct OutsideMerge: Equatable, Sendable {
  /// The file as read: the merged list's new base and stamp.
  public let loaded: LoadedFile
  /// The stamp yaru knew when it noticed the change.
  public let known: DiskStamp?
  /// The list's version the merge was worked out from.
  public let listVersion: Int
  /// The merged list, without the todo being added (it is not in the file).
  public let todos: IdentifiedArrayOf<Todo.State>
  public let conflicts: Int
  /// The file holds the result already (their lines, in order).
  public let isSaved: Bool
  /// Set when their version is one a save displaced (kept at this path):
  /// the file holds the user's list then, not theirs.
  public let displaced: String?
  /// What the merge changed in the user's list: the other program's doing,
  /// as the history keeps it (nothing when other yarus' records tell it all).
  public let seen: [LineHunk]
  /// Other yarus' records that the history file got since yaru last read it.
  public let newer: [HistoryRecord]
  /// The fingerprints of the base yaru had: kept among the older versions
  /// once this reading replaces it.
  public let baseFingerprints: [UInt64]
  /// What the door keeps beside the merged list, worked out where the
  /// merge is (`preparing(ordersLike:lineGrams:)`): nil when it was not.
  private(set) var keptBeside: KeptBeside?

  /// Merges `loaded` into `ours` (the list at `listVersion`, less any todo
  /// being added) against the version they most likely both started from:
  /// `base`, or one of the `older` versions yaru kept (line fingerprints,
  /// newest first); `tag` marks the user's side of a clash.
  public init(
    loaded: LoadedFile, known: DiskStamp?, into ours: IdentifiedArrayOf<Todo.State>, listVersion: Int, base: String,
    older: [[UInt64]] = [], displaced: String? = nil, newer: [HistoryRecord] = [], makeID: () -> UUID = { UUID() },
    tag: (Todo.State) -> Todo.State
  ) {
    var theirs = loaded.list.todos
    let ourLines = ours.map(TodoTxt.format)
    var theirLines = theirs.map(TodoTxt.format)
    if displaced != nil {
      // Written at the moment of a save: what it lacks it most likely never saw.
      let restored = LineMerge.restoringDropped(base: TodoList.lines(of: base), theirs: theirLines)
      theirLines = restored.map(\.line)
      theirs = IdentifiedArray(uncheckedUniqueElements: restored.map { line in
        line.theirs.map { theirs[$0] } ?? TodoTxt.parse(line.line[...], id: makeID())
      })
    }
    let versions = [TodoList.lineFingerprints(of: base)] + older
    // `yaru add` in a shell, a move from another list: its record says what
    // changed, and by whom. When the records make theirs from the base, the
    // base is what they started from, even if theirs equals an older version
    // (an undone move takes out exactly what it brought).
    let told = newer.isEmpty ? nil : LineHunk.apply(newer.flatMap(\.hunks), to: TodoList.lines(of: base))
    let chosen = told == theirLines ? versions[0] : versions[LineMerge.closestBase(to: theirLines, among: versions)]
    let sources = LineMerge.merge(baseFingerprints: chosen, ours: ourLines, theirs: theirLines)
    var merged = IdentifiedArrayOf<Todo.State>()
    var conflicts = 0
    var isSaved = sources.count == theirLines.count
    for (position, source) in sources.enumerated() {
      switch source {
      case .ours(let index):
        merged.append(ours[index])
        isSaved = isSaved && ourLines[index].utf8.elementsEqual(theirLines[position].utf8)
      case .theirs(let index, let replacing):
        // Their edit of a line the user left alone is the same todo (the selection stays on it).
        merged.append(replacing.map { theirs[index].with(id: ours[$0].id) } ?? theirs[index])
        isSaved = isSaved && index == position
      case .conflict(let index):
        merged.append(tag(ours[index]))
        conflicts += 1
        isSaved = false
      }
    }
    self.loaded = loaded
    self.known = known
    self.listVersion = listVersion
    self.todos = merged
    self.conflicts = conflicts
    self.isSaved = isSaved && displaced == nil && loaded.healedBlocks == 0
    self.displaced = displaced
    self.baseFingerprints = versions[0]
    self.newer = newer
    self.seen = told == theirLines ? [] : LineMerge.hunks(from: ourLines, to: merged.map(TodoTxt.format))
  }

  /// The merge with what the door keeps beside its list worked out too,
  /// for the orders kept as in `orders` (and the runs of bytes, if kept): on
  /// the I/O queue, so that the main queue only takes it.
  func preparing(ordersLike orders: SortedOrders, lineGrams: Bool) -> OutsideMerge {
    var merge = self
    merge.keptBeside = KeptBeside(todos, ordersLike: orders, lineGrams: lineGrams)
    return merge
  }

  /// The same for what `list` keeps (the benchmarks' way in).
  public func preparing(for list: ListFeature.State) -> OutsideMerge {
    preparing(ordersLike: list.orders, lineGrams: list.lineGrams != nil)
  }

  /// What the footer says (after "12 items left · saved · ": 55 columns at most).
  func message(fileName: String) -> String {
    if let healed = loaded.healedMessage { return healed }
    // Todos another list moved here (`T`) say so.
    if conflicts == 0, !newer.isEmpty, newer.allSatisfy({ $0.kind == .outside && $0.movedTo != nil }) {
      let said = newer.map(\.summary).joined(separator: "; ")
      return said.prefix(1).uppercased() + said.dropFirst()
    }
    return switch (conflicts, isSaved) {
    case (0, true): "\(fileName) was changed by another program: reloaded"
    case (0, false): "\(fileName) changed elsewhere: merged with yours"
    case (1, _): "Outside change merged; 1 clash tagged conflict:"
    default: "Outside change merged; \(conflicts) clashes tagged conflict:"
    }
  }
}
