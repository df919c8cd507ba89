/// Bracketed pastes (`ESC [ 200 ~` … `ESC [ 201 ~`): text, never keys. A
/// paste whose end never comes (a terminal or program that lost it) must
/// not swallow every key after it: the session ends it after a quiet time
/// (`endPaste`), Ctrl-C ends it at once and is Ctrl-C, and the text kept
/// is bounded (the rest of an overlong paste is dropped, never read as keys).
extension InputDecoder {
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
  /// The most of one paste kept: far more than a todo list's worth of lines.
  public static let pasteLimit = 1 << 20

  /// Whether a paste has started and not ended.
  public var isPasting: Bool { paste != nil }

  /// Ends an unfinished paste (nothing came for a while): its text so far,
  /// as a paste; what follows is read as keys again.
  public mutating func endPaste() -> [Key] {
    guard var text = paste else { return [] }
    text += held.prefix(max(0, Self.pasteLimit - text.count))
    held.removeAll()
    paste = nil
    return [.paste(String(decoding: text, as: UTF8.self))]
  }

  /// Moves held bytes into the paste up to its end marker (or a Ctrl-C);
  /// returns where decoding goes on. Keeps a tail that may be the start of
  /// the marker.
  mutating func takePaste(from start: Int, into keys: inout [Key]) -> Int {
    let rest = held[start...]
    let end = rest.indices.first { rest[$0] == 0x03 || rest[$0...].starts(with: Self.pasteEnd) }
    if let end, held[end] == 0x03 {
      // Ctrl-C, which a paste does not hold: the way out of a paste that never ends.
      paste = nil
      keys.append(.control("c"))
      return end + 1
    }
    if let end {
      keep(rest[start..<end])
      keys.append(.paste(String(decoding: paste!, as: UTF8.self)))
      paste = nil
      return end + Self.pasteEnd.count
    }
    let tail = min(rest.count, Self.pasteEnd.count - 1)
    keep(rest.dropLast(tail))
    return held.count - tail
  }

  /// Adds `bytes` to the paste, up to the limit.
  private mutating func keep(_ bytes: ArraySlice<UInt8>) {
    paste! += bytes.prefix(max(0, Self.pasteLimit - paste!.count))
  }
}
