/// Which runs of two and of three neighbouring ASCII bytes a text has, case
/// folded, as 256 bits (each run hashed to one). A search word is in a line
/// only if all of the word's runs are: a line whose bits lack one of the
/// word's is passed over without reading it. At 100,000 todos a word few
/// of them have read every line at each key (~13 ms); the bits of them all
/// are 3.2 MB, read in order.
///
/// Runs of three as well as two, and 256 bits rather than 128: in a list
/// numbered to 100,000, a search for `4242` passes over all but ~2,600
/// todos by its pairs alone, all but ~390 with its runs of three, and all
/// but ~4,500 with both in 128 bits (a line sets ~43 of 128, ~49 of 256).
///
/// Runs with a byte above ASCII are left out: the search matches an ASCII
/// word byte by byte (`CaseInsensitiveText`), and a word with other
/// letters needs none of its runs found this way.
public struct ByteGrams: Equatable, Sendable {
  // Four words of 64 bits, named: read as an `InlineArray` or a `SIMD4`
  // (its lanes one by one), the test of a todo took twice as long.
  @usableFromInline var first: UInt64 = 0, second: UInt64 = 0, third: UInt64 = 0, fourth: UInt64 = 0

  /// No run: covered by every line.
  public init() {}

  /// The todo's line as the search reads it: `(A) ` and the text.
  public init(_ todo: borrowing Todo.State) {
    self.init(line: todo.text, priorityLetter: todo.priorityLetter)
  }

  init(line: borrowing String, priorityLetter letter: UInt8) {
    var runs = Runs()
    if letter != 0 {
      runs.add(UInt8(ascii: "("))
      runs.add(CaseInsensitiveText.lowercase(letter))
      runs.add(UInt8(ascii: ")"))
      runs.add(UInt8(ascii: " "))
    }
    let bytes = line.utf8.span
    var index = 0
    while index < bytes.count {
      runs.add(CaseInsensitiveText.lowercase(bytes[index]))
      index &+= 1
    }
    self.init(runs.words)
  }

  /// The runs of a word whose bytes are lower-case ASCII already.
  public init(folded word: Span<UInt8>) {
    var runs = Runs()
    for index in word.indices { runs.add(word[index]) }
    self.init(runs.words)
  }

  private init(_ words: InlineArray<4, UInt64>) {
    (first, second, third, fourth) = (words[0], words[1], words[2], words[3])
  }

  public var isEmpty: Bool { first | second | third | fourth == 0 }

  /// Whether every run of `needed` is here too. Inlined into the scans
  /// of another module: asked of every todo a search passes.
  @inlinable
  public func covers(_ needed: ByteGrams) -> Bool {
    (needed.first & ~first) | (needed.second & ~second) | (needed.third & ~third) | (needed.fourth & ~fourth) == 0
  }

  /// Both sets of runs.
  public func union(_ other: ByteGrams) -> ByteGrams {
    var both = self
    both.first |= other.first
    both.second |= other.second
    both.third |= other.third
    both.fourth |= other.fourth
    return both
  }

  /// The runs of bytes added one by one, into words indexed by a bit's
  /// place (the named words, set without a branch, took twice as long).
  private struct Runs {
    var words = InlineArray<4, UInt64>(repeating: 0)
    /// The last two bytes, 7 bits each (the high bit of each set when
    /// there is none, or it is above ASCII: that ends a run).
    var before: UInt32 = 0x8080

    @inline(__always)
    mutating func add(_ byte: UInt8) {
      let byte = UInt32(byte < 0x80 ? byte : 0x80)
      let last = before & 0xFF
      if (last | byte) < 0x80 { set(last << 7 | byte) }
      if (before | byte) & 0x8080 == 0 { set(1 << 21 | (before >> 8) << 14 | last << 7 | byte) }
      before = last << 8 | byte
    }

    /// The bit the top 8 bits of a multiplicative hash of the run's key name.
    @inline(__always)
    mutating func set(_ key: UInt32) {
      let bit = (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 56
      words[Int(bit >> 6)] |= 1 << (bit & 63)
    }
  }
}
