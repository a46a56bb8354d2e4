import Charts
import Foundation
import LedgerApplication
import LedgerCore
import LedgerCrypto
import LedgerStore
import Projections
import Query

/// Today: the day's key numbers with their last 30 days, the calorie budget, what was
/// rated, taken and reported, each medication's doses due and taken, what is running, and
/// the audit badge.
struct TodayPage {
    static let keyColumns = [
        "step_count", "active_energy", "resting_heart_rate", "sleep_total", "body_mass", "mood_avg", "fatigue_avg", "doses_taken",
        "symptoms_reported",
    ]
    static let sparkDays: Int64 = 30
    /// Fields a day's listing leaves out: the scale and where the entry came from.
    static let hiddenFields: Set<String> = ["scaleMin", "scaleMax", "source", "session"]

    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let day = try context.day()
        let days = (day.number - Self.sparkDays + 1...day.number).map(LocalDay.init(number:))
        let daily = try context.point.dailyMetrics(ledger: context.ledger, days: LocalDay(number: day.number - Self.sparkDays + 1)...day)
        let columns = Self.keyColumns.compactMap(MetricLabel.column)
        let rows = try days.map { try daily.values(for: $0, columns: columns.map(\.index)) }
        var html = "<p class=\"muted\">\(day) · <a href=\"/?date=\(LocalDay(number: day.number - 1))\(asOfLink)\">previous day</a></p>"
        html += "<section class=\"grid\" aria-label=\"Key metrics\">"
        for (position, (_, column)) in columns.enumerated() {
            html += card(column, values: rows.map { $0[position] })
        }
        html += "</section>"
        html += try budget(day)
        let index = try context.point.state(QueryIndexView.self, ledger: context.ledger, part: .days(day...day))
        let data = try QueryData(index: index, daily: daily, now: .now())
        html += "<div class=\"grid\">"
        html += try listing("Moods", "mood", day: day, data: data)
        html += try listing("Doses", "dose", day: day, data: data)
        html += try listing("Symptoms", "symptom", day: day, data: data)
        html += try running()
        html += "</div>"
        html += try AdherenceSection(data: data).render(day...day, title: "Doses due and taken")
        html += try lastDelivery()
        html += try auditBadge()
        return (day == LocalDay(.now(), utcOffset: context.offset) ? "Today" : "\(day)", html)
    }

    private var asOfLink: String { context.asOf.map { "&as-of=" + HTML.query($0) } ?? "" }

    private func card(_ column: MetricColumn, values: [Double?]) -> String {
        let label = MetricLabel(column)
        let shown = values.last.flatMap { $0 }.map { column.shown($0) }
        let value = shown.map(NumberText.format) ?? "—"
        return """
            <article class="card metric" data-key="\(column.key)" data-value="\(shown.map { String($0) } ?? "")">\
            <div class="label">\(Markup.escape(label.name))</div><div><span class="value">\(value)</span>\
            <span class="unit">\(Markup.escape(label.unit))</span></div>\(Sparkline.svg(values, label: label.name))</article>
            """
    }

    private func budget(_ day: LocalDay) throws -> String {
        let budget = try context.point.calorieCredit(ledger: context.ledger, budgetOn: day).budget(on: day)
        let eaten = budget.today.energy ?? 0
        let lines = budget.summary.map { Markup.escape($0) }.joined(separator: "\n")
        return """
            <section class="card" id="budget"><h2>Calorie budget</h2><div class="grid">\
            <div class="metric" data-key="budget" data-value="\(budget.budget)"><div class="label">Budget</div><span class="value">\(NumberText.format(budget.budget.rounded()))</span><span class="unit">kcal</span></div>\
            <div class="metric" data-key="eaten" data-value="\(eaten)"><div class="label">Eaten</div><span class="value">\(NumberText.format(eaten.rounded()))</span><span class="unit">kcal</span></div>\
            <div class="metric" data-key="credit" data-value="\(budget.credit.credit)"><div class="label">Week's credit</div><span class="value">\(NumberText.signed(budget.credit.credit.rounded()))</span><span class="unit">kcal</span></div>\
            </div><pre>\(lines)</pre></section>
            """
    }

    /// The day's events of one kind, as the query language lists them.
    private func listing(_ title: String, _ source: String, day: LocalDay, data: QueryData) throws -> String {
        let result = try QueryEngine.run("\(source) where between \(day) and \(day)", data: data)
        let items = result.rows.map { row in
            "<li>" + zip(result.columns, row).compactMap { column, value in
                guard value != .null, !Self.hiddenFields.contains(column.title) else { return nil }
                var text = QueryResult.text(value)
                // The listing's first column is the local time; the day is the page's.
                if column.title == result.columns.first?.title, text.count > 11 { text = String(text.dropFirst(11)) }
                return "<span title=\"\(Markup.escape(column.title))\">\(Markup.escape(text))</span>"
            }.joined(separator: " · ") + "</li>"
        }.joined()
        return "<section class=\"card\" id=\"\(source)s\"><h2>\(title)</h2>"
            + (items.isEmpty ? "<p class=\"muted\">none recorded</p>" : "<ul class=\"plain\">\(items)</ul>") + "</section>"
    }

    private func running() throws -> String {
        let running = try context.runningActivities.value(size: context.ledger.count()) {
            try VaultApplication.runningActivities(context.ledger).map { ($0.name, $0.start) }
        }
        let items = running.map { activity in
            "<li>\(Markup.escape(activity.name)) <span class=\"muted\">since \(activity.start.iso8601(utcOffset: context.offset))</span></li>"
        }.joined()
        return "<section class=\"card\" id=\"running\"><h2>Running activities</h2>"
            + (items.isEmpty ? "<p class=\"muted\">none running</p>" : "<ul class=\"plain\">\(items)</ul>") + "</section>"
    }

    /// The newest delivery from a device or a folder (`sources` lists them all); nothing on a
    /// page drawn as of the past, or where nothing has arrived by itself.
    private func lastDelivery() throws -> String {
        guard context.asOf == nil, let (delivery, at) = try DeliverySources.latest(context.ledger) else { return "" }
        let apps = delivery.apps.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\(NumberText.format(Double($0.value))) from \(Markup.escape($0.key))" }.joined(separator: ", ")
        let readings = "\(NumberText.format(Double(delivery.readings))) \(delivery.readings == 1 ? "reading" : "readings")"
        return """
            <section class="card" id="delivery"><h2>Last delivery</h2><p>\(Markup.escape(delivery.name)) · \
            \(at.iso8601(utcOffset: context.offset).prefix(16).replacingOccurrences(of: "T", with: " ")) · \
            \(readings)\(apps.isEmpty ? "" : " (\(apps))"), \(NumberText.format(Double(delivery.stored))) new</p></section>
            """
    }

    private func auditBadge() throws -> String {
        var html = "<section class=\"card\" id=\"audit\"><h2>Integrity</h2>"
        if let checkpoint = try context.ledger.latestCheckpoint() {
            html += "<p>Signed checkpoint: <strong>\(checkpoint.size)</strong> events, root <code>\(Data(checkpoint.rootHash).base64EncodedString().prefix(16))…</code></p>"
        } else {
            html += "<p class=\"muted\">No signed checkpoint yet.</p>"
        }
        if let audit = context.lastAudit.value {
            let badge = audit.clean ? "<span class=\"badge good\">audit clean</span>" : "<span class=\"badge bad\">audit FAILED</span>"
            html += "<p>\(badge) \(audit.records) records, \(ISO8601DateFormatter().string(from: audit.at))</p>"
        } else {
            html += "<p class=\"muted\">Not audited since the dashboard started. <a href=\"/history#audit\">Run the audit</a></p>"
        }
        return html + "</section>"
    }
}
