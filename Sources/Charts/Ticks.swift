import Foundation
import LedgerCore

/// Tick positions people read easily: 1, 2 or 5 times a power of ten, or calendar steps.
/// The SVG charts' axes and the report's PDF charts take theirs from here.
public enum Ticks {
    /// About `count` ticks inside `low…high`.
    static func numeric(_ low: Double, _ high: Double, count: Int = 5) -> [Double] {
        guard high > low else { return [low] }
        let step = roundStep(atLeast: (high - low) / Double(count))
        let first = (low / step).rounded(.up) * step
        return stride(from: first, through: high + step * 1e-9, by: step).map { abs($0) < step * 1e-9 ? 0 : $0 }
    }

    /// The smallest of 1, 2, 5 and 10 times the power of ten at or below `rough` that is at least `rough`.
    static func roundStep(atLeast rough: Double) -> Double {
        let power = pow(10, floor(log10(rough)))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
    }

    static let hour = 3_600_000_000.0
    static let timeSteps = [1, 3, 6, 12, 24, 48, 168, 336, 720, 2160, 8760].map { Double($0) * hour }

    /// Ticks at whole local hours or days (microseconds), about `count` of them.
    static func time(_ low: Double, _ high: Double, count: Int = 6) -> [Double] {
        guard high > low else { return [low] }
        let step = timeSteps.first { (high - low) / $0 <= Double(count) } ?? year
        let first = (low / step).rounded(.up) * step
        return Array(stride(from: first, through: high, by: step))
    }

    /// The longest time step, for a span longer than `count` of them.
    private static let year = 8760 * hour

    /// `1.5`, `200`, `0.25`, `12,000`: no more digits than the step needs, thousands grouped
    /// so that a step count reads at a glance.
    static func label(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e12 { return Thousands.grouped(Int64(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
