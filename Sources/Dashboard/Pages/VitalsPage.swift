import Charts
import Foundation
import LedgerCore
import Projections

/// Vitals: every heart-rate and breathing reading with its quality or why it is unreliable,
/// as `vitals` lists them, and each measuring session with its card, as `card` draws it.
struct VitalsPage {
    static let readingLimit = 60
    static let sessionLimit = 12

    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let state = try context.point.state(VitalsView.self, ledger: context.ledger)
        let readings = try state.allReadings()
        let sessions = try state.allSessions()
        var html = "<p class=\"muted\">\(Self.count(readings.count, "reading")), \(Self.count(sessions.count, "session")); rates derived by the vitals view from the stored raw signals.</p>"
        html += "<section class=\"card\" id=\"sessions\"><h2>Sessions</h2>"
        if sessions.isEmpty {
            html += "<p class=\"muted\">No measuring sessions yet: <code>healthledger session start</code>.</p>"
        } else {
            html += "<div class=\"cards\">"
            for session in sessions.suffix(Self.sessionLimit).reversed() {
                html += "<figure class=\"session-card\" data-session=\"\(session.id)\">\(SVGInline.strip(SessionCard.svg(session, readings: try state.readings(of: session))))</figure>"
            }
            html += "</div>"
        }
        html += "</section>"
        let rows = try readings.suffix(Self.readingLimit).reversed().map { reading in
            let document = reading.document
            let rate = try document.optionalDouble("rate")
            let quality = reading.estimate.quality.map { quality in
                "<span class=\"meter\"><span class=\"meter-\(Int((quality * 10).rounded()))\"></span></span> \(String(format: "%.2f", quality))"
            } ?? "—"
            let status = reading.estimate.rate == nil
                ? "<span class=\"badge bad\" title=\"\(Markup.escape(reading.estimate.unreliable?.explanation ?? ""))\">\(Markup.escape(reading.estimate.unreliable?.code ?? "unreliable"))</span>"
                : "<span class=\"badge good\">reliable</span>"
            return """
                <tr data-key="reading-\(reading.id)" data-value="\(rate.map { String($0) } ?? "")"><td class="when">\(reading.start.iso8601(utcOffset: reading.utcOffset).prefix(16).replacingOccurrences(of: "T", with: " "))</td>\
                <td class="wide-only">\(reading.measure)</td>\(rate.map { "<td class=\"when\">\(Int($0.rounded())) \(reading.unit)</td>" } ?? "<td class=\"muted\">\(Markup.escape(reading.measure)) unreliable: \(Markup.escape(reading.estimate.unreliable?.explanation ?? "no estimate"))</td>")<td class="when">\(quality)</td><td>\(status)</td>\
                <td class="wide-only">v\(reading.algorithm)\(reading.session.map { " · session \($0.prefix(8))" } ?? "")</td></tr>
                """
        }.joined()
        html += """
            <section class="card scroll"><h2>Readings <span class="muted">(the last \(min(readings.count, Self.readingLimit)), newest first)</span></h2>\
            <table id="readings"><tr><th>When</th><th class="wide-only">Measure</th><th>Rate</th><th>Quality</th><th>Status</th><th class="wide-only">Algorithm</th></tr>\(rows)</table>\
            \(readings.isEmpty ? "<p class=\"muted\">No readings yet: <code>healthledger measure heart-rate FILE</code>.</p>" : "")</section>
            """
        return ("Vitals", html)
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
