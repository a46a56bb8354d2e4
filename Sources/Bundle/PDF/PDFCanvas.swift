/// One page's drawing, in points from the top-left corner (PDF's own origin is the
/// bottom-left; the canvas flips y so layout code reads top to bottom).
struct PDFCanvas {
    private(set) var content: [UInt8] = []

    enum Font: String {
        case regular = "F1"
        case bold = "F2"
    }

    struct Color {
        let red: Double, green: Double, blue: Double
        static let black = Color(red: 0, green: 0, blue: 0)
        static let grey = Color(red: 0.55, green: 0.55, blue: 0.55)
        static let light = Color(red: 0.85, green: 0.85, blue: 0.85)
        static let accent = Color(red: 0.1, green: 0.35, blue: 0.7)
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double = 10, font: Font = .regular, color: Color = .black) {
        emit("BT \(fill(color)) /\(font.rawValue) \(number(size)) Tf \(number(x)) \(number(PDFWriter.pageHeight - y)) Td ")
        content += Array(Self.literal(text).utf8)
        emit(" Tj ET\n")
    }

    /// Text ending at `x`, for numbers in columns.
    mutating func rightAlignedText(_ text: String, x: Double, y: Double, size: Double = 10, font: Font = .regular, color: Color = .black) {
        self.text(text, x: x - Self.width(text, size: size), y: y, size: size, font: font, color: color)
    }

    /// Text centred on `x`, for labels under ticks.
    mutating func centeredText(_ text: String, x: Double, y: Double, size: Double = 10, color: Color = .black) {
        self.text(text, x: x - Self.width(text, size: size) / 2, y: y, size: size, color: color)
    }

    mutating func line(from start: (Double, Double), to end: (Double, Double), width: Double = 0.5, color: Color = .grey) {
        polyline([start, end], width: width, color: color)
    }

    mutating func polyline(_ points: [(Double, Double)], width: Double = 1, color: Color = .accent) {
        guard let first = points.first else { return }
        var path = "\(stroke(color)) \(number(width)) w 1 j 1 J \(number(first.0)) \(number(PDFWriter.pageHeight - first.1)) m"
        for point in points.dropFirst() { path += " \(number(point.0)) \(number(PDFWriter.pageHeight - point.1)) l" }
        emit(path + " S\n")
    }

    /// A small filled square marking a lone point that a line cannot show.
    mutating func dot(_ point: (Double, Double), size: Double = 2.5, color: Color = .accent) {
        emit("\(fill(color)) \(number(point.0 - size / 2)) \(number(PDFWriter.pageHeight - point.1 - size / 2)) \(number(size)) \(number(size)) re f\n")
    }

    private mutating func emit(_ text: String) { content += Array(text.utf8) }
    private func number(_ value: Double) -> String { String(Double((value * 100).rounded() / 100)) }
    private func fill(_ color: Color) -> String { "\(number(color.red)) \(number(color.green)) \(number(color.blue)) rg" }
    private func stroke(_ color: Color) -> String { "\(number(color.red)) \(number(color.green)) \(number(color.blue)) RG" }

    /// A PDF literal string in WinAnsi: parentheses and backslashes escaped, Latin-1 and a
    /// few typographic characters as octal escapes, anything else as `?`.
    static func literal(_ text: String) -> String {
        var out = "("
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", ")", "\\": out += "\\" + String(scalar)
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                let special: [UInt32: UInt8] = [0x2013: 0x96, 0x2014: 0x97, 0x2022: 0x95, 0x2026: 0x85, 0x2019: 0x92, 0x2192: 0x3E]
                if let byte = special[scalar.value] ?? (0xA0...0xFF ~= scalar.value ? UInt8(scalar.value) : nil) {
                    out += byte < 0x80 ? String(UnicodeScalar(byte)) : "\\" + String(byte, radix: 8)
                } else {
                    out += "?"
                }
            }
        }
        return out + ")"
    }

    /// Helvetica advance widths, roughly: enough to right-align figures and keep labels apart.
    static func width(_ text: String, size: Double) -> Double {
        text.reduce(0.0) { total, character in
            let em: Double = character.isNumber ? 0.556 : character == " " ? 0.278 : character.isUppercase ? 0.667
                : ".,:;'il|!".contains(character) ? 0.25 : 0.5
            return total + em * size
        }
    }
}
