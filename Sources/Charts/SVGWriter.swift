/// Appends SVG elements to a document, escaping text and attribute values and rounding
/// coordinates: the one writer every picture (charts, the face-model plot, the session
/// card, the dashboard's sparklines) is drawn with.
struct SVGWriter {
    private var body = ""
    let width: Double
    let height: Double
    let fontFamily: String
    /// Whether the document starts with an XML declaration.
    let declaration: Bool
    /// Whether the whole view box is painted white first (a card with rounded corners is not).
    let whiteBackground: Bool
    /// The root element's attributes when the picture sits inside an HTML page as it is.
    private let inlineAttributes: KeyValuePairs<String, String>?
    /// A standalone document puts each element on a line of its own; a picture inside a
    /// page is one line of the page.
    private let lineEnd: String
    private let quotes: Markup.Quotes

    init(width: Double, height: Double, fontFamily: String = "sans-serif", declaration: Bool = true, whiteBackground: Bool = true) {
        self.width = width
        self.height = height
        self.fontFamily = fontFamily
        self.declaration = declaration
        self.whiteBackground = whiteBackground
        inlineAttributes = nil
        lineEnd = "\n"
        quotes = .double
    }

    /// A picture to place inside an HTML page: an `<svg>` with `attributes` (in the order
    /// given) and nothing else of its own, its elements on one line, escaped as the page is.
    init(inline attributes: KeyValuePairs<String, String>) {
        width = 0
        height = 0
        fontFamily = ""
        declaration = false
        whiteBackground = false
        inlineAttributes = attributes
        lineEnd = ""
        quotes = .doubleAndSingle
    }

    var document: String {
        if let inlineAttributes { return "<svg\(attributeList(inlineAttributes))>" + body + "</svg>" }
        let size = "width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
        return (declaration ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "")
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) font-family=\"\(escape(fontFamily))\">\n"
            + (whiteBackground ? "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"white\"/>\n" : "")
            + body + "</svg>\n"
    }

    private static func n(_ value: Double) -> String { SVGText.number(value) }

    private func escape(_ text: String) -> String { Markup.escape(text, quotes: quotes) }

    private func attributeList(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    /// Any element, its attributes in the order given, with `content` as its text if any.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil) {
        let list = attributeList(attributes)
        body += content.map { "<\(name)\(list)>\(escape($0))</\(name)>" } ?? "<\(name)\(list)/>"
        body += lineEnd
    }

    mutating func open(_ element: String, attributes: String) { body += "<\(element) \(attributes)>" + lineEnd }

    mutating func close(_ element: String) { body += "</\(element)>" + lineEnd }

    mutating func text(_ content: String, x: Double, y: Double, cssClass: String, attributes: String = "") {
        body += "<text class=\"\(cssClass)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" \(attributes)>\(escape(content))</text>" + lineEnd
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, color: String, cssClass: String, dashed: Bool = false) {
        body += "<line class=\"\(cssClass)\" x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(color)\"\(dashed ? " stroke-dasharray=\"6 4\"" : "")/>" + lineEnd
    }

    mutating func circle(x: Double, y: Double, radius: Double, color: String, cssClass: String) {
        body += "<circle class=\"\(cssClass)\" cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(radius))\" fill=\"\(color)\"/>" + lineEnd
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, color: String, cssClass: String = "bar") {
        body += "<rect class=\"\(cssClass)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(color)\"/>" + lineEnd
    }

    mutating func polyline(_ points: [(Double, Double)], color: String) {
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        body += "<polyline class=\"series\" points=\"\(list)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>" + lineEnd
    }
}
