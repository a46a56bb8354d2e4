import ArgumentParser
import Foundation
import LedgerCore
import Projections
import Query

/// The vault, the view point and the clock a query reads, shared by query, chart and correlate.
struct QueryOptions: ParsableArguments {
    @Option(help: "Count `last 7d` back from this time instead of now (ISO 8601, \"yesterday 22:00\").") var now: String?
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func data() throws -> QueryData {
        let ledger = try vault.openLedger()
        let instant = try now.map(LocalTime.instant) ?? .now()
        return try QueryData(index: try view.state(QueryIndexView.self, ledger: ledger), daily: try view.state(DailyMetricsView.self, ledger: ledger), now: instant)
    }

    /// The language in one line, said with the error: a binary install has no docs/query.md to point to.
    static let grammarHint = "(a query: \(QueryLanguage.grammar), "
        + "e.g. `mood avg by day where last 30d`; `healthledger query --help` shows more examples)"

    /// Runs `query`, turning a query error into exit 65 with a caret under the query.
    func run(_ query: String, on data: QueryData) throws -> QueryResult {
        do {
            return try QueryEngine.run(query, data: data)
        } catch let error as QueryError {
            throw ExitStatus.Failure(status: .invalidInput, message: "query " + error.rendered(in: query) + "\n" + Self.grammarHint)
        }
    }
}
