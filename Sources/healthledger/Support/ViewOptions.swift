import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

/// How a view command reads its projection: now, or as the ledger knew it at some point.
struct ViewOptions: ParsableArguments, ViewReading {
    @Option(help: "The view as it was when the log held its first N events.") var asOfSeq: UInt64?
    @Option(help: "The view as it was known at this recorded time (ISO 8601, \"yesterday 22:00\", \"3d ago\").") var asOf: String?
    @Flag(help: "When the vault's view is from another algorithm version, replay it first.") var autoReplay = false

    func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> P.State {
        try state(kind, ledger: ledger, part: .whole)
    }

    func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, part: ViewPart) throws -> P.State {
        var point = AsOf.now
        if let asOfSeq { point = .sequence(asOfSeq) } else if let asOf { point = .recorded(try LocalTime.instant(asOf)) }
        var progress: Progress?
        defer { progress?.finish() }
        do {
            return try VaultApplication.view(kind, ledger: ledger, at: point, part: part, autoReplay: autoReplay) { folded, total in
                progress = progress ?? Progress("bringing \(P.name) up to date", total: Int(total), unit: "events")
                progress?.update(Int(folded))
            }
        } catch let error as ProjectionVersionError {
            throw ExitStatus.Failure(status: .needsReplay, message: "\(error)")
        }
    }
}

extension ViewOptions {
    /// The daily metrics with mood and fatigue on the vault's rating scale, read from the
    /// query index's settings as of the same point; given `days`, only those need be right.
    func dailyMetrics(ledger: Ledger, days: ClosedRange<LocalDay>? = nil) throws -> DailyMetricsViewState {
        try VaultApplication.dailyMetrics(ledger: ledger, reading: self, days: days)
    }
}

/// `--from` / `--to` as local days.
struct DayRange: ParsableArguments {
    @Option(help: "First day (YYYY-MM-DD, \"7d ago\", \"yesterday\"; for `export daily` also earliest); default: 6 days before --to.") var from: String?
    @Option(help: "Last day; default: today.") var to: String?

    /// The days asked for; `--from earliest` is the day `earliest` gives, where the command has one.
    func days(defaultSpan: Int64 = 6, earliest: (() throws -> LocalDay)? = nil) throws -> ClosedRange<LocalDay> {
        let last = try to.map(LocalTime.day) ?? LocalTime.today
        let first: LocalDay
        if let earliest, from?.lowercased() == "earliest" {
            first = try earliest()
        } else {
            first = try from.map(LocalTime.day) ?? LocalDay(number: last.number - defaultSpan)
        }
        guard first <= last else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--from \(first) is after --to \(last)")
        }
        return first...last
    }
}

extension ClosedRange where Bound == LocalDay {
    var allDays: [LocalDay] { (lowerBound.number...upperBound.number).map(LocalDay.init(number:)) }
}
