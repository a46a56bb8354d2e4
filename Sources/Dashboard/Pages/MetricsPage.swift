import Charts
import Foundation
import LedgerApplication
import LedgerCore
import Projections

/// Metrics explorer: any daily columns over any range, grouped by day, week or month, one
/// chart per unit, the numbers in a table and as CSV.
struct MetricsPage {
    static let defaultSpan: Int64 = 89

    let context: PageContext

    func table() throws -> MetricSeriesTable {
        let keys = (context.parameters["col"] ?? []).filter { !$0.isEmpty }
        let chosen = try (keys.isEmpty ? ["step_count"] : keys).map { key in
            guard let column = MetricLabel.column(key) else {
                throw EntryRejected("col \(key): no daily column has that key (see `healthledger daily --json` for the keys)")
            }
            return column
        }
        let last = try context.day("to")
        let first = try context.day("from", default: LocalDay(number: last.number - Self.defaultSpan))
        guard first <= last else { throw EntryRejected("from \(first) is after to \(last)") }
        guard last.number - first.number <= 366 * 20 else { throw EntryRejected("from \(first) to \(last): choose at most 20 years") }
        let groupText = context.parameter("group") ?? "day"
        guard let grouping = MetricSeriesTable.Grouping(rawValue: groupText) else { throw EntryRejected("group \(groupText): choose day, week or month") }
        let daily = try context.point.dailyMetrics(ledger: context.ledger, days: first...last)
        return try MetricSeriesTable(daily: daily, columns: chosen, days: first...last, grouping: grouping, shown: { value, column in column.shown(value) })
    }

    func csv() throws -> String { try table().csv }

    func render() throws -> (title: String, html: String) {
        let table = try table()
        var html = form(table)
        var units: [String: [Int]] = [:]
        var unitOrder: [String] = []
        for (position, entry) in table.columns.enumerated() {
            let unit = MetricLabel(entry.column).unit
            if units[unit] == nil { unitOrder.append(unit) }
            units[unit, default: []].append(position)
        }
        for unit in unitOrder {
            let series = (units[unit] ?? []).map { position in
                Chart.Series(name: MetricLabel(table.columns[position].column).name, points: table.rows.compactMap { row in
                    row.values[position].map { (x: Double(row.start.number * 86_400_000_000), y: $0) }
                })
            }
            let chart = Chart(style: table.grouping == .day ? .line : .bar, title: "\(unit.isEmpty ? "value" : unit) by \(table.grouping.rawValue)",
                              xAxis: table.grouping == .day ? .time : .categories(table.rows.map { $0.start.description }),
                              yLabel: unit, series: table.grouping == .day ? series : series.map { barSeries($0, table) })
            html += "<figure class=\"card chart\">\(SVGInline.strip(SVGChart.render(chart)))</figure>"
        }
        html += tableHTML(table)
        return ("Metrics", html)
    }

    /// Bars sit on category positions: group i at x = i.
    private func barSeries(_ series: Chart.Series, _ table: MetricSeriesTable) -> Chart.Series {
        let positions = Dictionary(uniqueKeysWithValues: table.rows.enumerated().map { (Double($1.start.number * 86_400_000_000), Double($0)) })
        return Chart.Series(name: series.name, points: series.points.map { (x: positions[$0.x] ?? 0, y: $0.y) })
    }

    private func form(_ table: MetricSeriesTable) -> String {
        let chosen = Set(table.columns.map(\.column.key))
        let options = MetricCatalog.columns.map { column in
            "<option value=\"\(column.key)\"\(chosen.contains(column.key) ? " selected" : "")>\(Markup.escape(column.header))</option>"
        }.joined()
        let groups = MetricSeriesTable.Grouping.allCases.map { grouping in
            "<option\(grouping == table.grouping ? " selected" : "")>\(grouping.rawValue)</option>"
        }.joined()
        let first = table.rows.first?.start.description ?? context.parameter("from") ?? ""
        return """
            <form class="card entry" method="get" action="/metrics">\(context.asOfField)
            <label>Columns (Ctrl/⌘ for several)<select name="col" multiple size="6">\(options)</select></label>
            <label>From<input type="date" name="from" value="\(Markup.escape(context.parameter("from") ?? first))"></label>
            <label>To<input type="date" name="to" value="\(Markup.escape(context.parameter("to") ?? ""))"></label>
            <label>Group<select name="group">\(groups)</select></label>
            <button>Show</button> <button name="format" value="csv">Download CSV</button></form>
            """
    }

    private func tableHTML(_ table: MetricSeriesTable) -> String {
        let header = "<tr><th>\(table.grouping == .day ? "Day" : "From")</th>"
            + table.columns.map { "<th>\(Markup.escape($0.column.header))</th>" }.joined() + "</tr>"
        let rows = table.rows.reversed().map { row in
            "<tr><td>\(row.start)</td>" + row.values.map { "<td>\($0.map { NumberText.format($0) } ?? "–")</td>" }.joined() + "</tr>"
        }.joined()
        return "<section class=\"card scroll\"><h2>\(table.rows.count) \(table.grouping.rawValue)s</h2><table class=\"numeric\" id=\"metrics-table\">\(header)\(rows)</table></section>"
    }
}
