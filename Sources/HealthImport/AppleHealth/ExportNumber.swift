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
        if let exact = shortDecimal(bytes) { return exact }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text in
            for index in 0..<bytes.count { text[index] = CChar(bitPattern: bytes[index] == 0x2C ? 0x2E : bytes[index]) }
            text[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            // Cannot fail: the allocation holds `bytes.count + 1` characters, at least two.
            let value = strtod(text.baseAddress!, &end)
            guard let end, text.baseAddress!.distance(to: end) == bytes.count, value.isFinite else { return nil }
            return value
        }
    }

    /// `-12.345` or `-12,345` with few enough digits to be read exactly without strtod, which an
    /// export calls millions of times: digits below 2^53 are an exact Double, and so is every
    /// power of ten up to 10^22, so their one correctly rounded quotient is the Double strtod
    /// gives. Nil for anything longer or different (exponents, spaces, `inf`), which strtod reads.
    static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty else { return nil }
        var index = 0
        let negative = bytes[0] == 0x2D
        if negative || bytes[0] == 0x2B { index = 1 }
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var sawMark = false
        while index < bytes.count {
            let byte = bytes[index]
            let digit = byte &- 0x30
            if digit < 10 {
                guard digitCount < 17 else { return nil }
                digits = digits * 10 + UInt64(digit)
                digitCount += 1
                if sawMark { fractionDigits += 1 }
            } else if (byte == 0x2E || byte == 0x2C) && !sawMark {
                sawMark = true
            } else {
                return nil
            }
            index += 1
        }
        guard digitCount > 0, digits < 1 << 53, fractionDigits < exactPowersOfTen.count else { return nil }
        let magnitude = Double(digits) / exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { product, _ in product * 10 } }
}
