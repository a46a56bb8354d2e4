import ArgumentParser
import Foundation
import LedgerCore
import Projections

struct Daily: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily",
        abstract: "Daily metrics (ShareHealth's 100+ columns and the ledger's own), per local day.")
    @OptionGroup var range: DayRange
    @Flag(help: "One JSON object per day.") var json = false
    @Flag(help: "CSV: the header row, then one row per day.") var csv = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if json, csv { throw ValidationError("choose one of --json and --csv") }
    }

    func run() throws {
        let ledger = try vault.openLedger()
        let days = try range.days()
        let state = try view.dailyMetrics(ledger: ledger, days: days)
        try state.readAhead(days: days.allDays)
        let rows = try days.allDays.map { try state.metrics(for: $0) }
        if csv {
            print(DailyCSV.header(ratingScale: state.ratingScale))
            for row in rows { print(DailyCSV.row(row)) }
            return
        }
        for row in rows {
            let present = MetricCatalog.columns.indices.compactMap { index in row.values[index].map { (MetricCatalog.columns[index], $0) } }
            if json {
                var values = Document()
                for (column, value) in present { values[column.key] = .double(Self.shown(value, column)) }
                print(JSONWriter.string(["date": .string(row.day.description), "metrics": .map(values)]))
            } else {
                print(row.day.description + (present.isEmpty ? "  (no data)" : ""))
                for (column, value) in present { print("  \(column.header(on: state.ratingScale)): \(Self.format(Self.shown(value, column)))") }
            }
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    static func shown(_ value: Double, _ column: MetricColumn) -> Double { column.shown(value) }
}
