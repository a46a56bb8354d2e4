import ArgumentParser
import Foundation
import HealthImport
import LedgerCore
import LedgerStore

/// What every folder import takes: the time zone of its local times and the output form.
struct ImportOptions: ParsableArguments {
    @Option(help: "IANA time zone the files' local dates and times were written in (default: this machine's, e.g. Europe/Paris).")
    var zone: String?

    @Flag(help: "Print the summary as one JSON object on stdout.") var json = false

    func clock() throws -> LocalClock { try Self.clock(zone: zone) }

    /// The clock of `--zone` (nil: this machine's zone).
    static func clock(zone: String?) throws -> LocalClock {
        guard let zone else { return LocalClock(zone: .current) }
        guard let named = TimeZone(identifier: zone) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--zone \(zone) is not an IANA time zone name (like Europe/Paris)")
        }
        return LocalClock(zone: named)
    }

    /// Checks, stores, catches views up and prints the summary, as every import does.
    func run<S: ImportSource>(_ source: S, into ledger: Ledger, vault: VaultOptions, input: String, unit: String) throws {
        try Self.run(source, into: ledger, vault: vault, input: input, unit: unit, json: json)
    }

    /// The same, for an import whose files say their own offsets and so take no --zone.
    @discardableResult
    static func run<S: ImportSource>(_ source: S, into ledger: Ledger, vault: VaultOptions, input: String, unit: String, json: Bool) throws -> ImportSummary {
        let started = Date()
        var progress: Progress?
        var phase: ImportPhase?
        let summary = try source.run(into: ledger) { current, done, total in
            if current != phase {
                progress?.finish()
                progress = Progress(current == .checking ? "checking \(unit)" : "storing \(unit)", total: total, unit: unit)
                phase = current
            }
            progress?.update(done)
        }
        progress?.finish()
        vault.catchUpViews(ledger)
        ImportReport.print(summary, input: input, seconds: Date().timeIntervalSince(started), json: json)
        return summary
    }
}
