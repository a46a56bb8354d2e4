#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers as exports write them, read from the bytes without making a String.
enum ExportNumber {
    /// A decimal number (`72`, `0.00288`, `-1.25`, `1e-3`); a comma is taken as the decimal
    /// mark, as locale-formatted values have it. Nil for anything else.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count > 0, bytes.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text in
            for index in 0..<bytes.count { text[index] = CChar(bitPattern: bytes[index] == 0x2C ? 0x2E : bytes[index]) }
            text[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &end)
            guard let end, text.baseAddress!.distance(to: end) == bytes.count, value.isFinite else { return nil }
            return value
        }
    }
}
