/// Appends SVG elements to a document, escaping text and attribute values and rounding
/// coordinates: the one writer every picture (charts, the face-model plot, the session
/// card) is drawn with.
struct SVGWriter {
    private var body = ""
    let width: Double
    let height: Double
    let fontFamily: String
    /// Whether the document starts with an XML declaration.
    let declaration: Bool
    /// Whether the whole view box is painted white first (a card with rounded corners is not).
    let whiteBackground: Bool

    init(width: Double, height: Double, fontFamily: String = "sans-serif", declaration: Bool = true, whiteBackground: Bool = true) {
        self.width = width
        self.height = height
        self.fontFamily = fontFamily
        self.declaration = declaration
        self.whiteBackground = whiteBackground
    }

    var document: String {
        let size = "width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
        return (declaration ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "")
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) font-family=\"\(SVGText.escape(fontFamily))\">\n"
            + (whiteBackground ? "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"white\"/>\n" : "")
            + body + "</svg>\n"
    }

    private static func n(_ value: Double) -> String { SVGText.number(value) }

    /// Any element, its attributes in the order given, with `content` as its text if any.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil) {
        let list = attributes.map { " \($0.key)=\"\(SVGText.escape($0.value))\"" }.joined()
        body += content.map { "<\(name)\(list)>\(SVGText.escape($0))</\(name)>\n" } ?? "<\(name)\(list)/>\n"
    }

    mutating func open(_ element: String, attributes: String) { body += "<\(element) \(attributes)>\n" }

    mutating func close(_ element: String) { body += "</\(element)>\n" }

    mutating func text(_ content: String, x: Double, y: Double, cssClass: String, attributes: String = "") {
        body += "<text class=\"\(cssClass)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" \(attributes)>\(SVGText.escape(content))</text>\n"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, color: String, cssClass: String, dashed: Bool = false) {
        body += "<line class=\"\(cssClass)\" x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(color)\"\(dashed ? " stroke-dasharray=\"6 4\"" : "")/>\n"
    }

    mutating func circle(x: Double, y: Double, radius: Double, color: String, cssClass: String) {
        body += "<circle class=\"\(cssClass)\" cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(radius))\" fill=\"\(color)\"/>\n"
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, color: String, cssClass: String = "bar") {
        body += "<rect class=\"\(cssClass)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(color)\"/>\n"
    }

    mutating func polyline(_ points: [(Double, Double)], color: String) {
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        body += "<polyline class=\"series\" points=\"\(list)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
    }
}
