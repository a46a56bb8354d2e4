import Foundation

/// A number with two decimals, exactly as `String(format: "%.2f")` writes it (the exact
/// binary value rounded half to even), for the thousands of cells of a long table, where
/// Foundation's formatting of each number cost more than the rest of the table.
enum TwoDecimals {
    static func text(_ number: Double) -> String {
        // Past 2^53 a double has no fraction; those, infinities and NaN keep Foundation's spelling.
        guard number.isFinite, number.magnitude < 0x1p53 else { return String(format: "%.2f", number) }
        let hundredths = roundedHundredths(number.magnitude)
        let fraction = hundredths % 100
        return (number.sign == .minus ? "-" : "") + String(hundredths / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// `magnitude × 100` rounded half to even, computed exactly: the magnitude is
    /// significand × 2^exponent with a significand below 2^53, so significand × 100 fits in 64 bits.
    static func roundedHundredths(_ magnitude: Double) -> UInt64 {
        let significand = magnitude.isNormal ? magnitude.significandBitPattern | (1 << 52) : magnitude.significandBitPattern
        let exponent = magnitude.isNormal ? Int(magnitude.exponent) - 52 : -1074
        let scaled = significand * 100
        // Below 2^53 the exponent is at most 0: the value is `scaled` shifted right.
        let shift = -exponent
        guard shift > 0 else { return scaled }
        // `scaled` is below 2^60, so under half of 2^64: rounds to 0.
        guard shift < 64 else { return 0 }
        let quotient = scaled >> shift
        let remainder = scaled & ((1 << shift) - 1)
        let half: UInt64 = 1 << (shift - 1)
        return remainder > half || (remainder == half && quotient & 1 == 1) ? quotient + 1 : quotient
    }
}
