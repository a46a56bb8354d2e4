import Foundation
import Testing
import TestSupport

/// Everyday commands open a bounded number of records whatever the log's length, read
/// through the store indexes, which `audit` checks and a vault made before them gains once.
@Suite(.serialized) struct StoreIndexCLITests {
    /// A vault of `moods` mood events (ids 1…moods), an activity defined and some events after.
    static func vault(moods: Int) throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<moods))
        try vault.ok(["append", "activity.defined", "name=Reading"])
        try vault.ok(["fatigue", "3"])
        try vault.ok(["mood", "6"])
        return vault
    }

    /// Records opened by `arguments`, as `HEALTHLEDGER_READ_STATS` reports them.
    static func recordsOpened(_ vault: CLIVault, _ arguments: [String]) throws -> Int {
        let file = vault.root + "/read-stats-\(UUID().uuidString)"
        try vault.ok(arguments, environment: ["HEALTHLEDGER_READ_STATS": file])
        let line = try String(contentsOfFile: file, encoding: .utf8)
        let field = try #require(line.split(separator: " ").first { $0.hasPrefix("recordsOpened=") })
        return try #require(Int(field.dropFirst("recordsOpened=".count)))
    }

    /// What each everyday command opens, in order, on a vault of `moods` moods.
    static func costs(moods: Int) throws -> [String: Int] {
        let vault = try Self.vault(moods: moods)
        let target = String(format: "%032x", 1), other = String(format: "%032x", 2)
        var costs: [String: Int] = [:]
        for arguments in [
            ["log", "--limit", "5"], ["log", "--kind", "mood", "--limit", "5"], ["log", "--limit", "5", "--raw", "--json"],
            ["show", target], ["correct", target, "rating=3"], ["show", target], ["retract", other],
            ["start", "Reading"], ["start", "Walking", "Talking"], ["stop", "Reading"], ["stop", "--last"],
            ["start", "Reading", "--from-last-stop"], ["stop", "--all"], ["log", "--kind", "mood", "--limit", "5"],
        ] {
            costs[arguments.joined(separator: " "), default: 0] += try recordsOpened(vault, arguments)
        }
        return costs
    }

    @Test func everydayCommandsOpenAsManyRecordsAt20kAsAt1k() throws {
        let small = try Self.costs(moods: 1_000)
        let large = try Self.costs(moods: 20_000)
        #expect(small == large)
        for (command, opened) in large { #expect(opened <= 20, "\(command) opened \(opened) records") }
    }

    @Test func theReadCounterCountsAWholeLogPass() throws {
        let vault = try Self.vault(moods: 300)
        #expect(try Self.recordsOpened(vault, ["log", "--raw"]) >= 303)
    }

    @Test func logWithLimitShowsWhatTheWholeLogPassShows() throws {
        let vault = try Self.vault(moods: 200)
        try vault.ok(["correct", String(format: "%032x", 198), "rating=2"])
        try vault.ok(["retract", String(format: "%032x", 199)])
        try vault.ok(["start", "Reading"])
        for filters in [[], ["--kind", "mood"], ["--kind", "mood", "--kind", "activity"], ["--raw"], ["--json"], ["--text", "\"rating\":2"],
                        ["--from", "2026-04-01T07:00:00+02:00", "--to", "2026-04-01T09:00:00+02:00"], ["--source", "nothing"]] {
            let all = try vault.ok(["log"] + filters).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for limit in [1, 4, 50, 500] {
                let limited = try vault.ok(["log", "--limit", "\(limit)"] + filters).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(Array(limited) == Array(all.suffix(limit)), "log \(filters) --limit \(limit)")
            }
        }
    }

    @Test func aVaultMadeBeforeTheIndexesIsIndexedOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        try vault.ok(["correct", String(format: "%032x", 7), "rating=2"])
        try vault.ok(["start", "Reading"])
        let before = try vault.ok(["log", "--limit", "10"])
        let tampering = VaultTampering(path: vault.path)
        for name in ["index.kind", "index.amendments", "index.activities"] { try tampering.drop(name) }
        try tampering.delete("meta", keys: [Array("indexes.covered".utf8)])

        let first = try vault.run(["log", "--limit", "10"])
        #expect(first.status == 0)
        #expect(first.stdout == before)
        #expect(first.stderr.contains("indexed 55 events by kind, by amended id and running activity (this vault was made before the log had store indexes); this is done once"), "\(first.stderr)")
        let second = try vault.run(["log", "--limit", "10"])
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(try vault.ok(["stop"]).contains("activity.stopped Reading"))
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func auditNamesATamperedIndexEntryBySequence() throws {
        let vault = try Self.vault(moods: 30)
        try vault.ok(["correct", String(format: "%032x", 4), "rating=2"])
        try vault.ok(["start", "Reading"])
        #expect(try vault.ok(["audit"]).contains("audit clean"))
        let tampering = VaultTampering(path: vault.path)
        let kinds = try tampering.entries("index.kind")
        func sequence(_ key: [UInt8]) -> UInt64 { key.suffix(8).reduce(0) { $0 << 8 | UInt64($1) } }
        let entryOf12 = try #require(kinds.first { sequence($0.key) == 12 })
        // Missing: the entry of sequence 12. Extra: one of its kind at 31, the fatigue event.
        try tampering.delete("index.kind", keys: [entryOf12.key])
        try tampering.put("index.kind", [(Array(entryOf12.key.prefix(8)) + [0, 0, 0, 0, 0, 0, 0, 31], [])])
        let amendment = try #require(try tampering.entries("index.amendments").first)
        try tampering.delete("index.amendments", keys: [amendment.key])
        let result = try vault.run(["audit"])
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM index at sequence 12: the kind index has no entry for this mood.rated event"), "\(result.stdout)")
        #expect(result.stdout.contains("PROBLEM index at sequence 31: the kind index lists it as mood.rated, which it is not"), "\(result.stdout)")
        #expect(result.stdout.contains("PROBLEM index at sequence 33: the amendment index lacks this amendment"), "\(result.stdout)")
        #expect(try vault.ok(["replay"]).contains("store indexes: rebuilt from 35 events"))
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func auditNamesRunningActivitiesThatDisagreeWithTheLog() throws {
        let vault = try Self.vault(moods: 5)
        try vault.ok(["start", "Reading"])
        let tampering = VaultTampering(path: vault.path)
        let stored = try #require(try tampering.entries("index.activities").first)
        try vault.ok(["stop", "Reading"])
        // Rolled back to the sealed value from before the stop: it still opens.
        try tampering.put("index.activities", [stored])
        let result = try vault.run(["audit"])
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM index at sequence 8: the running activities index disagrees with the starts and stops in the log (running: #8)"), "\(result.stdout)")
    }
}
