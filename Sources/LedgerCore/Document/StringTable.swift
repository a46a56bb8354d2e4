import Glibc

/// Strings a decoder made before, found again by their bytes: a log repeats a few long
/// strings in millions of events (type identifiers, devices, source names, metadata keys),
/// and a string found here costs a comparison and a retain where a new one costs an
/// allocation, a UTF-8 check and, later, a free.
///
/// Only strings too long for `String` to hold inline are kept (shorter ones allocate
/// nothing), and none longer than `longestKept` bytes, so the table stays small. Each slot
/// holds the last string whose bytes hashed to it. A table belongs to one thread.
public struct StringTable {
    /// The longest string `String` stores inline, without an allocation.
    static let longestInline = 15
    static let longestKept = 256
    private let slotBits: Int
    private var slots: [String?]

    /// A table of 2^`slotBits` slots; tests make it small to make strings share slots.
    public init(slotBits: Int = 10) {
        self.slotBits = slotBits
        slots = Array(repeating: nil, count: 1 << slotBits)
    }

    /// The string `bytes` spell if `slot` holds it, else nil.
    func known(_ bytes: ArraySlice<UInt8>, at slot: Int) -> String? {
        guard let candidate = slots[slot], candidate.utf8.count == bytes.count else { return nil }
        let same = candidate.utf8.withContiguousStorageIfAvailable { stored in
            bytes.withUnsafeBufferPointer { wanted in
                // Cannot fail: both hold the same count of bytes, more than `longestInline`.
                memcmp(stored.baseAddress!, wanted.baseAddress!, wanted.count) == 0
            }
        }
        return same == true ? candidate : nil
    }

    /// Whether a string of `count` bytes is looked up and kept at all.
    static func keeps(count: Int) -> Bool {
        count > longestInline && count <= longestKept
    }

    /// The slot of a string of more than `longestInline` bytes: its whole 8-byte words and
    /// its last 8 bytes, mixed, so that identifiers sharing a long prefix or suffix still
    /// fall apart.
    func slot(of bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { raw in
            var hash = UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15
            func mix(_ word: UInt64) {
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 29
            }
            var at = 0
            while at + 8 <= raw.count {
                mix(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                at += 8
            }
            mix(raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
            return Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
        }
    }
}

/// Where a decoder's strings come from: made afresh each time, or found in a `StringTable`.
protocol StringSource {
    mutating func string(from reader: inout BinaryReader) throws(DecodingError) -> String
}

/// Every string made afresh.
struct FreshStrings: StringSource {
    func string(from reader: inout BinaryReader) throws(DecodingError) -> String {
        try reader.string()
    }
}

extension StringTable: StringSource {
    /// The next string of `reader`, the kept one when its bytes are those of a kept string.
    /// It throws exactly when `reader.string()` does: a kept string's bytes were checked
    /// when it was made.
    mutating func string(from reader: inout BinaryReader) throws(DecodingError) -> String {
        let bytes = try reader.lengthPrefixed()
        guard Self.keeps(count: bytes.count) else { return try reader.checkedString(bytes) }
        let slot = slot(of: bytes)
        if let kept = known(bytes, at: slot) { return kept }
        let text = try reader.checkedString(bytes)
        slots[slot] = text
        return text
    }
}
