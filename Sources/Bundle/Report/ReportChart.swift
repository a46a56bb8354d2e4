import Projections

/// One trend chart: a titled frame, the value range on the left, the period's first and
/// last day below, and the series as a line (dots where a day stands alone).
struct ReportChart {
    let title: String
    let unit: String
    let points: [(day: Double, value: Double)]
    let period: ClosedRange<LocalDay>

    func draw(on canvas: inout PDFCanvas, x: Double, y: Double, width: Double, height: Double) {
        canvas.text("\(title) (\(unit))", x: x, y: y, size: 10, font: .bold)
        let top = y + 6, bottom = y + height - 14
        let left = x + 44, right = x + width
        canvas.polyline([(left, top), (left, bottom), (right, bottom)], width: 0.5, color: .grey)
        canvas.text(period.lowerBound.description, x: left, y: bottom + 10, size: 7, color: .grey)
        canvas.rightAlignedText(period.upperBound.description, x: right, y: bottom + 10, size: 7)
        guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else {
            canvas.text("no data in this period", x: left + 10, y: (top + bottom) / 2, size: 8, color: .grey)
            return
        }
        let padding = high > low ? (high - low) * 0.1 : max(abs(high) * 0.05, 1)
        let (floor, ceiling) = (low - padding, high + padding)
        canvas.rightAlignedText(ReportFormat.figure(high), x: left - 4, y: top + 8, size: 7)
        canvas.rightAlignedText(ReportFormat.figure(low), x: left - 4, y: bottom - 2, size: 7)
        canvas.line(from: (left, position(high, floor, ceiling, top, bottom)), to: (right, position(high, floor, ceiling, top, bottom)), color: .light)
        let first = Double(period.lowerBound.number), span = max(Double(period.upperBound.number) - first, 1)
        let plotted = points.map { point in
            (left + 4 + (point.day - first) / span * (right - left - 8), position(point.value, floor, ceiling, top, bottom))
        }
        if plotted.count == 1 { canvas.dot(plotted[0]) } else { canvas.polyline(plotted, width: 1.2) }
    }

    private func position(_ value: Double, _ floor: Double, _ ceiling: Double, _ top: Double, _ bottom: Double) -> Double {
        bottom - (value - floor) / (ceiling - floor) * (bottom - top)
    }
}
