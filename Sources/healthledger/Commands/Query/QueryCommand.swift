import ArgumentParser
import Query

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Ask your data a question in the query language (a reference: docs/query.md in the source).",
        discussion: QueryLanguage.examples.joined(separator: "\n"))

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
