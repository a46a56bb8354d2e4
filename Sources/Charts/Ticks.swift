import Foundation
import LedgerCore

/// Tick positions people read easily: 1, 2 or 5 times a power of ten, or calendar steps.
enum Ticks {
    /// About `count` ticks covering `low…high`, and the rounded range they span.
    static func numeric(_ low: Double, _ high: Double, count: Int = 5) -> [Double] {
        guard high > low else { return [low] }
        let rough = (high - low) / Double(count)
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = (low / step).rounded(.up) * step
        return stride(from: first, through: high + step * 1e-9, by: step).map { abs($0) < step * 1e-9 ? 0 : $0 }
    }

    static let hour = 3_600_000_000.0
    static let timeSteps = [1, 3, 6, 12, 24, 48, 168, 336, 720, 2160, 8760].map { Double($0) * hour }

    /// Ticks at whole local hours or days (microseconds), about `count` of them.
    static func time(_ low: Double, _ high: Double, count: Int = 6) -> [Double] {
        guard high > low else { return [low] }
        let step = timeSteps.first { (high - low) / $0 <= Double(count) } ?? timeSteps.last!
        let first = (low / step).rounded(.up) * step
        return Array(stride(from: first, through: high, by: step))
    }

    /// `1.5`, `200`, `0.25`, `12,000`: no more digits than the step needs, thousands grouped
    /// so that a step count reads at a glance.
    static func label(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e12 { return Thousands.grouped(Int64(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
