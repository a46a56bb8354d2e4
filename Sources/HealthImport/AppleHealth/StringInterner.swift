/// Makes each distinct short text once: type identifiers, units and source names repeat
/// millions of times in an export, and sharing one String saves an allocation per field.
///
/// Holds at most `capacity` texts, so a field that never repeats cannot grow it without bound.
struct StringInterner {
    private var slots: [Int32]
    private var texts: [(bytes: [UInt8], string: String)] = []
    private let capacity: Int

    init(capacity: Int = 8192) {
        self.capacity = capacity
        slots = Array(repeating: -1, count: capacity * 2)
    }

    /// The text of `bytes`, passed through `transform` the first time it is seen.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, transform: (String) -> String = { $0 }) -> String {
        if bytes.count > 160 { return transform(bytes.string) }
        var slot = Int(Self.hash(bytes) % UInt64(slots.count))
        while slots[slot] >= 0 {
            let entry = texts[Int(slots[slot])]
            if entry.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return entry.string }
            slot = (slot + 1) % slots.count
        }
        let string = transform(bytes.string)
        if texts.count < capacity {
            slots[slot] = Int32(texts.count)
            texts.append((Array(bytes), string))
        }
        return string
    }

    /// FNV-1a: short keys, no need for more.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

extension UnsafeBufferPointer<UInt8> {
    @inline(__always)
    func elementsEqual(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
