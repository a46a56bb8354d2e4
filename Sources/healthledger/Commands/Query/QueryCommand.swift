import ArgumentParser
import Query

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Ask your data a question in the query language.",
        // The grammar itself, not only a path: a binary install has no docs/query.md.
        discussion: "A query: \(QueryLanguage.grammar)\n\nFor example:\n" + QueryLanguage.examples.joined(separator: "\n")
            + "\n\nThe whole language, every source and field: docs/query.md in the source.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    @Argument(help: "The query.") var query: String
    @Option(help: "table (the default), csv or json.") var format: Format?
    @Flag(help: "The same as --format json.") var json = false
    @OptionGroup var options: QueryOptions

    func validate() throws {
        if json, let format, format != .json { throw ValidationError("choose one of --json and --format \(format.rawValue)") }
    }

    func run() throws {
        let result = try options.run(query, on: try options.data())
        switch json ? .json : format ?? .table {
        case .table: print(result.table, terminator: "")
        case .csv: print(result.csv, terminator: "")
        case .json: print(result.json, terminator: "")
        }
    }
}
