import Foundation
import LedgerCore
import Numerical
public import Projections

/// A model's picture: actual against out-of-fold predicted with the identity line (points
/// on it were predicted exactly), and each capture's error over time.
public enum FaceModelPlot {
    public static func svg(_ model: FaceModel) -> String {
        var canvas = SVGWriter(width: 900, height: 420, declaration: false)
        let accuracy = model.accuracy
        let r = accuracy.r.map { String(format: "%.2f", $0) } ?? "–"
        canvas.text("\(model.target.label): n \(accuracy.count), R \(r), MAE \(String(format: "%.2f", accuracy.meanAbsoluteError))", 20, 24, size: 14, bold: true)
        scatter(model, into: &canvas, frame: (60, 50, 340, 320))
        errors(model, into: &canvas, frame: (500, 50, 380, 320))
        return canvas.document
    }

    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    private static func scatter(_ model: FaceModel, into canvas: inout SVGWriter, frame: Frame) {
        let values = model.samples.flatMap { [$0.actual, $0.predicted] }
        guard let smallest = values.min(), let largest = values.max() else { return }
        let (low, high) = padded(smallest, largest)
        func x(_ value: Double) -> Double { frame.x + (value - low) / (high - low) * frame.width }
        func y(_ value: Double) -> Double { frame.y + frame.height - (value - low) / (high - low) * frame.height }
        let ticks = niceTicks(low, high)
        axes(&canvas, frame, xLabel: "actual", yLabel: "predicted (left out)",
             xTicks: ticks.map { (x($0), label($0)) }, yTicks: ticks.map { (y($0), label($0)) })
        canvas.line(x(low), y(low), x(high), y(high), stroke: "#888", dashed: true)
        for sample in model.samples { canvas.circle(x(sample.actual), y(sample.predicted), radius: 4, fill: "#2a6fdb") }
    }

    private static func errors(_ model: FaceModel, into canvas: inout SVGWriter, frame: Frame) {
        let days = model.samples.map { Double($0.day.number) }
        guard let first = days.min(), let latest = days.max(), let largestError = model.samples.map({ abs($0.error) }).max() else { return }
        let last = max(latest, first + 1)
        let bound = max(largestError, 1e-9) * 1.1
        func x(_ day: Double) -> Double { frame.x + (day - first) / (last - first) * frame.width }
        func y(_ error: Double) -> Double { frame.y + frame.height / 2 - error / bound * frame.height / 2 }
        let dayStep = max(1, ((last - first) / 5).rounded(.up))
        let dayTicks = stride(from: first, through: last, by: dayStep).map { (x($0), LocalDay(number: Int64($0)).description) }
        axes(&canvas, frame, xLabel: "date of capture", yLabel: "error (predicted − actual)",
             xTicks: dayTicks, yTicks: niceTicks(-bound, bound).map { (y($0), label($0)) })
        canvas.line(frame.x, y(0), frame.x + frame.width, y(0), stroke: "#888")
        for sample in model.samples {
            let position = x(Double(sample.day.number))
            canvas.line(position, y(0), position, y(sample.error), stroke: sample.error >= 0 ? "#d9534f" : "#2a6fdb", width: 2)
            canvas.circle(position, y(sample.error), radius: 3, fill: sample.error >= 0 ? "#d9534f" : "#2a6fdb")
        }
    }

    /// Both axes, their labels, and each tick's mark and value at its pixel position.
    private static func axes(_ canvas: inout SVGWriter, _ frame: Frame, xLabel: String, yLabel: String,
                             xTicks: [(position: Double, label: String)], yTicks: [(position: Double, label: String)]) {
        let bottom = frame.y + frame.height
        canvas.line(frame.x, bottom, frame.x + frame.width, bottom, stroke: "#333")
        canvas.line(frame.x, frame.y, frame.x, bottom, stroke: "#333")
        canvas.text(xLabel, frame.x + frame.width / 2, bottom + 34, anchor: "middle")
        canvas.text(yLabel, frame.x, frame.y - 8)
        for tick in xTicks {
            canvas.line(tick.position, bottom, tick.position, bottom + 4, stroke: "#333")
            canvas.text(tick.label, tick.position, bottom + 16, size: 10, anchor: "middle")
        }
        for tick in yTicks {
            canvas.line(frame.x - 4, tick.position, frame.x, tick.position, stroke: "#333")
            canvas.text(tick.label, frame.x - 6, tick.position + 3.5, size: 10, anchor: "end")
        }
    }

    /// Values 1, 2 or 5 times a power of ten apart within `low…high`, about five of them.
    static func niceTicks(_ low: Double, _ high: Double) -> [Double] {
        guard high > low else { return [low] }
        let rough = (high - low) / 5
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        return stride(from: (low / step).rounded(.up) * step, through: high, by: step).map { abs($0) < step * 1e-9 ? 0 : $0 }
    }

    private static func label(_ value: Double) -> String { String(format: "%.3g", value) }

    /// The range with 5 % room either side, never empty.
    private static func padded(_ low: Double, _ high: Double) -> (Double, Double) {
        let room = max((high - low) * 0.05, 1e-9)
        return (low - room, high + room)
    }
}

/// The plot's marks, in the attributes it has always been drawn with.
private extension SVGWriter {
    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dashed: Bool = false) {
        let n = SVGText.number
        if dashed {
            element("line", ["x1": n(x1), "y1": n(y1), "x2": n(x2), "y2": n(y2), "stroke": stroke, "stroke-width": n(width), "stroke-dasharray": "4 3"])
        } else {
            element("line", ["x1": n(x1), "y1": n(y1), "x2": n(x2), "y2": n(y2), "stroke": stroke, "stroke-width": n(width)])
        }
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: String) {
        let n = SVGText.number
        element("circle", ["cx": n(x), "cy": n(y), "r": n(radius), "fill": fill, "fill-opacity": "0.8"])
    }

    mutating func text(_ content: String, _ x: Double, _ y: Double, size: Double = 11, anchor: String = "start", bold: Bool = false) {
        let n = SVGText.number
        if bold {
            element("text", ["x": n(x), "y": n(y), "font-size": n(size), "text-anchor": anchor, "font-weight": "bold"], content: content)
        } else {
            element("text", ["x": n(x), "y": n(y), "font-size": n(size), "text-anchor": anchor], content: content)
        }
    }
}
