extension XMLBytes {
    mutating func append(integer value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(digitsOf: UInt64(-value))
        } else {
            append(digitsOf: UInt64(value))
        }
    }

    /// `value` rounded to `places` decimals, trailing zeros dropped ("0.97", "72", "-12.345"),
    /// as Health writes quantities.
    mutating func append(_ value: Double, places: Int) {
        append(value, places: places, separator: UInt8(ascii: "."), keepsZeros: false)
    }

    /// `value` with exactly `places` decimals and the given separator, as a locale prints it.
    mutating func append(_ value: Double, places: Int, separator: UInt8, keepsZeros: Bool) {
        let scale = Self.powersOfTen[places]
        let scaled = (abs(value) * Double(scale)).rounded()
        let units = UInt64(scaled)
        if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        append(digitsOf: units / scale)
        var fraction = units % scale
        var digits = places
        if !keepsZeros {
            while digits > 0 && fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
        }
        guard digits > 0 else { return }
        bytes.append(separator)
        append(digitsOf: fraction, width: digits)
    }

    /// Decimal digits of `value`, zero-padded on the left to `width`.
    mutating func append(digitsOf value: UInt64, width: Int = 1) {
        var divisor: UInt64 = 1
        var digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Two digits, zero-padded: the fields of dates and times.
    mutating func append(twoDigits value: Int) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    mutating func append(hex value: UInt64) {
        var shift = 60
        while shift > 0 && (value >> UInt64(shift)) & 0xf == 0 { shift -= 4 }
        while shift >= 0 {
            bytes.append(Self.hexDigits[Int((value >> UInt64(shift)) & 0xf)])
            shift -= 4
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let powersOfTen: [UInt64] = (0...9).map { (0..<$0).reduce(1) { result, _ in result * 10 } }
}
