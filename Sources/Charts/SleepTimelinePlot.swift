import Foundation
import LedgerCore
public import Projections

/// Nights as rows on one clock, within 18:00 the evening before to 18:00 on the day (the
/// hours that hold sleep): each stretch a bar coloured by its stage, the time in bed a thin
/// band beneath, naps outlined and named.
public enum SleepTimelinePlot {
    static let left = 96.0, right = 32.0, top = 40.0, rowHeight = 30.0, barHeight = 18.0
    static let width = 900.0
    static var plotWidth: Double { width - left - right }
    /// The shortest span of the clock shown, in hours.
    static let minimumHours = 12.0
    /// Stage colours, deepest darkest; awake stands out in orange.
    static let colours: KeyValuePairs<String, String> = [
        "deep": "#1d3f8f", "core": "#3f7fd9", "rem": "#9b6ad6", "asleep": "#5fa8e0", "awake": "#f08c2e", "in bed": "#c5ccd6",
    ]

    public static func svg(_ nights: [SleepNight]) -> String {
        let height = top + rowHeight * Double(max(nights.count, 1)) + 64
        var canvas = SVGWriter(width: width, height: height, declaration: false)
        let shown = hours(nights)
        let span = shown.upperBound - shown.lowerBound
        for hour in stride(from: shown.lowerBound, through: shown.upperBound, by: 3) {
            let x = left + (hour - shown.lowerBound) / span * plotWidth
            canvas.line(x1: x, y1: top - 6, x2: x, y2: height - 52, color: "#e3e6ea", cssClass: "grid")
            let clock = Int(hour + 18) % 24
            canvas.text(String(format: "%02d:00", clock), x: x, y: top - 12, cssClass: "tick", attributes: "font-size=\"11\" text-anchor=\"middle\" fill=\"#555\"")
        }
        for (row, night) in nights.enumerated() {
            let y = top + Double(row) * rowHeight
            canvas.text(night.day.description, x: left - 10, y: y + barHeight / 2 + 4, cssClass: "day", attributes: "font-size=\"12\" text-anchor=\"end\" fill=\"#333\"")
            let origin = night.windowStart.micros
            func x(_ instant: Timestamp) -> Double {
                left + (Double(instant.micros - origin) / 3_600_000_000 - shown.lowerBound) / span * plotWidth
            }
            for sleep in night.sleeps {
                for stretch in sleep.stretches where stretch.stage == "in bed" {
                    canvas.rect(x: x(stretch.start), y: y + barHeight + 1, width: max(x(stretch.end) - x(stretch.start), 0.5), height: 4,
                                color: colour("in bed"), cssClass: "stage in-bed")
                }
                for stretch in sleep.stretches where stretch.stage != "in bed" {
                    canvas.rect(x: x(stretch.start), y: y, width: max(x(stretch.end) - x(stretch.start), 0.5), height: barHeight,
                                color: colour(stretch.stage), cssClass: "stage \(stretch.stage)")
                }
                guard sleep.isNap, let first = sleep.stretches.first?.start, let last = sleep.stretches.map(\.end).max() else { continue }
                canvas.element("rect", [
                    "class": "nap", "x": SVGText.number(x(first) - 2), "y": SVGText.number(y - 2), "width": SVGText.number(x(last) - x(first) + 4),
                    "height": SVGText.number(barHeight + 4), "fill": "none", "stroke": "#333", "stroke-dasharray": "3 2",
                ])
                canvas.text("nap", x: x(last) + 6, y: y + barHeight / 2 + 4, cssClass: "nap-label", attributes: "font-size=\"11\" fill=\"#333\"")
            }
            if night.sleeps.isEmpty {
                canvas.text("no sleep recorded", x: left + 8, y: y + barHeight / 2 + 4, cssClass: "empty", attributes: "font-size=\"11\" fill=\"#777\"")
            }
        }
        var legendX = left
        let legendY = height - 24
        for (stage, colour) in colours {
            canvas.rect(x: legendX, y: legendY - 10, width: 14, height: stage == "in bed" ? 4 : 12, color: colour, cssClass: "legend")
            canvas.text(stage, x: legendX + 19, y: legendY, cssClass: "legend", attributes: "font-size=\"12\" fill=\"#333\"")
            legendX += 34 + SVGText.width(stage, size: 12)
        }
        canvas.element("rect", ["x": SVGText.number(legendX), "y": SVGText.number(legendY - 11), "width": "14", "height": "14",
                                "fill": "none", "stroke": "#333", "stroke-dasharray": "3 2"])
        canvas.text("nap (not the main sleep)", x: legendX + 19, y: legendY, cssClass: "legend", attributes: "font-size=\"12\" fill=\"#333\"")
        return canvas.document
    }

    /// The hours after 18:00 the evening before that hold every night's sleep, on 3-hour
    /// marks, at least `minimumHours` long; the whole 24 h when nothing was recorded.
    static func hours(_ nights: [SleepNight]) -> ClosedRange<Double> {
        let offsets = nights.flatMap { night in
            night.sleeps.flatMap(\.stretches).flatMap { [$0.start, $0.end] }.map { Double($0.micros - night.windowStart.micros) / 3_600_000_000 }
        }
        guard let first = offsets.min(), let last = offsets.max() else { return 0...24 }
        var low = max(0, (first / 3).rounded(.down) * 3), high = min(24, (last / 3).rounded(.up) * 3)
        if high - low < minimumHours {
            high = min(24, low + minimumHours)
            low = high - minimumHours
        }
        return low...high
    }

    static func colour(_ stage: String) -> String { colours.first { $0.key == stage }?.value ?? "#888" }
}
