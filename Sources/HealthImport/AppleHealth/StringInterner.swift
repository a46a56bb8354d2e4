/// Makes each distinct short text once: type identifiers, units and source names repeat
/// millions of times in an export, and sharing one String saves an allocation per field.
///
/// Holds at most `capacity` texts, so a field that never repeats cannot grow it without bound.
/// The texts' bytes sit end to end in one array, so that a lookup compares in place instead
/// of retaining and releasing an array per entry, four fields a record.
struct StringInterner {
    /// Open addressing over a power-of-two table, at most half full: -1 is empty.
    private var slots: [Int32]
    private var strings: [String] = []
    private var spans: [(start: Int32, count: Int32)] = []
    private var bytes: [UInt8] = []
    private let capacity: Int

    init(capacity: Int = 8192) {
        self.capacity = capacity
        var slotCount = 1
        while slotCount < capacity * 2 { slotCount <<= 1 }
        slots = Array(repeating: -1, count: slotCount)
    }

    /// The text of `text`, passed through `transform` the first time it is seen.
    mutating func string(_ text: UnsafeBufferPointer<UInt8>, transform: (String) -> String = { $0 }) -> String {
        if text.count > 160 { return transform(text.string) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(text)) & mask
        while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            if holds(text, at: spans[entry]) { return strings[entry] }
            slot = (slot + 1) & mask
        }
        let string = transform(text.string)
        if strings.count < capacity {
            slots[slot] = Int32(strings.count)
            spans.append((Int32(bytes.count), Int32(text.count)))
            bytes.append(contentsOf: text)
            strings.append(string)
        }
        return string
    }

    private func holds(_ text: UnsafeBufferPointer<UInt8>, at span: (start: Int32, count: Int32)) -> Bool {
        guard Int(span.count) == text.count else { return false }
        return bytes.withUnsafeBufferPointer {
            UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)]).elementsEqual(text)
        }
    }

    /// Eight bytes a step, multiplied and folded: identifiers of 30–50 bytes hash in a few
    /// steps instead of one per byte.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(text.count) &* prime
        guard let base = text.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= text.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < text.count {
            tail = tail << 8 | UInt64(text[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* prime
        return hash ^ hash >> 32
    }
}

extension UnsafeBufferPointer<UInt8> {
    @inline(__always)
    func elementsEqual(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        // Cannot fail: memcmp runs only when both buffers hold the same count of bytes and it is not zero.
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
