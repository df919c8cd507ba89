/// Three-way merge of a todo file's lines: the version both sides started
/// from (`base`, the file as yaru last read or wrote it), the user's list
/// (`ours`) and the file as another program left it (`theirs`).
///
/// Each side's changes are found by diffing it against the base; changes to
/// different lines all apply (an append, a completion elsewhere, an edit of
/// another line, a deletion). Lines added by both sides at the same place are
/// all kept. Only where both sides changed the same lines differently are both
/// versions kept: theirs, then the user's changed lines as conflicts. Lines are
/// compared byte for byte, so merging with an unchanged side gives the other
/// side exactly.
public enum LineMerge {
  /// Where a line of the merged list comes from.
  public enum Source: Equatable, Sendable {
    /// The user's line at this index in `ours`.
    case ours(Int)
    /// Their line at this index in `theirs`; `replacing` is the user's line
    /// it replaces one for one (the same line, edited by the other program),
    /// so the todo can keep its identity.
    case theirs(Int, replacing: Int?)
    /// The user's line at this index in `ours`, changed where the other
    /// program changed the same line differently: kept after theirs, to be marked.
    case conflict(Int)
  }

  public static func merge(base: [String], ours: [String], theirs: [String]) -> [Source] {
    merge(base.map(Line.init), ours: ours, theirs: theirs)
  }

  /// The merge against a version yaru kept only the line fingerprints of
  /// (`TodoList.lineFingerprints`).
  public static func merge(baseFingerprints: [UInt64], ours: [String], theirs: [String]) -> [Source] {
    merge(baseFingerprints.map(Line.init(fingerprint:)), ours: ours, theirs: theirs)
  }

  /// Of the versions yaru kept (line fingerprints, newest first), the one
  /// `theirs` most likely started from: the fewest lines differing (a
  /// program that read an older version, `sed -i` racing a save, changed
  /// only what it changed from that one). Ties go to the newest.
  public static func closestBase(to theirs: [String], among versions: [[UInt64]]) -> Int {
    var theirCounts: [UInt64: Int] = [:]
    for line in theirs { theirCounts[LineFingerprint.of(line.utf8), default: 0] += 1 }
    var best = 0, fewest = Int.max
    for (index, version) in versions.enumerated() {
      var left = theirCounts
      var differing = 0
      for line in version {
        if let count = left[line], count > 0 { left[line] = count - 1 } else { differing += 1 }
      }
      differing += left.values.reduce(0, +)
      if differing < fewest { (best, fewest) = (index, differing) }
    }
    return best
  }

  private static func merge(_ base: [Line], ours: [String], theirs: [String]) -> [Source] {
    let ours = ours.map(Line.init), theirs = theirs.map(Line.init)
    let oursDiff = Diff(base, ours)
    let theirsDiff = Diff(base, theirs)
    var merged: [Source] = []
    var position = 0
    var o = 0, t = 0
    while o < oursDiff.hunks.count || t < theirsDiff.hunks.count {
      // The next change by where it starts in the base; an insertion goes
      // before a replacement that starts at the same line.
      let takeOurs = t == theirsDiff.hunks.count
        || (o < oursDiff.hunks.count && oursDiff.hunks[o].precedes(theirsDiff.hunks[t]))
      var region = takeOurs ? oursDiff.hunks[o].base : theirsDiff.hunks[t].base
      let firstO = o, firstT = t
      if takeOurs { o += 1 } else { t += 1 }
      var grew = true
      while grew {
        grew = false
        while o < oursDiff.hunks.count, oursDiff.hunks[o].base.touches(region) {
          region = region.hull(oursDiff.hunks[o].base)
          o += 1
          grew = true
        }
        while t < theirsDiff.hunks.count, theirsDiff.hunks[t].base.touches(region) {
          region = region.hull(theirsDiff.hunks[t].base)
          t += 1
          grew = true
        }
      }
      for line in position..<region.lowerBound { merged.append(.ours(oursDiff.newIndex[line]!)) }
      resolve(
        region, ours: oursDiff, oursHunks: oursDiff.hunks[firstO..<o], oursLines: ours,
        theirs: theirsDiff, theirsHunks: theirsDiff.hunks[firstT..<t], theirsLines: theirs, into: &merged
      )
      position = region.upperBound
    }
    for line in position..<base.count { merged.append(.ours(oursDiff.newIndex[line]!)) }
    return merged
  }

  /// Two versions without the one they came from (a sync tool's conflict
  /// copy beside the file): every line of both, in order, the lines they
  /// share once. Where each has lines the other lacks, `first`'s come first.
  public static func union(_ first: [String], _ second: [String]) -> [String] {
    let common = Diff.matches(first.map(Line.init), second.map(Line.init)).map { first[$0.0] }
    // Against what they share, both sides only added: a merge keeps it all.
    return merge(base: common, ours: second, theirs: first).map { source in
      switch source {
      case .ours(let index), .conflict(let index): second[index]
      case .theirs(let index, _): first[index]
      }
    }
  }

  /// One stretch of the base that one side or both changed.
  private static func resolve(
    _ region: Range<Int>,
    ours: Diff, oursHunks: ArraySlice<Hunk>, oursLines: [Line],
    theirs: Diff, theirsHunks: ArraySlice<Hunk>, theirsLines: [Line],
    into merged: inout [Source]
  ) {
    if theirsHunks.isEmpty {
      for hunk in oursHunks { merged += hunk.new.map { .ours($0) } }
      return
    }
    if oursHunks.isEmpty {
      for hunk in theirsHunks {
        let isOneForOne = hunk.base.count == hunk.new.count
        for (offset, line) in hunk.new.enumerated() {
          merged.append(.theirs(line, replacing: isOneForOne ? ours.newIndex[hunk.base.lowerBound + offset] : nil))
        }
      }
      return
    }
    let oursContent = content(of: region, hunks: oursHunks, newIndex: ours.newIndex)
    let theirsContent = content(of: region, hunks: theirsHunks, newIndex: theirs.newIndex)
    if oursContent.map({ oursLines[$0] }) == theirsContent.map({ theirsLines[$0] }) {
      merged += oursContent.map { .ours($0) }
      return
    }
    // Lines one side kept from the base are the other side's to change.
    let theirsKept = Set(region.compactMap { theirs.newIndex[$0] })
    let oursKept = Set(region.compactMap { ours.newIndex[$0] })
    let theirsNew = theirsContent.filter { !theirsKept.contains($0) }
    let theirsText = Set(theirsNew.map { theirsLines[$0] })
    merged += theirsNew.map { .theirs($0, replacing: nil) }
    // Both added lines at the same place: all are kept, nothing conflicts.
    // They deleted what the user edited: the edit is kept, as it was made.
    let mark: (Int) -> Source = region.isEmpty || theirsContent.isEmpty ? { .ours($0) } : { .conflict($0) }
    merged += oursContent.filter { !oursKept.contains($0) && !theirsText.contains(oursLines[$0]) }.map(mark)
  }

  /// A side's lines (indices into it) for a stretch of the base.
  private static func content(of region: Range<Int>, hunks: ArraySlice<Hunk>, newIndex: [Int?]) -> [Int] {
    var lines: [Int] = []
    var line = region.lowerBound
    var next = hunks.startIndex
    while true {
      if next < hunks.endIndex, hunks[next].base.lowerBound == line {
        lines += hunks[next].new
        line = hunks[next].base.upperBound
        next += 1
        continue
      }
      guard line < region.upperBound else { return lines }
      lines.append(newIndex[line]!)
      line += 1
    }
  }
}

/// A line compared byte for byte (Swift's `String ==` treats canonically
/// equivalent text as equal, which would hide a change of normalization).
/// A line of an older version yaru kept only its fingerprint of (a 64-bit
/// FNV-1a hash of its bytes) is compared by that alone.
struct Line: Hashable {
  let fingerprint: UInt64
  let text: String?
  init(_ text: String) {
    self.text = text
    fingerprint = LineFingerprint.of(text.utf8)
  }
  init(fingerprint: UInt64) {
    self.text = nil
    self.fingerprint = fingerprint
  }
  static func == (lhs: Line, rhs: Line) -> Bool {
    guard lhs.fingerprint == rhs.fingerprint else { return false }
    guard let left = lhs.text, let right = rhs.text else { return true }
    return left.utf8.elementsEqual(right.utf8)
  }
  func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}

/// A change one side made: the base lines `base` became its lines `new`.
struct Hunk: Equatable {
  var base: Range<Int>
  var new: Range<Int>

  /// Whether this change comes first in the base: by start, an insertion first.
  func precedes(_ other: Hunk) -> Bool {
    (base.lowerBound, base.isEmpty ? 0 : 1) < (other.base.lowerBound, other.base.isEmpty ? 0 : 1)
  }
}

extension Range<Int> {
  /// Whether two changed stretches of the base touch the same lines. An
  /// insertion touches a stretch only strictly inside it, or another
  /// insertion at the same place; changes side by side do not touch.
  func touches(_ other: Range<Int>) -> Bool {
    switch (isEmpty, other.isEmpty) {
    case (true, true): lowerBound == other.lowerBound
    case (true, false): other.lowerBound < lowerBound && lowerBound < other.upperBound
    case (false, true): lowerBound < other.lowerBound && other.lowerBound < upperBound
    case (false, false): overlaps(other)
    }
  }

  func hull(_ other: Range<Int>) -> Range<Int> {
    Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
  }
}

/// How one side differs from the base: the lines each kept (`newIndex`) and
/// the changes in between. Matching is patience-style: common ends first, then
/// lines that occur once on both sides as anchors, recursively; what is left
/// between anchors is a change. A change of as many lines as it replaces is
/// split line by line, so editing two neighbouring lines on one side and one
/// of them on the other conflicts on that line only.
struct Diff {
  var hunks: [Hunk] = []
  /// For each base line, its index on this side, or nil if it was changed.
  var newIndex: [Int?]

  init(_ base: [Line], _ side: [Line]) {
    newIndex = Array(repeating: nil, count: base.count)
    var lastBase = 0, lastSide = 0
    for (b, s) in Self.matches(base, side) + [(base.count, side.count)] {
      if b > lastBase || s > lastSide {
        if b - lastBase == s - lastSide {
          for k in 0..<(b - lastBase) { hunks.append(Hunk(base: lastBase + k..<lastBase + k + 1, new: lastSide + k..<lastSide + k + 1)) }
        } else {
          hunks.append(Hunk(base: lastBase..<b, new: lastSide..<s))
        }
      }
      if b < base.count { newIndex[b] = s }
      lastBase = b + 1
      lastSide = s + 1
    }
  }

  /// The lines both have, as index pairs increasing on both sides.
  static func matches(_ a: [Line], _ b: [Line]) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    match(a, 0..<a.count, b, 0..<b.count, depth: 0, into: &pairs)
    return pairs
  }

  /// Deep enough for any real edit; past it, what is left is one change.
  private static let deepest = 64

  private static func match(
    _ a: [Line], _ aRange: Range<Int>, _ b: [Line], _ bRange: Range<Int>, depth: Int, into pairs: inout [(Int, Int)]
  ) {
    var aLow = aRange.lowerBound, aHigh = aRange.upperBound
    var bLow = bRange.lowerBound, bHigh = bRange.upperBound
    while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
      pairs.append((aLow, bLow))
      aLow += 1
      bLow += 1
    }
    var suffix = 0
    while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
      aHigh -= 1
      bHigh -= 1
      suffix += 1
    }
    if aLow < aHigh, bLow < bHigh, depth < deepest {
      var aNext = aLow, bNext = bLow
      for (i, j) in uniqueAnchors(a, aLow..<aHigh, b, bLow..<bHigh) {
        match(a, aNext..<i, b, bNext..<j, depth: depth + 1, into: &pairs)
        pairs.append((i, j))
        aNext = i + 1
        bNext = j + 1
      }
      if aNext > aLow {
        match(a, aNext..<aHigh, b, bNext..<bHigh, depth: depth + 1, into: &pairs)
      }
    }
    for k in 0..<suffix { pairs.append((aHigh + k, bHigh + k)) }
  }

  /// Lines that occur exactly once in each range, paired, keeping the longest
  /// run that is in the same order on both sides.
  private static func uniqueAnchors(_ a: [Line], _ aRange: Range<Int>, _ b: [Line], _ bRange: Range<Int>) -> [(Int, Int)] {
    var counts: [Line: (a: Int, aIndex: Int, b: Int, bIndex: Int)] = [:]
    for i in aRange { counts[a[i], default: (0, 0, 0, 0)].a += 1; counts[a[i]]!.aIndex = i }
    for j in bRange where counts[b[j]] != nil { counts[b[j]]!.b += 1; counts[b[j]]!.bIndex = j }
    let candidates = aRange.compactMap { i -> (Int, Int)? in
      guard let count = counts[a[i]], count.a == 1, count.b == 1 else { return nil }
      return (i, count.bIndex)
    }
    return longestIncreasingRun(candidates)
  }

  /// The longest subsequence of pairs (already increasing in the first)
  /// that increases in the second: patience sorting.
  private static func longestIncreasingRun(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
    var pileTops: [Int] = []  // index into pairs of each pile's top
    var previous = Array(repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      var low = 0, high = pileTops.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[pileTops[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = pileTops[low - 1] }
      if low == pileTops.count { pileTops.append(index) } else { pileTops[low] = index }
    }
    var run: [(Int, Int)] = []
    var index = pileTops.last ?? -1
    while index >= 0 {
      run.append(pairs[index])
      index = previous[index]
    }
    return run.reversed()
  }
}
