import Foundation

/// A minimal SVG writer: shapes in user units, text escaped, numbers with two decimals so
/// the same model always draws the same bytes.
struct SVGCanvas {
    let width: Double
    let height: Double
    private var elements: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dashed: Bool = false) {
        elements.append(#"<line x1="\#(n(x1))" y1="\#(n(y1))" x2="\#(n(x2))" y2="\#(n(y2))" stroke="\#(stroke)" stroke-width="\#(n(width))"\#(dashed ? #" stroke-dasharray="4 3""# : "")/>"#)
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: String) {
        elements.append(#"<circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" fill="\#(fill)" fill-opacity="0.8"/>"#)
    }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String) {
        elements.append(#"<rect x="\#(n(x))" y="\#(n(y))" width="\#(n(width))" height="\#(n(height))" fill="\#(fill)"/>"#)
    }

    mutating func text(_ content: String, _ x: Double, _ y: Double, size: Double = 11, anchor: String = "start", bold: Bool = false) {
        elements.append(#"<text x="\#(n(x))" y="\#(n(y))" font-size="\#(n(size))" text-anchor="\#(anchor)"\#(bold ? #" font-weight="bold""# : "")>\#(Self.escape(content))</text>"#)
    }

    var document: String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        \(elements.joined(separator: "\n"))
        </svg>

        """
    }

    private func n(_ value: Double) -> String { String(format: "%.2f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
