import Charts
import Foundation
import LedgerApplication
import LedgerCore
import Projections
import Query

/// Query: the query language in a box; the answer as a table and a chart, or the error with
/// the caret the CLI prints.
struct QueryPage {
    static let example = "mood avg, mood min by day where last 30d"

    let context: PageContext

    /// The language under the box: its grammar in a line and examples to run, as of the
    /// same point.
    private var language: String {
        let asOf = context.asOf.map { "&as-of=" + HTML.query($0) } ?? ""
        let examples = QueryLanguage.examples.map { "<li><a href=\"/query?q=\(HTML.query($0))\(asOf)\"><code>\(Markup.escape($0))</code></a></li>" }.joined()
        return "<details id=\"query-language\"><summary>How to ask</summary><p><code>\(Markup.escape(QueryLanguage.grammar))</code></p><ul class=\"plain\">\(examples)</ul></details>"
    }

    func render() throws -> (title: String, html: String) {
        let text = context.parameter("q")
        var html = """
            <form class="card" method="get" action="/query">\(context.asOfField)
            <label for="q">Query</label>
            <textarea class="query" id="q" name="q" rows="2" placeholder="\(Self.example)">\(Markup.escape(text ?? ""))</textarea>
            <p><button id="run">Run</button></p>\(language)</form>
            """
        guard let text else { return ("Query", html + "<p class=\"muted\">Try <a href=\"/query?q=\(HTML.query(Self.example))\">\(Self.example)</a>.</p>") }
        let data = try QueryData(index: try context.point.state(QueryIndexView.self, ledger: context.ledger),
                             daily: try context.point.dailyMetrics(ledger: context.ledger), now: .now())
        let result: QueryResult
        do {
            result = try QueryEngine.run(text, data: data)
        } catch let error as QueryError {
            return ("Query", html + "<pre class=\"error\" id=\"query-error\">query \(Markup.escape(error.rendered(in: text)))</pre>")
        }
        do {
            let chart = try result.chart(result.bucket == nil && result.rows.count == 1 ? .bar : .line, title: text)
            html += "<figure class=\"card chart\">\(SVGInline.strip(SVGChart.render(chart)))</figure>"
        } catch {
            html += "<p class=\"muted\">No chart: \(Markup.escape(error.description)).</p>"
        }
        let header = "<tr>" + result.columns.map { "<th>\(Markup.escape($0.title + ($0.unit.map { " (\($0))" } ?? "")))</th>" }.joined() + "</tr>"
        let rows = result.rows.map { row in "<tr>" + row.map { "<td>\(Markup.escape(QueryResult.text($0)))</td>" }.joined() + "</tr>" }.joined()
        html += "<section class=\"card scroll\"><h2>\(result.rows.count) row\(result.rows.count == 1 ? "" : "s")</h2><table class=\"numeric\" id=\"query-result\">\(header)\(rows)</table></section>"
        return ("Query", html)
    }
}
