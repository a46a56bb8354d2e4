import LedgerCore

/// The bytes an imported record's id is hashed from: each field length-prefixed, so that
/// no two different records can run together into the same bytes. Reused between records.
struct CanonicalBytes {
    private(set) var bytes: [UInt8] = []

    init(_ namespace: UInt8) { start(namespace) }

    mutating func start(_ namespace: UInt8) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(namespace)
    }

    mutating func append(_ text: String?) {
        guard let text else {
            bytes.append(0xFF)
            return
        }
        var copy = text
        copy.withUTF8 { utf8 in
            appendLength(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func append(_ number: Int64) {
        withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ number: Double) { append(Int64(bitPattern: number.bitPattern)) }

    mutating func append(_ timestamp: Timestamp?) { append(timestamp?.micros ?? Int64.min) }

    /// One byte for short fields, four with the top bit set for long ones: unambiguous either way.
    private mutating func appendLength(_ count: Int) {
        if count < 0x80 {
            bytes.append(UInt8(count))
            return
        }
        withUnsafeBytes(of: (UInt32(count) | 0x8000_0000).bigEndian) { bytes.append(contentsOf: $0) }
    }
}
