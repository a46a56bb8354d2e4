import Foundation
import Testing
import TestSupport

/// Issue 39's upgrade path on a vault the previous release (e03eaa4) made of the case
/// fixtures: the views ask for `replay`, `replay` says what it changes, and importing the
/// same files again stores exactly what that release lost — the meal it took for a copy,
/// and the rates and offsets of its heartbeat series, as corrections — and nothing twice.
@Suite struct PreviousReleaseUpgradeTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HealthImportTests/Fixtures/previous-release-vault").path

    /// A copy of the fixture vault, with its own witness folder: the copies share a vault id.
    final class Copy {
        let root: String
        let vault: String
        let passphraseFile: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-previous-\(UUID().uuidString)").path
            vault = root + "/vault"
            passphraseFile = root + "/passphrase"
            try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
            for file in ["data.mdb", "vault.json"] {
                try FileManager.default.copyItem(atPath: PreviousReleaseUpgradeTests.fixture + "/" + file, toPath: vault + "/" + file)
            }
            umask(0o077)
            try "previous release\n".write(toFile: passphraseFile, atomically: true, encoding: .utf8)
        }

        func run(_ arguments: [String]) throws -> CLI.Result {
            try CLI.run(arguments + ["--vault", vault, "--passphrase-file", passphraseFile], environment: ["XDG_STATE_HOME": root + "/state"])
        }

        func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let result = try run(arguments)
            #expect(result.status == 0, "healthledger \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
            return result.stdout
        }

        func importCase(_ name: String) throws -> [String: Any] {
            try ExportFidelityTests.json(ok(["import", "apple-health", ExportFidelityTests.cases + "/\(name)/export.xml", "--json"]))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func theViewsAskForReplayWhichSaysWhatChanges() throws {
        let copy = try Copy()
        let daily = try copy.run(["daily", "--from", "2017-07-10", "--to", "2017-07-10"])
        #expect(daily.status == 13)
        #expect(daily.stderr.contains("computed by algorithm v3 and this healthledger computes v6: run `healthledger replay daily-metrics`"), "\(daily.stderr)")
        let replay = try copy.ok(["replay"])
        #expect(replay.contains("replayed daily-metrics v3 → v6"), "\(replay)")
        // The old days read by this version: the night that names Asia/Jerusalem moves; the
        // others (repeats, naps) already read as replay leaves them, and are counted so.
        #expect(replay.contains("daily-metrics v6 changed 11 days; bedtime mean +1.00, wake_time mean +1.00; 10 stored anew, reading as before\n"), "\(replay)")
        #expect(replay.contains("2017-07-10: bedtime +1.00"), "\(replay)")
        let night = try ExportFidelityTests.json(copy.ok(["daily", "--from", "2017-07-10", "--to", "2017-07-10", "--json"]))["metrics"] as? [String: Double]
        #expect(night?["bedtime"] == 23.5 && night?["wake_time"] == 7)
        #expect(try copy.ok(["audit"]).contains("audit clean"))
    }

    /// Calorie credit (its settings keep each day with inputs since v4) and the query index
    /// (its series directory keeps each month's fields since v5) ask for a replay, which reads
    /// their old partitions to say what changed, and then answer.
    @Test func calorieCreditAndQueryIndexStoredBeforeRemovalsWereUndoneAskForReplay() throws {
        let copy = try Copy()
        let budget = try copy.run(["budget", "--date", "2017-07-10"])
        #expect(budget.status == 13)
        #expect(budget.stderr.contains("calorie-credit view was computed by algorithm v2 and this healthledger computes v4"), "\(budget.stderr)")
        let query = try copy.run(["query", "dietary_energy count", "--format", "csv"])
        #expect(query.status == 13)
        #expect(query.stderr.contains("query-index view was computed by algorithm v3 and this healthledger computes v5"), "\(query.stderr)")
        let replay = try copy.ok(["replay"])
        #expect(replay.contains("replayed calorie-credit v2 → v4"), "\(replay)")
        #expect(replay.contains("calorie-credit v4 changed the inputs of 0 days and the settings\n"), "\(replay)")
        #expect(replay.contains("replayed query-index v3 → v5"), "\(replay)")
        #expect(try copy.ok(["budget", "--date", "2017-07-10"]).hasPrefix("2017-07-10  budget 2000 kcal"))
        #expect(try copy.ok(["query", "dietary_energy count", "--format", "csv"]) == "dietary_energy count (count)\n1\n")
    }

    @Test func importingTheSameFilesAgainStoresExactlyWhatWasLostOnce() throws {
        let copy = try Copy()
        try copy.ok(["replay"])
        let meals = try copy.importCase("distinct-records")
        #expect(meals["stored"] as? Int == 2, "the bagel and its correlation: \(meals)")
        #expect(meals["alreadyStored"] as? Int == 3)

        let stale = try copy.run(["log", "--json", "--kind", "heartbeats.recorded"]).stdout
        #expect(!stale.contains("\"bpm\""), "the previous release kept no rates: \(stale)")
        let beats = try copy.importCase("heartbeats")
        #expect(beats["correctedSeries"] as? Int == 2, "\(beats)")
        #expect(beats["stored"] as? Int == 2, "one correction per series: \(beats)")
        #expect(beats["alreadyStored"] as? Int == 4)
        let text = try copy.ok(["import", "apple-health", ExportFidelityTests.cases + "/heartbeats/export.xml"])
        #expect(text.contains("0 stored, 4 already stored"), "\(text)")
        #expect(!text.contains("Corrected:"), "an import run again corrects nothing: \(text)")

        let series = try copy.ok(["log", "--json", "--kind", "heartbeats.recorded"]).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }.sorted { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") }
        let payloads = series.map(ExportFidelityTests.payload)
        #expect(payloads.map { ($0["offsets"] as? [Double] ?? []).map { ($0 * 100).rounded() / 100 } } == [[1.5, 40], [1.12, 2.05, 2.98]])
        #expect(payloads.map { $0["bpm"] as? [Double] ?? [] } == [[58, 57], [62, 64, 65]])

        for name in ["lived-zone", "repeats", "routes", "workout-statistics"] {
            let again = try copy.importCase(name)
            #expect(again["stored"] as? Int == 0, "\(name): \(again)")
        }
        let day = try ExportFidelityTests.json(copy.ok(["daily", "--from", "2017-11-11", "--to", "2017-11-11", "--json"]))["metrics"] as? [String: Double]
        #expect(day?["dietary_energy"] == 2433)
        #expect(try copy.ok(["audit"]).contains("audit clean"))
    }

    /// The FHIR file reads a corrected series as it reads now: the rates the correction brought.
    @Test func aBundleOfTheUpgradedVaultCarriesTheCorrectedBeats() throws {
        let copy = try Copy()
        try copy.ok(["replay"])
        _ = try copy.importCase("heartbeats")
        let rates = try FHIRExportTests.bundledFHIREntries(extractedTo: copy.root + "/extracted") { _ = try copy.ok($0) }.map(\.resource)
            .filter { FHIRExportTests.loinc($0["code"]) == ["8867-4"] }
            .map { "\($0["effectiveDateTime"] as? String ?? "-") \((($0["valueQuantity"] as? [String: Any])?["value"] as? Double) ?? 0)" }
        #expect(rates.sorted() == [
            "2021-01-16T00:59:31.5+02:00 58.0", "2021-01-16T01:00:10+02:00 57.0",
            "2021-02-01T09:33:01.12+02:00 62.0", "2021-02-01T09:33:02.05+02:00 64.0", "2021-02-01T09:33:02.98+02:00 65.0",
        ])
    }
}
