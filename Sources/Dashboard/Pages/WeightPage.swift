import Charts
import Foundation
import LedgerApplication
import LedgerCore
import Projections

/// Weight and budget: the weight of each day over 90 days, and the budget by maintenance
/// algorithm v1 and v2 side by side, as `budget --algorithm 1/2` prints them.
struct WeightPage {
    static let span: Int64 = 89

    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let day = try context.day()
        let first = LocalDay(number: day.number - Self.span)
        let daily = try context.point.dailyMetrics(ledger: context.ledger, days: first...day)
        guard let (index, column) = MetricLabel.column("body_mass") else { throw EntryRejected("no body_mass column") }
        // The weight column alone: a day's every column would read all its partitions.
        let points = try (first.number...day.number).compactMap { number -> (x: Double, y: Double)? in
            try daily.values(for: LocalDay(number: number), columns: [index])[0].map { (Double(number * 86_400_000_000), column.shown($0)) }
        }
        let chart = Chart(style: .line, title: "Weight, \(first) to \(day)", xAxis: .time, yLabel: "kg",
                          series: [Chart.Series(name: "weight", points: points)])
        var html = "<p class=\"muted\">\(day)</p><figure class=\"card chart\">\(SVGInline.strip(SVGChart.render(chart)))</figure><div class=\"grid wide\">"
        let state = try context.point.calorieCredit(ledger: context.ledger, budgetOn: day)
        for algorithm in [1, 2] {
            let budget = try state.budget(on: day, algorithm: algorithm)
            let interval = budget.estimate.interval.map { "\(NumberText.format($0.lowerBound.rounded()))–\(NumberText.format($0.upperBound.rounded())) kcal" } ?? "none from this algorithm"
            html += """
                <section class="card" id="maintenance-v\(algorithm)"><h2>Maintenance v\(algorithm)</h2>\
                <div class="metric" data-key="maintenance-v\(algorithm)" data-value="\(budget.estimate.maintenance)"><span class="value">\(NumberText.format(budget.estimate.maintenance.rounded()))</span><span class="unit">kcal</span></div>\
                <p class="muted">95 % interval \(interval)\(budget.estimate.trendWeight.map { String(format: " · trend weight %.1f kg", $0) } ?? "")</p>\
                <pre>\(budget.summary.map { Markup.escape($0) }.joined(separator: "\n"))</pre></section>
                """
        }
        return ("Weight and budget", html + "</div>")
    }
}
