import Foundation

/// A model's picture: actual against out-of-fold predicted with the identity line (points
/// on it were predicted exactly), and each capture's error over time.
public enum FaceModelPlot {
    public static func svg(_ model: FaceModel) -> String {
        var canvas = SVGCanvas(width: 900, height: 420)
        let accuracy = model.accuracy
        let r = accuracy.r.map { String(format: "%.2f", $0) } ?? "–"
        canvas.text("\(model.target.label): n \(accuracy.count), R \(r), MAE \(String(format: "%.2f", accuracy.meanAbsoluteError))", 20, 24, size: 14, bold: true)
        scatter(model, into: &canvas, frame: (60, 50, 340, 320))
        errors(model, into: &canvas, frame: (500, 50, 380, 320))
        return canvas.document
    }

    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    private static func scatter(_ model: FaceModel, into canvas: inout SVGCanvas, frame: Frame) {
        let values = model.samples.flatMap { [$0.actual, $0.predicted] }
        let (low, high) = padded(values.min()!, values.max()!)
        func x(_ value: Double) -> Double { frame.x + (value - low) / (high - low) * frame.width }
        func y(_ value: Double) -> Double { frame.y + frame.height - (value - low) / (high - low) * frame.height }
        axes(&canvas, frame, xLabel: "actual", yLabel: "predicted (left out)", low: low, high: high)
        canvas.line(x(low), y(low), x(high), y(high), stroke: "#888", dashed: true)
        for sample in model.samples { canvas.circle(x(sample.actual), y(sample.predicted), radius: 4, fill: "#2a6fdb") }
    }

    private static func errors(_ model: FaceModel, into canvas: inout SVGCanvas, frame: Frame) {
        let days = model.samples.map { Double($0.day.number) }
        let first = days.min()!, last = max(days.max()!, first + 1)
        let bound = max(model.samples.map { abs($0.error) }.max()!, 1e-9) * 1.1
        func x(_ day: Double) -> Double { frame.x + (day - first) / (last - first) * frame.width }
        func y(_ error: Double) -> Double { frame.y + frame.height / 2 - error / bound * frame.height / 2 }
        axes(&canvas, frame, xLabel: "\(model.samples.first!.day) … \(model.samples.last!.day)", yLabel: "error (predicted − actual)", low: -bound, high: bound)
        canvas.line(frame.x, y(0), frame.x + frame.width, y(0), stroke: "#888")
        for sample in model.samples {
            let position = x(Double(sample.day.number))
            canvas.line(position, y(0), position, y(sample.error), stroke: sample.error >= 0 ? "#d9534f" : "#2a6fdb", width: 2)
            canvas.circle(position, y(sample.error), radius: 3, fill: sample.error >= 0 ? "#d9534f" : "#2a6fdb")
        }
    }

    private static func axes(_ canvas: inout SVGCanvas, _ frame: Frame, xLabel: String, yLabel: String, low: Double, high: Double) {
        canvas.line(frame.x, frame.y + frame.height, frame.x + frame.width, frame.y + frame.height, stroke: "#333")
        canvas.line(frame.x, frame.y, frame.x, frame.y + frame.height, stroke: "#333")
        canvas.text(xLabel, frame.x + frame.width / 2, frame.y + frame.height + 32, anchor: "middle")
        canvas.text(yLabel, frame.x, frame.y - 8)
        canvas.text(String(format: "%.3g", low), frame.x - 6, frame.y + frame.height, size: 10, anchor: "end")
        canvas.text(String(format: "%.3g", high), frame.x - 6, frame.y + 10, size: 10, anchor: "end")
    }

    /// The range with 5 % room either side, never empty.
    private static func padded(_ low: Double, _ high: Double) -> (Double, Double) {
        let room = max((high - low) * 0.05, 1e-9)
        return (low - room, high + room)
    }
}
