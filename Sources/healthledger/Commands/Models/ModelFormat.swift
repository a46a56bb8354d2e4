import Foundation

/// Numbers as tables show them.
enum ModelFormat {
    static func value(_ number: Double?) -> String { number.map { String(format: "%.2f", $0) } ?? "–" }

    static func signed(_ number: Double) -> String { (number >= 0 ? "+" : "") + String(format: "%.2f", number) }

    static func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }

    static func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
