import Foundation

/// Numbers as a person reads them: arithmetic on binary fractions leaves noise in the last
/// digits (a score of 100.00000000000001), which says nothing and reads as a bug.
public enum ShownNumber {
    /// `value` to 12 significant digits, far finer than any health measurement.
    public static func clean(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return Double(String(format: "%.12g", value)) ?? value
    }
}
