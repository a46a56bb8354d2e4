import Foundation
import LedgerCore
public import Projections

/// A session's summary as a shareable SVG card: the seed's "Share Summary" image.
///
/// A title, a tile per rate with its quality bar, the symptoms with their severity, the
/// session's note, and the session id.
public enum SessionCard {
    static let width = 480

    public static func svg(_ session: VitalsSession, readings: [VitalReading]) -> String {
        let heart = readings.last { $0.signal == .ppg }
        let breathing = readings.last { $0.signal == .accelerometer }
        let symptomRows = max(session.symptoms.count, 1)
        let noteLines = session.note.map { wrapped($0, columns: 54, lines: 6) } ?? []
        let noteTop = 248 + symptomRows * 26
        let height = 262 + symptomRows * 26 + (noteLines.isEmpty ? 0 : 37 + noteLines.count * 19)
        var card = SVGWriter(width: Double(width), height: Double(height), fontFamily: "DejaVu Sans, Helvetica, Arial, sans-serif", whiteBackground: false)
        card.element("rect", ["width": "\(width)", "height": "\(height)", "rx": "18", "fill": "#fdfcfb", "stroke": "#d9d4cf"])
        card.text("Health check", x: 24, y: 42, size: 22, weight: "bold")
        card.text(when(session), x: 24, y: 66, size: 13, colour: "#6b6460")
        tile(heart, title: "Heart rate", empty: "not measured", x: 24, colour: "#c0392b", on: &card)
        tile(breathing, title: "Breathing rate", empty: "not measured", x: 248, colour: "#2471a3", on: &card)
        card.text("Symptoms", x: 24, y: 214, size: 15, weight: "bold")
        if session.symptoms.isEmpty {
            card.text("none recorded", x: 24, y: 240, size: 13, colour: "#6b6460")
        }
        for (row, symptom) in session.symptoms.enumerated() {
            let y = 240 + row * 26
            // Long names stop short of the severity boxes.
            card.text(symptom.name.count > 34 ? symptom.name.prefix(33) + "…" : symptom.name, x: 24, y: y, size: 14)
            for level in 1...3 {
                let fill = level <= symptom.severity.rawValue ? "#e67e22" : "#ece7e2"
                card.element("rect", ["x": "\(300 + level * 18)", "y": "\(y - 11)", "width": "14", "height": "12", "rx": "3", "fill": fill])
            }
            card.text("\(symptom.severity)", x: 384, y: y, size: 13, colour: "#6b6460")
        }
        if !noteLines.isEmpty {
            card.text("Note", x: 24, y: noteTop, size: 15, weight: "bold")
            for (row, line) in noteLines.enumerated() { card.text(line, x: 24, y: noteTop + 22 + row * 19, size: 13) }
        }
        card.text("HealthLedger · session \(session.shortID)", x: 24, y: height - 16, size: 11, colour: "#9a928c")
        return card.document
    }

    /// A rate tile: the value large, its unit, and a quality bar (or why it is unreliable).
    private static func tile(_ reading: VitalReading?, title: String, empty: String, x: Int, colour: String, on card: inout SVGWriter) {
        card.element("rect", ["x": "\(x)", "y": "86", "width": "208", "height": "100", "rx": "12", "fill": "#ffffff", "stroke": "#e4dfda"])
        card.text(title, x: x + 14, y: 108, size: 13, colour: "#6b6460")
        guard let reading else { return card.text(empty, x: x + 14, y: 144, size: 16, colour: "#9a928c") }
        guard let rate = reading.estimate.rate else {
            card.text("unreliable", x: x + 14, y: 144, size: 20, weight: "bold", colour: "#9a928c")
            card.text(reading.estimate.unreliable?.code ?? "", x: x + 14, y: 168, size: 12, colour: "#9a928c")
            return
        }
        card.text("\(Int(rate.rounded()))", x: x + 14, y: 150, size: 36, weight: "bold", colour: colour)
        let digits = String(Int(rate.rounded())).count
        card.text(reading.unit, x: x + 24 + 22 * digits, y: 150, size: 14, colour: "#6b6460")
        if let quality = reading.estimate.quality {
            card.element("rect", ["x": "\(x + 14)", "y": "164", "width": "100", "height": "8", "rx": "4", "fill": "#ece7e2"])
            card.element("rect", ["x": "\(x + 14)", "y": "164", "width": "\(Int((100 * quality).rounded()))", "height": "8", "rx": "4", "fill": colour])
            card.text("quality \(String(format: "%.2f", quality))", x: x + 122, y: 172, size: 11, colour: "#6b6460")
        }
    }

    /// `note` in lines of at most `columns` characters, broken between words (a longer word
    /// is cut); past `lines` lines the last ends in an ellipsis.
    static func wrapped(_ note: String, columns: Int, lines limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in note.split(whereSeparator: \.isWhitespace) {
            var word = Substring(word)
            while !word.isEmpty {
                let room = line.isEmpty ? columns : columns - line.count - 1
                if word.count <= room {
                    line += (line.isEmpty ? "" : " ") + word
                    word = ""
                } else if line.isEmpty {
                    line = String(word.prefix(columns))
                    word = word.dropFirst(columns)
                } else {
                    lines.append(line)
                    line = ""
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit - 1)) + [String(lines[limit - 1].prefix(columns - 1)) + "…"]
    }

    private static func when(_ session: VitalsSession) -> String {
        guard let start = session.start else { return "session \(session.shortID)" }
        let began = start.iso8601(utcOffset: session.utcOffset).prefix(16).replacingOccurrences(of: "T", with: " ")
        guard let end = session.end else { return "\(began) (open)" }
        return "\(began), \(max(1, Int(((end.seconds - start.seconds) / 60).rounded()))) min"
    }
}

/// The card's text, in whole pixels as it has always been drawn.
private extension SVGWriter {
    mutating func text(_ content: String, x: Int, y: Int, size: Int, weight: String = "normal", colour: String = "#2c2623") {
        element("text", ["x": "\(x)", "y": "\(y)", "font-size": "\(size)", "font-weight": weight, "fill": colour], content: content)
    }
}
