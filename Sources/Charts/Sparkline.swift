/// A 30-day sparkline for a page: the line of the days that have a value, the last one marked.
public enum Sparkline {
    public static func svg(_ values: [Double?], label: String) -> String {
        let known = values.enumerated().compactMap { index, value in value.map { (index, $0) } }
        guard known.count > 1, let low = known.map(\.1).min(), let high = known.map(\.1).max() else {
            return SVGWriter(inline: ["class": "spark", "viewBox": "0 0 120 30", "role": "img", "aria-label": "\(label): too few days to draw"]).document
        }
        let span = high - low == 0 ? 1 : high - low
        let width = 120.0, height = 30.0
        let step = width / Double(max(values.count - 1, 1))
        let points = known.map { index, value in (x: Double(index) * step, y: height - 3 - (value - low) / span * (height - 6)) }
        var svg = SVGWriter(inline: [
            "class": "spark", "viewBox": "0 0 120 30", "preserveAspectRatio": "none", "role": "img",
            "aria-label": "\(label), last \(values.count) days",
        ])
        svg.element("polyline", ["points": points.map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " "), "vector-effect": "non-scaling-stroke"])
        if let last = points.last { svg.element("circle", ["cx": format(last.x), "cy": format(last.y), "r": "2"]) }
        return svg.document
    }

    /// Tenths, cut rather than rounded: the picture is 120 by 30 and scales with the page.
    private static func format(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
}
