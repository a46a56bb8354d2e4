import Foundation
import LedgerCore

/// Numbers as pages print them: whole numbers without decimals, others with two, as `daily`
/// does, and thousands grouped (10,233 steps) so that a large number reads at a glance.
enum NumberText {
    static func format(_ value: Double) -> String {
        let text = plain(value)
        guard let whole = Int64(text.prefix { $0 != "." }), whole.magnitude >= 1000 else { return text }
        return Thousands.grouped(whole) + text.drop { $0 != "." }
    }

    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + format(value) }

    /// Without grouping, for files (a CSV download) that programs read.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.2f", value)
    }
}
