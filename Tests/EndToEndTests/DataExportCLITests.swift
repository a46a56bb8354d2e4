import Foundation
import Testing
import TestSupport

/// `export sqlite` and `export parquet` through the CLI: the warning, the refusals, the
/// private files and the incremental re-run. (Tools/check-exports.sh reads the outputs
/// with Datasette, pyarrow, DuckDB and Spark.)
struct DataExportCLITests {
    /// Runs the CLI under a permissive umask, so the modes it creates are its own doing.
    static func exportRun(_ vault: CLIVault, _ arguments: [String]) throws -> CLI.Result {
        let command = ([CLI.binary] + arguments + ["--vault", vault.path, "--passphrase-file", vault.passphraseFile])
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try CLI.run(["-c", "umask 022; exec \(command)"], executable: "/bin/sh")
    }

    static func summary(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func sqlite(_ file: String, _ query: String) throws -> String {
        try ExternalTool.run("sqlite3", [file, query]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func sqliteReRunAddsOnlyWhatIsNewAndDropsWhatWasRetracted() throws {
        let vault = try CLIVault()
        for (index, rating) in ["6", "7", "8"].enumerated() {
            try vault.ok(["mood", rating, "--at", "2026-03-0\(index + 1)T09:00:00+01:00"])
        }
        let file = vault.root + "/health.db"
        let first = try Self.exportRun(vault, ["export", "sqlite", file, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("plaintext"))
        #expect(try Self.mode(file) == 0o600)
        let firstSummary = try Self.summary(first)
        #expect(firstSummary["incremental"] as? Bool == false)
        #expect((firstSummary["rows"] as? [String: Int])?["moods"] == 3)
        #expect(try Self.sqlite(file, "SELECT value FROM export_state WHERE key = 'next_sequence'") == "\(firstSummary["to_sequence"]!)")

        let retracted = try #require(try vault.rawEvents().first { $0["kind"] as? String == "mood.rated" }?["id"] as? String)
        try vault.ok(["retract", retracted])
        try vault.ok(["mood", "9", "--at", "2026-03-04T09:00:00+01:00"])
        let second = try Self.exportRun(vault, ["export", "sqlite", file, "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        let secondSummary = try Self.summary(second)
        #expect(secondSummary["incremental"] as? Bool == true)
        #expect(secondSummary["from_sequence"] as? Int == firstSummary["to_sequence"] as? Int)
        #expect((secondSummary["rows"] as? [String: Int]) == ["moods": 2])
        #expect(try Self.sqlite(file, "SELECT group_concat(rating, ',') FROM (SELECT rating FROM moods ORDER BY start)") == "7.0,8.0,9.0")
        #expect(try Self.sqlite(file, "SELECT count(*) FROM moods WHERE id = '\(retracted)'") == "0")
        #expect(try Self.sqlite(file, "SELECT count(*) FROM daily_metrics") == "4")
        #expect(try Self.sqlite(file, "PRAGMA foreign_key_check") == "")

        let third = try Self.exportRun(vault, ["export", "sqlite", file, "--json"])
        #expect((try Self.summary(third)["rows"] as? [String: Int]) == [:])
    }

    /// `export parquet --from --to` holds the events that started on those days, each on its
    /// own local day (a mood at 23:30 at -05:00 is the next day in UTC), as they read now, and
    /// those days' metrics: the same through the day index (up to a year) as through a pass
    /// over the log (a longer range).
    @Test func parquetOfARangeOfDaysHoldsTheEventsThatStartedOnThem() throws {
        let vault = try CLIVault()
        for (day, rating) in [(1, 5), (2, 6), (3, 7), (4, 8), (5, 9)] {
            try vault.ok(["mood", "\(rating)", "--at", "2026-03-0\(day)T23:30:00-05:00"])
        }
        let moods = try vault.rawEvents().filter { $0["kind"] as? String == "mood.rated" }.compactMap { $0["id"] as? String }
        try vault.ok(["retract", moods[2]])
        try vault.ok(["correct", moods[3], "rating=2"])
        for (from, days) in [("2026-03-02", 3), ("2025-01-01", 428)] {
            let folder = vault.root + "/parquet-\(from)"
            let written = try Self.exportRun(vault, ["export", "parquet", folder, "--from", from, "--to", "2026-03-04", "--json"])
            #expect(written.status == 0, "\(written.stderr)")
            let summary = try Self.summary(written)
            #expect((summary["rows"] as? [String: Int])?["moods"] == (days == 3 ? 2 : 3), "from \(from): the retracted mood of the 3rd is left out, the 5th's is not in range")
            #expect(summary["days"] as? Int == days, "from \(from)")
            #expect((summary["rows"] as? [String: Int])?["daily_metrics"] == days, "from \(from)")
        }
        let backwards = try Self.exportRun(vault, ["export", "parquet", vault.root + "/backwards", "--from", "2026-03-04", "--to", "2026-03-02"])
        #expect(backwards.status == 65, "\(backwards.stderr)")
        #expect(backwards.stderr.contains("--from 2026-03-04 is after --to 2026-03-02"), "\(backwards.stderr)")
    }

    @Test func kindsWithoutAFamilyTableAreRowsOfOtherEventsNotDropped() throws {
        let vault = try CLIVault()
        try vault.ok(["settings", "set", "ratings.scale", "1-5"])
        let reading = #"{"kind":"correlation.recorded","start":"2026-03-02T08:00:00+01:00","payload":{"type":"HKCorrelationTypeIdentifierBloodPressure","samples":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":121,"unit":"mmHg"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":79,"unit":"mmHg"}]}}"#
        try vault.ok(["append", "--jsonl", "-"], stdin: reading + "\n")
        let file = vault.root + "/health.db"
        let result = try Self.exportRun(vault, ["export", "sqlite", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.sqlite(file, "SELECT group_concat(kind, ',') FROM (SELECT kind FROM other_events ORDER BY sequence)")
            == "setting.changed,correlation.recorded")
        #expect(try Self.sqlite(file, "SELECT json_extract(payload, '$.samples[0].value') FROM other_events WHERE kind = 'correlation.recorded'") == "121")
        #expect(try Self.sqlite(file, "SELECT local_day FROM other_events WHERE kind = 'correlation.recorded'") == "2026-03-02")
    }

    @Test func anExportThatCannotBeWrittenSaysWhereAndWhatToDo() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6"])
        let file = vault.root + "/no-such-folder/health.db"
        let result = try Self.exportRun(vault, ["export", "sqlite", file])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write \(file)"), "\(result.stderr)")
        #expect(result.stderr.contains("check that its folder exists and you may write there, then run again"), "\(result.stderr)")
    }

    @Test func sqliteRefusesToFillAFileAnotherUserMadeOrOthersMayRead() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6"])
        let file = vault.root + "/shared.db"
        // The attacker's copy of an earlier export: this vault's id in export_state, 0666, owned by nobody.
        #expect(try Self.exportRun(vault, ["export", "sqlite", file]).status == 0)
        try vault.ok(["mood", "7"])
        let planted = try Data(contentsOf: URL(fileURLWithPath: file))
        for owner in [UInt32(65_534), geteuid()] {
            try planted.write(to: URL(fileURLWithPath: file))
            #expect(chmod(file, 0o666) == 0 && chown(file, owner, getegid()) == 0)
            let refused = try Self.exportRun(vault, ["export", "sqlite", file])
            #expect(refused.status == 73, "owner \(owner): \(refused.stderr)")
            #expect(refused.stderr.contains(owner == 65_534 ? "belongs to another user" : "may be read or written by others (mode 666)"), "\(refused.stderr)")
            #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == planted, "not filled in place")
            #expect(try Self.mode(file) == 0o666)
        }
        // --force replaces it with a new file of ours, 0600, holding both moods.
        let forced = try Self.exportRun(vault, ["export", "sqlite", file, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.mode(file) == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.ownerAccountID] as? UInt == UInt(geteuid()))
        #expect(try Self.sqlite(file, "SELECT count(*) FROM moods") == "2")
        // A journal someone else left beside our own export is refused the same way.
        let journal = file + "-journal"
        FileManager.default.createFile(atPath: journal, contents: Data(), attributes: [.posixPermissions: 0o666])
        #expect(chown(journal, 65_534, getegid()) == 0)
        let withJournal = try Self.exportRun(vault, ["export", "sqlite", file])
        #expect(withJournal.status == 73, "\(withJournal.stderr)")
        #expect(withJournal.stderr.contains("shared.db-journal belongs to another user"), "\(withJournal.stderr)")
    }

    @Test func exportsRefuseToOverwriteUnlessForced() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6"])
        let file = vault.root + "/notes.db"
        try "not a database".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try Self.exportRun(vault, ["export", "sqlite", file])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--force"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a database")
        #expect(try Self.exportRun(vault, ["export", "sqlite", file, "--force"]).status == 0)
        #expect(try Self.sqlite(file, "SELECT count(*) FROM moods") == "1")

        let folder = vault.root + "/parquet"
        let written = try Self.exportRun(vault, ["export", "parquet", folder])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("plaintext"))
        #expect(try Self.mode(folder) == 0o700)
        #expect(try Self.mode(folder + "/moods") == 0o700)
        #expect(try Self.mode(folder + "/moods/part-0.parquet") == 0o600)
        let again = try Self.exportRun(vault, ["export", "parquet", folder])
        #expect(again.status == 73)
        #expect(again.stderr.contains("--force"))
        try vault.ok(["mood", "7"])
        let forced = try Self.exportRun(vault, ["export", "parquet", folder, "--force", "--json"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect((try Self.summary(forced)["rows"] as? [String: Int])?["moods"] == 2)
    }
}
