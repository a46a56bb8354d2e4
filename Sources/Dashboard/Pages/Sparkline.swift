/// A 30-day sparkline: the line of the days that have a value, the last one marked.
enum Sparkline {
    static func svg(_ values: [Double?], label: String) -> String {
        let known = values.enumerated().compactMap { index, value in value.map { (index, $0) } }
        guard known.count > 1, let low = known.map(\.1).min(), let high = known.map(\.1).max() else {
            return "<svg class=\"spark\" viewBox=\"0 0 120 30\" role=\"img\" aria-label=\"\(HTML.escape(label)): too few days to draw\"></svg>"
        }
        let span = high - low == 0 ? 1 : high - low
        let width = 120.0, height = 30.0
        let step = width / Double(max(values.count - 1, 1))
        let points = known.map { index, value in (Double(index) * step, height - 3 - (value - low) / span * (height - 6)) }
        let line = points.map { "\(format($0.0)),\(format($0.1))" }.joined(separator: " ")
        let last = points.last!
        return """
            <svg class="spark" viewBox="0 0 120 30" preserveAspectRatio="none" role="img" aria-label="\(HTML.escape(label)), last \(values.count) days">\
            <polyline points="\(line)" vector-effect="non-scaling-stroke"/><circle cx="\(format(last.0))" cy="\(format(last.1))" r="2"/></svg>
            """
    }

    private static func format(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
}
