import Charts
import Foundation
import LedgerApplication
import LedgerCore
import Numerical
import Projections

/// Face models: each target's leave-one-out n, R and MAE as `models list` gives them, and
/// one model in detail as `models show` gives it: predicted against actual, the errors over
/// time, and the features that weigh most.
struct FaceModelsPage {
    static let shownFeatures = 10

    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let faces = try context.point.state(FaceModelsView.self, ledger: context.ledger).fold
        let daily = try context.point.dailyMetrics(ledger: context.ledger)
        let outcomes = try faces.targets.map { target in
            try FaceModelTraining.train(target, captures: faces.allCaptures) { try daily.metrics(for: $0) }
        }
        let chosen = context.parameter("target")
        if let chosen, !outcomes.contains(where: { $0.target.name == chosen }) {
            throw EntryRejected("target \(chosen): not a target of this vault; choose one of \(outcomes.map(\.target.name).joined(separator: ", "))")
        }
        var html = "<p class=\"muted\">\(faces.allCaptures.count) face captures; each model is rebuilt from them and the daily metrics on every read, as <code>healthledger models</code> does.</p>"
        let rows = outcomes.map { outcome -> String in
            let name = outcome.target.name
            let link = "<a href=\"/models?target=\(HTML.query(name))\(asOfLink)\">\(Markup.escape(name))</a>"
            guard case .trained(let model) = outcome else {
                return "<tr data-target=\"\(Markup.escape(name))\"><td>\(link)</td><td colspan=\"4\" class=\"muted\">\(Markup.escape(outcome.insufficientMessage ?? ""))</td></tr>"
            }
            let accuracy = model.accuracy
            return """
                <tr data-target="\(Markup.escape(name))"><td>\(link)</td><td data-key="n-\(Markup.escape(name))" data-value="\(accuracy.count)">\(accuracy.count)</td>\
                <td data-key="r-\(Markup.escape(name))" data-value="\(accuracy.r.map { String($0) } ?? "")">\(Self.value(accuracy.r))</td>\
                <td data-key="mae-\(Markup.escape(name))" data-value="\(accuracy.meanAbsoluteError)">\(Self.value(accuracy.meanAbsoluteError))</td>\
                <td>\(Self.value(accuracy.rootMeanSquaredError))</td></tr>
                """
        }.joined()
        html += """
            <section class="card scroll"><h2>Models</h2><table class="numeric" id="models">\
            <tr><th>Target</th><th>n</th><th>R</th><th>MAE</th><th>RMSE</th></tr>\(rows)</table></section>
            """
        let trained = outcomes.compactMap { outcome -> FaceModel? in
            guard case .trained(let model) = outcome else { return nil }
            return model
        }
        if let model = trained.first(where: { $0.target.name == chosen }) ?? (chosen == nil ? trained.first : nil) {
            html += detail(model)
        } else if let chosen {
            html += "<section class=\"card\"><p class=\"muted\">\(Markup.escape(chosen)): no model yet.</p></section>"
        }
        return ("Face models", html)
    }

    private var asOfLink: String { context.asOf.map { "&as-of=" + HTML.query($0) } ?? "" }

    private func detail(_ model: FaceModel) -> String {
        let features = Array(model.importance.prefix(Self.shownFeatures))
        let importance = Chart(
            style: .bar, title: "Feature importance, \(model.target.name): change per standard deviation", xAxis: .categories(features.map { $0.feature.rawValue }),
            yLabel: model.target.name, series: [Chart.Series(name: "coefficient", points: features.enumerated().map { (x: Double($0.offset), y: $0.element.coefficient) })])
        let rows = features.map { "<tr><td>\($0.feature.rawValue)</td><td>\(Self.signed($0.coefficient))</td></tr>" }.joined()
        return """
            <h2 id="model-detail">\(Markup.escape(model.target.name)) — \(Markup.escape(model.target.label))</h2>\
            <figure class="card chart" id="model-plot">\(SVGInline.strip(FaceModelPlot.svg(model)))</figure>\
            <div class="split"><figure class="card chart" id="importance-chart">\(SVGInline.strip(SVGChart.render(importance)))</figure>\
            <section class="card"><h2>Feature importance</h2><table class="numeric" id="importance"><tr><th>Feature</th><th>Coefficient</th></tr>\(rows)</table></section></div>
            """
    }

    /// As `models` prints figures: two decimals, or a dash when there is none.
    static func value(_ number: Double?) -> String { number.map { String(format: "%.2f", $0) } ?? "–" }

    static func signed(_ number: Double) -> String { String(format: "%+.2f", number) }
}
