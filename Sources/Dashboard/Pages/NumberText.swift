import Foundation

/// Numbers as pages print them: whole numbers without decimals, others with two, as `daily`
/// does, and thousands grouped (10,233 steps) so that a large number reads at a glance.
enum NumberText {
    static func format(_ value: Double) -> String { grouped(plain(value)) }

    /// Without grouping, for files (a CSV download) that programs read.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + format(value) }

    /// Commas every three digits of the whole part: "-12345.50" → "-12,345.50".
    static func grouped(_ text: String) -> String {
        let sign = text.hasPrefix("-") ? "-" : ""
        let unsigned = text.dropFirst(sign.count)
        let whole = unsigned.prefix { $0.isNumber }
        guard whole.count > 3, whole.count == unsigned.prefix(while: { $0 != "." }).count else { return text }
        var digits = String(whole)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return sign + digits + unsigned.dropFirst(whole.count)
    }
}
