import ArgumentParser
import Foundation
import LedgerCore
import Projections

struct SleepScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep-score",
        abstract: "An Oura-inspired 0-100 score of the night ending on a day, with its seven contributors.",
        discussion: "Weights (Oura's v1): total sleep 0.35, restfulness 0.15, efficiency, latency, REM, deep and timing 0.10 each; a night without stages is scored on the contributors it has.")
    @Option(help: "The day the night ends on (YYYY-MM-DD, \"yesterday\"); default: today.") var date: String?
    @Flag(help: "One JSON object.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let day = try Budget.day(date)
        let metrics = try view.state(DailyMetricsView.self, ledger: ledger).metrics(for: day)
        guard let score = SleepScore(metrics) else {
            if json {
                print(JSONWriter.string(["date": .string(day.description), "score": .null, "version": .int(Int64(SleepScore.version))]))
            } else {
                print("\(day): no sleep recorded for the night ending that day (sleep_total is empty in `healthledger daily`)")
            }
            return
        }
        if json {
            let parts = score.parts.map { part -> DocValue in
                .map([
                    "contributor": .string(part.contributor.rawValue), "value": .double(ShownNumber.clean(part.value)), "unit": .string(part.contributor.unit),
                    "score": .double(ShownNumber.clean(part.score)), "weight": .double(part.contributor.weight),
                ])
            }
            print(JSONWriter.string(["date": .string(day.description), "score": .double(ShownNumber.clean(score.score)), "version": .int(Int64(SleepScore.version)), "contributors": .array(parts)]))
            return
        }
        print("\(day): sleep score \(Int(score.score.rounded())) (v\(SleepScore.version))")
        for part in score.parts {
            print("  " + ModelFormat.pad(part.contributor.rawValue, 12) + ModelFormat.padLeft(String(format: "%.1f", part.value), 7) + " "
                + ModelFormat.pad(part.contributor.unit, 17) + ModelFormat.padLeft(String(Int(part.score.rounded())), 4) + "  × \(part.contributor.weight)")
        }
    }
}
