import FoundationEssentials
import IdentifiedCollections

/// A todo's id, found in the list's table by its own bits: a random UUID's
/// are spread already, and the table's multiply spreads the counted ones
/// tests make.
extension UUID: TableID {
  @inlinable public var foldedBits: UInt64 {
    let bytes = uuid
    let high = UInt64(bytes.0) << 56 | UInt64(bytes.1) << 48 | UInt64(bytes.2) << 40 | UInt64(bytes.3) << 32
      | UInt64(bytes.4) << 24 | UInt64(bytes.5) << 16 | UInt64(bytes.6) << 8 | UInt64(bytes.7)
    let low = UInt64(bytes.8) << 56 | UInt64(bytes.9) << 48 | UInt64(bytes.10) << 40 | UInt64(bytes.11) << 32
      | UInt64(bytes.12) << 24 | UInt64(bytes.13) << 16 | UInt64(bytes.14) << 8 | UInt64(bytes.15)
    return high ^ (low << 32 | low >> 32)
  }
}
