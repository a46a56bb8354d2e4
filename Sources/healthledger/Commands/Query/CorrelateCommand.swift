import ArgumentParser
import Foundation
import LedgerCore
import Query

struct CorrelateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correlate", abstract: "How an outcome differs with a factor (days with vs without), or how two daily series move together.",
        discussion: """
            correlate 'dose where medication = "Ibuprofen"' --with 'mood avg'
            correlate 'activity "Socializing"' --with 'mood avg' --lag 1d
            correlate 'sleep.total' --with 'mood avg' --lag 1d
            A factor counted per day (a kind without an aggregate, or `count`) is yes/no: the outcome's mean on days
            with it against days without (Welch's t, 95% confidence interval; at least 3 days each). Otherwise both are
            numbers per day: Pearson's r, n and a two-sided p.
            """)

    @Argument(help: "The factor: a query of one selection, without `by` (`healthledger query --help` shows examples).") var factor: String
    @Option(name: .customLong("with"), help: "The outcome: a query of one selection.") var outcome: String
    @Option(help: "Read the outcome this many days after the factor: 0, 1d, 2d.") var lag = "0"
    @Flag(help: "The figures as JSON.") var json = false
    @OptionGroup var options: QueryOptions

    func run() throws {
        let text = lag.lowercased().hasSuffix("d") ? String(lag.dropLast()) : lag
        guard let days = Int(text), abs(days) <= 366 else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--lag \(lag) is not a number of days like 0, 1d or 7d")
        }
        let data = try options.data()
        let correlation: Correlation
        do {
            correlation = try Correlation.run(factor: factor, outcome: outcome, lagDays: days, data: data)
        } catch let failure as CorrelationQueryError {
            throw ExitStatus.Failure(status: .invalidInput, message: "query " + failure.error.rendered(in: failure.query))
        } catch let error as CorrelationError {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(error)")
        }
        print(json ? JSONWriter.string(correlation.document) : correlation.text)
    }
}
