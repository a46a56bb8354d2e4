import ArgumentParser
import Query

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Ask your data a question in the query language (a reference: docs/query.md in the source).",
        discussion: """
            mood where rating <= 3 and within 30m after activity "Socializing"
            heart_rate avg by hour where last 7d
            dose where medication = "Ibuprofen" and (note contains "headache" or hour >= 20)
            sleep.total by day where weekday
            mood avg, mood min by day where between 2026-01-01 and 2026-03-31
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    @Argument(help: "The query.") var query: String
    @Option(help: "table, csv or json.") var format: Format = .table
    @Flag(help: "The same as --format json.") var json = false
    @OptionGroup var options: QueryOptions

    func run() throws {
        let result = try options.run(query, on: try options.data())
        switch json ? .json : format {
        case .table: print(result.table, terminator: "")
        case .csv: print(result.csv, terminator: "")
        case .json: print(result.json, terminator: "")
        }
    }
}
