import Charts
import LedgerCore
import Projections

/// One trend chart: a titled frame with the unit, values at round ticks on the left with
/// light grid lines, dates at regular ticks below, and the series as a line (dots where a
/// day stands alone).
struct ReportChart {
    let title: String
    let unit: String
    let points: [(day: Double, value: Double)]
    let period: ClosedRange<LocalDay>

    func draw(on canvas: inout PDFCanvas, x: Double, y: Double, width: Double, height: Double) {
        canvas.text("\(title) (\(unit))", x: x, y: y, size: 10, font: .bold)
        let top = y + 12, bottom = y + height - 14
        let left = x + 44, right = x + width
        let first = Double(period.lowerBound.number), span = max(Double(period.upperBound.number) - first, 1)
        func across(_ day: Double) -> Double { left + 4 + (day - first) / span * (right - left - 8) }
        for tick in Ticks.days(period) {
            canvas.line(from: (across(Double(tick.day)), bottom), to: (across(Double(tick.day)), bottom + 3), color: .grey)
            canvas.centeredText(tick.label, x: across(Double(tick.day)), y: bottom + 11, size: 7, color: .grey)
        }
        guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else {
            canvas.polyline([(left, top), (left, bottom), (right, bottom)], width: 0.5, color: .grey)
            canvas.text("no data in this period", x: left + 10, y: (top + bottom) / 2, size: 8, color: .grey)
            return
        }
        let ticks = Ticks.spanning(low, high)
        for tick in ticks.values {
            let level = position(tick, ticks.floor, ticks.ceiling, top, bottom)
            canvas.line(from: (left, level), to: (right, level), color: .light)
            canvas.rightAlignedText(Self.label(tick, decimals: ticks.decimals), x: left - 4, y: level + 2.5, size: 7, color: .grey)
        }
        canvas.polyline([(left, top), (left, bottom), (right, bottom)], width: 0.5, color: .grey)
        let plotted = points.map { point in (across(point.day), position(point.value, ticks.floor, ticks.ceiling, top, bottom)) }
        if plotted.count == 1 { canvas.dot(plotted[0]) } else { canvas.polyline(plotted, width: 1.2) }
    }

    /// A value tick's figure with the decimals its step needs, thousands grouped.
    static func label(_ value: Double, decimals: Int) -> String {
        decimals == 0 ? ReportFormat.grouped(Int64(value.rounded())) : ReportFormat.decimal(value, digits: decimals)
    }

    private func position(_ value: Double, _ floor: Double, _ ceiling: Double, _ top: Double, _ bottom: Double) -> Double {
        bottom - (value - floor) / (ceiling - floor) * (bottom - top)
    }
}
