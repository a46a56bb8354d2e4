import Charts
import Foundation
import LedgerApplication
import LedgerCore
import Projections

/// Sleep: the last two weeks of nights with their stages, the chosen night's main sleep and
/// naps, and its sleep score with the contributors, as `sleep-score` gives them.
struct SleepPage {
    static let span: Int64 = 13
    static let nightColumns = ["sleep_total", "sleep_in_bed", "sleep_deep", "sleep_rem", "sleep_core", "sleep_awake", "bedtime", "wake_time", "naps", "nap_time"]

    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let day = try context.day()
        let days = (day.number - Self.span...day.number).map(LocalDay.init(number:))
        let daily = try context.point.dailyMetrics(ledger: context.ledger, days: LocalDay(number: day.number - Self.span)...day)
        let tonight = try daily.night(for: day)
        let nights = try days.dropLast().map { try daily.night(for: $0) } + [tonight]
        let metrics = try daily.metrics(for: day)
        var html = "<p class=\"muted\">The night ending on \(day) · <a href=\"/sleep?date=\(LocalDay(number: day.number - 1))\(asOfLink)\">previous night</a></p>"
        html += "<div class=\"grid pair\">" + score(metrics) + night(metrics, tonight) + "</div>"
        html += "<figure class=\"card chart\" id=\"sleep-timeline\">\(SVGInline.strip(SleepTimelinePlot.svg(nights.reversed())))</figure>"
        html += try scores(days.reversed(), daily: daily)
        return ("Sleep", html)
    }

    private var asOfLink: String { context.asOf.map { "&as-of=" + HTML.query($0) } ?? "" }

    /// The score and its contributors, each with the night's value, its 0–100 score and weight.
    private func score(_ metrics: DayMetrics) -> String {
        guard let score = SleepScore(metrics) else {
            return "<section class=\"card\" id=\"sleep-score\"><h2>Sleep score</h2><p class=\"muted\">No sleep recorded for this night.</p></section>"
        }
        let rows = score.parts.map { part in
            "<tr data-key=\"contributor-\(part.contributor.rawValue)\" data-value=\"\(part.score)\"><td>\(part.contributor.rawValue)</td>"
                + "<td>\(String(format: "%.1f", part.value)) <span class=\"muted\">\(Markup.escape(part.contributor.unit))</span></td>"
                + "<td>\(Int(part.score.rounded()))</td><td class=\"wide-only\">× \(part.contributor.weight)</td></tr>"
        }.joined()
        return """
            <section class="card" id="sleep-score"><h2>Sleep score <span class="muted">v\(SleepScore.version)</span></h2>\
            <div class="metric" data-key="sleep-score" data-value="\(score.score)"><span class="value">\(Int(score.score.rounded()))</span><span class="unit">of 100</span></div>\
            <div class="scroll"><table class="numeric"><tr><th>Contributor</th><th>Night</th><th>Score</th><th class=\"wide-only\">Weight</th></tr>\(rows)</table></div></section>
            """
    }

    /// The night's columns as `daily` shows them, and each sleep: the main one and the naps.
    private func night(_ metrics: DayMetrics, _ night: SleepNight) -> String {
        let cells = Self.nightColumns.compactMap { key -> String? in
            guard let (index, column) = MetricLabel.column(key) else { return nil }
            let label = MetricLabel(column)
            let shown = metrics.values[index].map { column.shown($0) }
            let text = shown.map { key == "bedtime" || key == "wake_time" ? Self.clock($0) : NumberText.format($0) } ?? "—"
            return "<tr data-key=\"\(key)\" data-value=\"\(shown.map { String($0) } ?? "")\"><td>\(Markup.escape(label.name))</td><td>\(text)</td><td class=\"muted\">\(Markup.escape(label.unit))</td></tr>"
        }.joined()
        let sleeps = night.sleeps.filter { $0.isMain || $0.isNap }.compactMap { sleep -> String? in
            guard let start = sleep.stretches.map(\.start).min(), let end = sleep.stretches.map(\.end).max() else { return nil }
            let what = sleep.isMain ? "<strong>main sleep</strong>" : "nap"
            return "<li>\(what) \(time(start, night))–\(time(end, night)) <span class=\"muted\">\(String(format: "%.2f", sleep.asleepHours)) h asleep</span></li>"
        }.joined()
        return """
            <section class="card" id="night"><h2>The night</h2><table class="numeric">\(cells)</table>\
            \(sleeps.isEmpty ? "" : "<ul class=\"plain\" id=\"sleeps\">\(sleeps)</ul>")</section>
            """
    }

    /// Each night's score, total, bedtime and naps, newest first.
    private func scores(_ days: [LocalDay], daily: DailyMetricsViewState) throws -> String {
        let rows = try days.map { day -> String in
            let metrics = try daily.metrics(for: day)
            let score = SleepScore(metrics).map { String(Int($0.score.rounded())) } ?? "—"
            let total = metrics["sleep_total"].map { String(format: "%.2f", $0) } ?? "—"
            let bedtime = metrics["bedtime"].map(Self.clock) ?? "—"
            let naps = metrics["naps"].map(NumberText.format) ?? "—"
            return "<tr><td class=\"when\"><a href=\"/sleep?date=\(day)\(asOfLink)\">\(day)</a></td><td>\(score)</td><td>\(total)</td><td>\(bedtime)</td><td>\(naps)</td></tr>"
        }.joined()
        return """
            <section class="card scroll"><h2>Nights</h2><table class="numeric" id="nights">\
            <tr><th>Night ending</th><th>Score</th><th>Asleep (h)</th><th>Bedtime</th><th>Naps</th></tr>\(rows)</table></section>
            """
    }

    private func time(_ instant: Timestamp, _ night: SleepNight) -> String {
        String(instant.iso8601(utcOffset: night.utcOffset).dropFirst(11).prefix(5))
    }

    /// Decimal clock hours (23.5) as 23:30.
    static func clock(_ hours: Double) -> String {
        let minutes = Int((hours * 60).rounded()) % (24 * 60)
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
