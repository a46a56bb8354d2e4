import LedgerCore
import LedgerCrypto

/// A dedup index key (the keyed hash of an event id, `IDIndexHasher.outputSize` bytes) as
/// two big-endian integers: the first eight bytes and the last four.
struct IndexKey: Hashable, Comparable {
    let high: UInt64
    let low: UInt64
}

extension IndexKey {
    init(_ bytes: UnsafeRawBufferPointer) {
        self.init(high: bigEndianValue(bytes[0..<8]), low: bigEndianValue(bytes[8...]))
    }

    init(of id: EventID, _ hasher: IDIndexHasher) {
        (high, low) = hasher.words(id)
    }

    init(of id: EventID, _ hasher: PinnedIDIndexHasher) {
        (high, low) = hasher.words(id)
    }

    /// The stored bytes' order.
    static func < (lhs: IndexKey, rhs: IndexKey) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }

    /// The first two bytes, by which a settling slices the key space.
    var prefix: Int { Int(high >> 48) }

    /// Runs `body` with the stored bytes, `IDIndexHasher.outputSize` of them.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var words = (high.bigEndian, UInt32(truncatingIfNeeded: low).bigEndian)
        return try withUnsafeBytes(of: &words) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<IDIndexHasher.outputSize])) }
    }
}
