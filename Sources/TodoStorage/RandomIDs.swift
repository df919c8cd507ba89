import FoundationEssentials
import Synchronization
import TodoModel

extension UUID {
  /// Random version-4 ids from a generator seeded once by the system.
  /// `UUID()` opens, reads and closes /dev/urandom for every id: loading
  /// 100,000 todos spent over half its time there. Ids only need to be unique
  /// within one run (they are never saved), which 122 random bits are.
  public static func seededRandom() -> @Sendable () -> UUID {
    var system = SystemRandomNumberGenerator()
    let generator = Mutex(SplitMix64(state: system.next()))
    return {
      // Two steps give the 128 bits of one id.
      let (a, b) = generator.withLock { generator in (generator.next(), generator.next()) }
      // Little-endian: byte 6 carries the version (4), byte 8 the variant (10xx).
      var bytes = (a & ~(0xF0 << 48) | (0x40 << 48), b & ~0xC0 | 0x80)
      return withUnsafeBytes(of: &bytes) { raw in
        UUID(uuid: raw.load(as: uuid_t.self))
      }
    }
  }
}
