extension String {
  /// The string of `bytes` cut from a string's own bytes at ASCII
  /// boundaries (a line, the text after a todo's prefix): valid UTF-8,
  /// checked in one vector pass and copied once. Made through a substring
  /// (its indices' alignment checks, a second copy), each line of a loaded
  /// file cost ~300 instructions more. Bytes that are not UTF-8 are read
  /// with U+FFFD in place of what is broken, as `String(decoding:)` does.
  init(utf8Of bytes: Span<UInt8>) {
    if let valid = try? UTF8Span(validating: bytes) {
      self.init(copying: valid)
    } else {
      var copy: [UInt8] = []
      copy.reserveCapacity(bytes.count)
      for index in bytes.indices { copy.append(bytes[index]) }
      self.init(decoding: copy, as: UTF8.self)
    }
  }

  /// The same UTF-8 bytes: unlike `==`, another normalization of the same
  /// text (what a sync tool may rewrite a file to) is another text.
  public func hasSameBytes(as other: String) -> Bool {
    ByteSearch.equal(utf8.span, other.utf8.span)
  }
}
