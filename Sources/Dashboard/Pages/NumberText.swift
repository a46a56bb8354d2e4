import Foundation

/// Numbers as pages print them: whole numbers without decimals, others with two, as `daily` does.
enum NumberText {
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + format(value) }
}
