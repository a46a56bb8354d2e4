import ArgumentParser
import DemoData
import Foundation
import LedgerApplication
import LedgerCore
import LedgerCrypto
import LedgerStore
import Projections

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill a vault with a realistic generated history of every kind, then list and audit it.")

    @Option(help: "Vault folder (default: a new temporary folder).", completion: .directory) var vault: String?
    @Option(help: "Days of history to generate.") var days = 30
    @Option(help: "The history's last day, YYYY-MM-DD (default: today), so that `daily`, `budget` and `last 30d` find it.") var until: String?
    @Option(help: "Seed, for a repeatable history.") var seed: UInt64 = 2026
    @OptionGroup var output: JSONOutput

    static let passphrase = "demo passphrase"

    func run() throws {
        let directory = vault ?? FileManager.default.temporaryDirectory.appendingPathComponent("healthledger-demo-\(getpid())").path
        var phrase = Array(Self.passphrase.utf8)
        let first = try firstDay()
        let (master, recoveryCode) = try VaultKeys.create(at: directory, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        if !output.json {
            print("1. Created demo vault \(directory)")
            print("   passphrase '\(Self.passphrase)' (a demo: real vaults use `init`), recovery code \(recoveryCode)")
        }

        let ledger = try Ledger(directory: directory, masterKey: master)
        var generator = DemoGenerator(seed: seed, firstDay: first.description)
        let progress = Progress("appending", total: days)
        var appended = try ledger.append(generator.setup()).appended.count
        let started = Date()
        // Ending today, the last day stops at this moment: a watch has not recorded the rest.
        let now = Timestamp.now()
        for index in 0..<days {
            appended += try ledger.append(generator.day(index).filter { ($0.end ?? $0.start) <= now }).appended.count
            progress.update(index + 1)
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        let kinds = try kindCounts(ledger)
        let amended = try amend(ledger)
        if output.json {
            let report = try ledger.audit()
            // The passphrase and recovery code are in it as the text form shows them: a demo's.
            var document: Document = [
                "vault": .string(directory), "passphrase": .string(Self.passphrase), "recoveryCode": .string(recoveryCode),
                "firstDay": .string(first.description), "lastDay": .string(LocalDay(number: first.number + Int64(days - 1)).description),
                "days": .int(Int64(days)), "appended": .int(Int64(appended)),
                "kinds": .map(Document(kinds.map { ($0.kind.rawValue, .int(Int64($0.count))) })),
            ]
            if let amended {
                document["corrected"] = .map(EventJSON.document(amended.corrected.event, sequence: amended.corrected.stored.sequence))
                document["retracted"] = .map(EventJSON.document(amended.retracted.event, sequence: amended.retracted.stored.sequence))
            }
            document["audit"] = .map([
                "clean": .bool(report.isClean), "recordsChecked": .int(Int64(report.recordsChecked)),
                "checkpointSize": .int(Int64(report.checkpoint?.size ?? 0)), "problems": .array(report.problems.map { .string("\($0)") }),
            ])
            output.print(document)
            if !report.isClean { throw ExitCode(ExitStatus.auditFailed.rawValue) }
            return
        }
        let statistics = try ledger.storageStatistics()
        print("2. Appended \(appended) events over \(days) days in \(String(format: "%.2f", seconds)) s")
        print("   kinds: \(kinds.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", "))")
        print("   sealed records average \(String(format: "%.1f", statistics.averageRecordBytes)) bytes (zstd dictionary trained on this vault's own events)")
        if let amended {
            print("3. Corrected mood \(EventReference.label(amended.corrected.stored.sequence, amended.corrected.event.id)) "
                + "and retracted \(EventReference.label(amended.retracted.stored.sequence, amended.retracted.event.id)) by appending two events (the originals stay)")
        }
        print("4. The last moods, as they read now (`healthledger log --kind mood --limit 5 --vault \(directory)`):")
        // The lines `log` prints, retracted moods hidden as there.
        for current in try CurrentView.build(ledger, include: { $0.kind == .moodRated }).filter({ !$0.isRetracted }).suffix(5) {
            print("   " + Log.line(current.stored.sequence, current.event, current.isCorrected ? " (corrected)" : "", json: false))
        }
        try showDailyMetrics(ledger, lastDay: days - 1, generator: generator, vault: directory)
        let report = try ledger.audit()
        print("6. Audit: \(report.recordsChecked) records opened, Merkle root matches the signed checkpoint (size \(report.checkpoint?.size ?? 0)): \(report.isClean ? "clean" : "FAILED")")
        for problem in report.problems { print("   \(problem)") }
        try showFaceModels(ledger, vault: directory)
        print("Try: healthledger log --vault \(directory) --passphrase-file <(echo '\(Self.passphrase)') --kind mood")
        if !report.isClean { throw ExitCode(ExitStatus.auditFailed.rawValue) }
    }

    /// The first generated day, so that the last is `--until` (or today).
    private func firstDay() throws -> LocalDay {
        guard days >= 1 else { throw ExitStatus.Failure(status: .invalidInput, message: "--days \(days): give at least 1") }
        let last: LocalDay
        if let until {
            guard let day = LocalDay(iso: until) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--until \(until) is not a day: write it as YYYY-MM-DD, e.g. 2026-03-31")
            }
            last = day
        } else {
            // Today where the demo's person lives (its history is laid out at that offset), not
            // on this machine's clock: near midnight the two name different days.
            last = LocalDay(.now(), utcOffset: DemoGenerator.defaultUTCOffset)
        }
        return LocalDay(number: last.number - Int64(days - 1))
    }

    /// Shows that history is never edited in place: a correction and a retraction are new
    /// events. Returns the two moods amended, as they read before.
    private func amend(_ ledger: Ledger) throws -> (corrected: CurrentEvent, retracted: CurrentEvent)? {
        let moods = try CurrentView.build(ledger, include: { $0.kind == .moodRated }).suffix(2)
        guard let corrected = moods.first, let retracted = moods.last else { return nil }
        var replacement = try corrected.event.decode(MoodRated.self)
        replacement.rating = min(replacement.scaleMax, replacement.rating + 1)
        replacement.note = "corrected: felt better than I logged"
        let now = Timestamp.now()
        try ledger.append([
            Event(EventCorrected(target: corrected.event.id, replacement: replacement, reason: "typo"), start: now, utcOffset: 0, causation: corrected.event.id),
            Event(EventRetracted(target: retracted.event.id, reason: "logged twice"), start: now, utcOffset: 0, causation: retracted.event.id),
        ])
        return (corrected, retracted)
    }

    /// The daily-metrics view of the last generated day, folded from the log.
    private func showDailyMetrics(_ ledger: Ledger, lastDay: Int, generator: DemoGenerator, vault: String) throws {
        let started = Date()
        let state = try ProjectionEngine.current(DailyMetricsView.self, ledger: ledger)
        let day = LocalDay(number: generator.dayNumber(lastDay))
        let metrics = try state.metrics(for: day)
        let shown = ["step_count", "active_energy", "heart_rate_avg", "resting_heart_rate", "sleep_total", "bedtime", "wake_time", "body_mass", "mood_avg", "dietary_energy"]
        let parts = shown.compactMap { key in metrics[key].map { "\(key) \(Daily.format($0))" } }
        print("5. Daily metrics for \(day), folded from the log in \(String(format: "%.2f", Date().timeIntervalSince(started))) s (`healthledger daily --vault \(vault)`, `healthledger export daily DIR --vault \(vault)`):")
        print("   " + parts.joined(separator: " · "))
    }

    /// How many events of each kind the log holds, in the kinds' order.
    private func kindCounts(_ ledger: Ledger) throws -> [(kind: EventKind, count: Int)] {
        var counts: [EventKind: Int] = [:]
        try ledger.forEach { counts[$0.event.kind, default: 0] += 1; return true }
        return EventKind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
    }
}
