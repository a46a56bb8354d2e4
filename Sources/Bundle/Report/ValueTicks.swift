import Foundation

/// Round values for a chart's value axis (1, 2 or 5 times a power of ten apart), and the
/// range they span, which holds every value.
struct ValueTicks {
    let values: [Double]
    let step: Double
    var floor: Double { values.first ?? 0 }
    var ceiling: Double { values.last ?? 1 }

    init(low: Double, high: Double, count: Double = 4) {
        let (low, high) = high > low ? (low, high) : (low - max(abs(low) * 0.05, 1), high + max(abs(high) * 0.05, 1))
        let rough = (high - low) / count
        let power = pow(10, Foundation.floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = Foundation.floor(low / step), last = (high / step).rounded(.up)
        self.step = step
        values = stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// A tick's figure with as many decimals as the step needs, thousands grouped.
    func label(_ value: Double) -> String {
        let digits = step >= 1 ? 0 : Int((-log10(step)).rounded(.up))
        return digits == 0 ? ReportFormat.grouped(Int64(value.rounded())) : ReportFormat.decimal(value, digits: digits)
    }
}
