import Foundation

extension Ticks {
    /// Round values for a value axis, 1, 2 or 5 times a power of ten apart, from the first
    /// at or below the lowest value to the first at or above the highest: an axis from
    /// `floor` to `ceiling` holds every value.
    public struct Span: Sendable {
        public let values: [Double]
        public let step: Double
        public var floor: Double { values.first ?? 0 }
        public var ceiling: Double { values.last ?? 1 }

        /// The decimals a tick's figure needs to differ from its neighbours'.
        public var decimals: Int { step >= 1 ? 0 : Int((-log10(step)).rounded(.up)) }
    }

    /// About `count` steps across `low…high`; a flat range is first widened by 5% of its
    /// value each way (at least 1), so that its one value sits between two ticks.
    public static func spanning(_ low: Double, _ high: Double, count: Double = 4) -> Span {
        let (low, high) = high > low ? (low, high) : (low - max(abs(low) * 0.05, 1), high + max(abs(high) * 0.05, 1))
        let step = roundStep(atLeast: (high - low) / count)
        let first = Foundation.floor(low / step), last = (high / step).rounded(.up)
        return Span(values: stride(from: first, through: last, by: 1).map { $0 * step }, step: step)
    }
}
