import FoundationEssentials
import IdentifiedCollections
import TodoModel

/// The marked todos (`m`, `M`), by their places in the file: a flag per
/// place, so `M` on 100,000 todos writes 100,000 flags instead of hashing
/// 100,000 ids, and a row asks for its mark by the index it is drawn from.
///
/// Places move when the list changes, so the marks follow every change the
/// door makes (`following`), and a change whose places are not known — a
/// list read again, undo's hunks — carries them over by id
/// (`ListFeature.State.keepingMarks`).
///
/// The flags stop at the last mark (none at all when nothing is marked):
/// one form for each set of marks, so equal marks compare equal, whatever
/// list length they were made on, and an unmarked list costs nothing.
public struct Marks: Equatable, Sendable {
  /// `flags[i]`: the todo at place `i` is marked; the last one is true.
  private var flags: [Bool] = []
  /// How many flags are true, kept as they change (the footer's `N marked`).
  public private(set) var count = 0

  public init() {}

  /// Marks at these places of the file.
  public init(_ indices: some Sequence<Int>) {
    for index in indices { insert(index) }
  }

  public var isEmpty: Bool { count == 0 }

  /// Whether the todo at this place of the file is marked.
  public func contains(_ index: Int) -> Bool {
    index < flags.count && flags[index]
  }

  /// The marked places, in the file's order: the order a batch makes its
  /// changes in, whatever the screen's order.
  public var indices: [Int] {
    var indices: [Int] = []
    indices.reserveCapacity(count)
    for index in flags.indices where flags[index] { indices.append(index) }
    return indices
  }

  /// Marks the todo at `index`.
  mutating func insert(_ index: Int) {
    if index >= flags.count { flags += repeatElement(false, count: index + 1 - flags.count) }
    if !flags[index] {
      flags[index] = true
      count += 1
    }
  }

  /// Takes the mark off the todo at `index`, if it has one.
  mutating func remove(_ index: Int) {
    guard contains(index) else { return }
    flags[index] = false
    count -= 1
    trim()
  }

  /// `m`: marks the todo at `index`, or takes its mark off.
  mutating func toggle(_ index: Int) {
    if contains(index) { remove(index) } else { insert(index) }
  }

  /// Whether every place `other` marks is marked here too.
  func contains(all other: Marks) -> Bool {
    guard other.count <= count, other.flags.count <= flags.count else { return false }
    for index in other.flags.indices where other.flags[index] && !flags[index] { return false }
    return true
  }

  /// `M`: marks every place `other` marks, in one pass.
  mutating func formUnion(_ other: Marks) {
    guard !isEmpty else {
      self = other
      return
    }
    if other.flags.count > flags.count { flags += repeatElement(false, count: other.flags.count - flags.count) }
    for index in other.flags.indices where other.flags[index] && !flags[index] {
      flags[index] = true
      count += 1
    }
  }

  /// `M` again: takes off every mark `other` makes, in one pass.
  mutating func subtract(_ other: Marks) {
    for index in other.flags.indices.prefix(flags.count) where other.flags[index] && flags[index] {
      flags[index] = false
      count -= 1
    }
    trim()
  }

  /// Drops the flags after the last mark: the one form of these marks.
  private mutating func trim() {
    if count == 0 {
      flags = []
      return
    }
    while flags.last == false { flags.removeLast() }
  }
}

extension Marks {
  /// Marks built place by place from the top of the file: `M` appends a
  /// flag for each todo, in one pass, where `insert` would check each place.
  struct Builder {
    private var flags: [Bool] = []
    private var count = 0

    init(capacity: Int) { flags.reserveCapacity(capacity) }

    /// The next place's flag.
    mutating func append(_ marked: Bool) {
      flags.append(marked)
      if marked { count += 1 }
    }

    /// The marks built, in their one form.
    var marks: Marks {
      var marks = Marks()
      marks.flags = flags
      marks.count = count
      marks.trim()
      return marks
    }
  }
}

extension Marks {
  /// The marks moved with their todos by `change`, just made on the list
  /// by its indices. A `.replaceAll` has none to follow by: the list's
  /// state carries the marks over by id (`ListFeature.State.keepingMarks`).
  mutating func follow(_ change: ListChange) {
    guard !isEmpty else { return }
    switch change {
    case .update:
      break
    case .insert(_, let index):
      // Past the last mark there is nothing to shift.
      if index < flags.count { flags.insert(false, at: index) }
    case .remove(_, let index):
      guard index < flags.count else { return }
      if flags.remove(at: index) { count -= 1 }
      trim()
    case .move(let from, let to):
      let marked = contains(from)
      if from < flags.count { flags.remove(at: from) }
      if marked {
        if to > flags.count { flags += repeatElement(false, count: to - flags.count) }
        flags.insert(true, at: to)
      } else if to < flags.count {
        flags.insert(false, at: to)
      }
      trim()
    case .removeMany(let removed):
      remove(atEach: removed.lazy.map(\.index))
    case .insertMany(let inserted):
      insertUnmarked(atEach: inserted.lazy.map(\.index))
    case .replaceAll:
      assertionFailure("a list replaced whole keeps its marks by id: ListFeature.State.keepingMarks")
      self = Marks()
    }
  }

  /// Drops the places `removed` (ascending, in the list before), in one
  /// pass that moves each flag once.
  private mutating func remove(atEach removed: some Collection<Int>) {
    var write = 0
    var next = removed.startIndex
    for read in flags.indices {
      if next != removed.endIndex, removed[next] == read {
        removed.formIndex(after: &next)
        if flags[read] { count -= 1 }
        continue
      }
      flags[write] = flags[read]
      write += 1
    }
    flags.removeLast(flags.count - write)
    trim()
  }

  /// Puts unmarked places at `inserted` (ascending, in the list after),
  /// in one pass. Those past the last mark change nothing.
  private mutating func insertUnmarked(atEach inserted: some Collection<Int>) {
    guard let first = inserted.first, first < flags.count else { return }
    var merged: [Bool] = []
    merged.reserveCapacity(flags.count + inserted.count)
    var next = inserted.startIndex
    for flag in flags {
      while next != inserted.endIndex, inserted[next] == merged.count {
        merged.append(false)
        inserted.formIndex(after: &next)
      }
      merged.append(flag)
    }
    flags = merged
  }
}

extension Marks {
  /// The ids of the marked todos of `todos`: what a change that moves todos
  /// without saying where (a list read again, undo's hunks) keeps.
  func ids(in todos: IdentifiedArrayOf<Todo.State>) -> [UUID] {
    let span = todos.elements.span
    var ids: [UUID] = []
    ids.reserveCapacity(count)
    for index in flags.indices where flags[index] && index < span.count { ids.append(span[index].id) }
    return ids
  }

  /// Marks on the todos with these ids in `todos`; one that is gone has none.
  init(ids: [UUID], in todos: IdentifiedArrayOf<Todo.State>) {
    self.init(ids.compactMap { todos.index(id: $0) })
  }
}

/// `[0, 2]`: the first and the third todo of the file marked (`[]`: none).
extension Marks: ExpressibleByArrayLiteral {
  public init(arrayLiteral indices: Int...) { self.init(indices) }
}
