import Charts
import Foundation
import LedgerCore
import Projections
import Query

/// Mood, symptoms, medications and activities of the last days in one timeline, each row as
/// the query language lists it, and each medication's adherence over those days.
struct TimelinePage {
    static let span: Int64 = 13
    static let sources: [(source: String, label: String)] = [("mood", "mood"), ("symptom", "symptom"), ("dose", "dose"), ("activity", "activity"), ("fatigue", "fatigue")]

    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let last = try context.day()
        let first = LocalDay(number: last.number - Self.span)
        let data = try QueryData(index: try context.point.state(QueryIndexView.self, ledger: context.ledger),
                             daily: try context.point.dailyMetrics(ledger: context.ledger), now: .now())
        var entries: [(time: String, kind: String, text: String)] = []
        for (source, label) in Self.sources {
            let result = try QueryEngine.run("\(source) where between \(first) and \(last)", data: data)
            for row in result.rows {
                let time = row.first.map(QueryResult.text) ?? ""
                let text = zip(result.columns, row).dropFirst().compactMap { column, value in
                    guard value != .null, !TodayPage.hiddenFields.contains(column.title) else { return nil }
                    return QueryResult.text(value) + (column.title == "duration" ? " min" : "")
                }.joined(separator: " · ")
                entries.append((time, label, text))
            }
        }
        entries.sort { $0.time > $1.time }
        let rows = entries.map { "<tr><td class=\"when\">\(Markup.escape($0.time))</td><td><span class=\"kind kind-\($0.kind)\">\($0.kind)</span></td><td>\(Markup.escape($0.text))</td></tr>" }.joined()
        let html = """
            <p class="muted">\(first) to \(last) · <a href="/timeline?date=\(LocalDay(number: first.number - 1))\(context.asOf.map { "&as-of=" + HTML.query($0) } ?? "")">earlier</a></p>
            \(try AdherenceSection(data: data).render(first...last))<section class="card scroll"><table id="timeline"><tr><th>When</th><th>What</th><th>Details</th></tr>\(rows)</table>\
            \(entries.isEmpty ? "<p class=\"muted\">Nothing recorded in these days.</p>" : "")</section>
            """
        return ("Timeline", html)
    }
}
