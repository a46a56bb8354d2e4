import Foundation
import Testing
import TestSupport

/// `audit --since CHECKPOINT_FILE`: what was appended after a checkpoint you kept is proven
/// by opening only that, and a log that does not grow from the checkpoint is refused.
@Suite struct IncrementalAuditTests {
    /// Runs as on another machine: no witness there refuses the copies these tests put in place.
    static func elsewhere(_ vault: CLIVault, _ arguments: [String], stdin: String? = nil, stats: String? = nil) throws -> CLI.Result {
        var environment = ["XDG_STATE_HOME": vault.root + "/another-machine"]
        if let stats { environment["HEALTHLEDGER_READ_STATS"] = stats }
        return try CLI.run(arguments + ["--vault", vault.path, "--passphrase-file", vault.passphraseFile], stdin: stdin, environment: environment)
    }

    /// A vault of `kept` moods, its checkpoint exported, then `appended` more.
    static func vault(kept: Int, appended: Int) throws -> (vault: CLIVault, checkpoint: String) {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<kept))
        let checkpoint = vault.root + "/kept-checkpoint"
        try vault.ok(["checkpoint", "export", checkpoint])
        for start in stride(from: kept, to: kept + appended, by: 7) {
            try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(start..<min(start + 7, kept + appended)))
        }
        return (vault, checkpoint)
    }

    static func recordsOpened(_ statsFile: String) throws -> Int { try statistic("recordsOpened", statsFile) }

    /// The count `name` of the last command that wrote to `statsFile`.
    static func statistic(_ name: String, _ statsFile: String) throws -> Int {
        try ReadStatisticsLine.last(inFile: statsFile).count(name)
    }

    @Test(arguments: [1_000, 9_000])
    func opensOnlyWhatWasAppendedWhateverTheLogHeld(kept: Int) throws {
        let (vault, checkpoint) = try Self.vault(kept: kept, appended: 50)
        let stats = vault.root + "/read-stats"
        let result = try Self.elsewhere(vault, ["audit", "--since", checkpoint], stats: stats)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("audited 50 records appended since the checkpoint of \(kept)"), "\(result.stdout)")
        #expect(result.stdout.contains("consistent: the log only grew since the checkpoint (\(kept) → \(kept + 50) events)"), "\(result.stdout)")
        #expect(try Self.recordsOpened(stats) == 50)
        // The views' partitions grow with the log: each read checks those it reads, and the
        // full audit hashes them all.
        #expect(try Self.statistic("partitionsOpened", stats) == 0)
        let full = try Self.elsewhere(vault, ["audit"], stats: stats)
        #expect(full.status == 0, "\(full.stdout)")
        #expect(try Self.recordsOpened(stats) == kept + 50, "the full audit still opens everything")
        #expect(try Self.statistic("partitionsOpened", stats) > 0, "the full audit still hashes every view partition")
    }

    @Test func aRecordChangedAfterTheCheckpointIsNamed() throws {
        let (vault, checkpoint) = try Self.vault(kept: 500, appended: 40)
        try VaultTampering(path: vault.path).flipByte(ofRecord: 523)
        let result = try Self.elsewhere(vault, ["audit", "--since", checkpoint])
        #expect(result.status == 10, "\(result.stdout)")
        #expect(result.stdout.contains("PROBLEM modified at sequence 523:"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "PROBLEM").count == 2, "only that record is named: \(result.stdout)")
    }

    /// The store index entries of the new events are proven too: a missing or invented kind
    /// entry after the checkpoint, a missing amendment entry and a rolled-back running
    /// activities index are named, as the full audit names them.
    @Test func tamperedStoreIndexEntriesAfterTheCheckpointAreNamed() throws {
        let (vault, checkpoint) = try Self.vault(kept: 100, appended: 20)
        try vault.ok(["correct", String(format: "%032x", 110), "rating=2"])
        try vault.ok(["start", "Reading"])
        let tampering = VaultTampering(path: vault.path)
        let activities = try #require(try tampering.entries("index.activities").first)
        try vault.ok(["stop", "Reading"])
        try vault.ok(["checkpoint", "export", vault.root + "/clean-check"])
        #expect(try Self.elsewhere(vault, ["audit", "--since", checkpoint]).stdout.contains("audit clean"))

        func sequence(_ key: [UInt8]) -> UInt64 { key.suffix(8).reduce(0) { $0 << 8 | UInt64($1) } }
        let entryOf112 = try #require(try tampering.entries("index.kind").first { sequence($0.key) == 112 })
        try tampering.delete("index.kind", keys: [entryOf112.key])
        // Sequence 121 is the start: listed as a mood it is not.
        try tampering.put("index.kind", [(Array(entryOf112.key.prefix(8)) + [0, 0, 0, 0, 0, 0, 0, 121], [])])
        let amendment = try #require(try tampering.entries("index.amendments").first)
        try tampering.delete("index.amendments", keys: [amendment.key])
        try tampering.put("index.activities", [activities])
        let result = try Self.elsewhere(vault, ["audit", "--since", checkpoint])
        #expect(result.status == 10, "\(result.stdout)")
        for problem in [
            "PROBLEM index at sequence 112: the kind index has no entry for this mood.rated event",
            "PROBLEM index at sequence 121: the kind index lists it as mood.rated, which it is not",
            "PROBLEM index at sequence 120: the amendment index lacks this amendment",
            "the running activities index disagrees with the starts and stops in the log",
        ] {
            #expect(result.stdout.contains(problem), "\(problem)\n\(result.stdout)")
        }
    }

    @Test func aVaultRolledBackBehindTheCheckpointIsRefused() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<100))
        let older = vault.root + "/older"
        try FileManager.default.copyItem(atPath: vault.path, toPath: older)
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(100..<150))
        let checkpoint = vault.root + "/kept-checkpoint"
        try vault.ok(["checkpoint", "export", checkpoint])
        try FileManager.default.removeItem(atPath: vault.path)
        try FileManager.default.copyItem(atPath: older, toPath: vault.path)

        let result = try Self.elsewhere(vault, ["audit", "--since", checkpoint])
        #expect(result.status == 11, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ROLLBACK: the checkpoint covers 150 events but the vault holds 100"), "\(result.stdout)")
        #expect(!result.stdout.contains("audit clean"))
    }

    @Test func aLogRewrittenBeforeTheCheckpointIsRefused() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<100))
        let older = vault.root + "/older"
        try FileManager.default.copyItem(atPath: vault.path, toPath: older)
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(100..<120))
        let checkpoint = vault.root + "/kept-checkpoint"
        try vault.ok(["checkpoint", "export", checkpoint])
        // The older copy, given other events by someone with the key: longer, but not a continuation.
        try FileManager.default.removeItem(atPath: vault.path)
        try FileManager.default.copyItem(atPath: older, toPath: vault.path)
        #expect(try Self.elsewhere(vault, ["append", "--jsonl", "-"], stdin: MoodEvents.lines(500..<530)).status == 0)

        let result = try Self.elsewhere(vault, ["audit", "--since", checkpoint])
        #expect(result.status == 11, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("REWRITTEN: the first 120 records no longer hash to the root the checkpoint signed"), "\(result.stdout)")
        #expect(!result.stdout.contains("audit clean"))
    }

    @Test func aCheckpointOfAnotherVaultIsRefused() throws {
        let (vault, _) = try Self.vault(kept: 20, appended: 5)
        let (other, otherCheckpoint) = try Self.vault(kept: 10, appended: 0)
        _ = other
        let result = try Self.elsewhere(vault, ["audit", "--since", otherCheckpoint])
        #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(otherCheckpoint): the checkpoint for 'healthledger.local/vault/"), "\(result.stderr)")
        #expect(result.stderr.contains("has no signature by this vault's key"), "\(result.stderr)")
        #expect(result.stderr.contains("give a checkpoint that `healthledger checkpoint export` wrote from it"), "\(result.stderr)")
    }

    @Test func damagedTreeEdgesAreNamedAndTheNewRecordsStillProven() throws {
        let (vault, checkpoint) = try Self.vault(kept: 300, appended: 30)
        let tampering = VaultTampering(path: vault.path)
        let edge = try #require(try tampering.entries("treeEdges").first { $0.key == VaultTampering.bigEndian(300) })
        try tampering.put("treeEdges", [(edge.key, edge.value.map { $0 ^ 0xff })])

        let since = try Self.elsewhere(vault, ["audit", "--since", checkpoint])
        #expect(since.status == 10, "\(since.stdout)")
        #expect(since.stdout.contains("PROBLEM index at sequence 299: the stored tree edges at size 300 do not hash to the root the checkpoint signed, though the records do"), "\(since.stdout)")
        #expect(since.stdout.contains("consistent: the log only grew since the checkpoint (300 → 330 events)"), "\(since.stdout)")
        let full = try Self.elsewhere(vault, ["audit"])
        #expect(full.status == 10, "\(full.stdout)")
        #expect(full.stdout.contains("PROBLEM index at sequence 299: the stored tree edge at size 300 is not the root of the records that end there"), "\(full.stdout)")

        let replay = try Self.elsewhere(vault, ["replay"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("tree edges: rebuilt from 330 records"), "\(replay.stdout)")
        #expect(replay.stdout.contains(", 1 replaced"), "\(replay.stdout)")
        #expect(try Self.elsewhere(vault, ["replay"]).stdout.contains("edges: 0 added where none was kept (batch starts), 0 replaced"), "a second replay finds nothing")
        #expect(try Self.elsewhere(vault, ["audit"]).status == 0)
        #expect(try Self.elsewhere(vault, ["audit", "--since", checkpoint]).status == 0)
    }

    @Test func aVaultMadeBeforeTreeEdgesGetsThemOnceAndSaysSo() throws {
        let (vault, checkpoint) = try Self.vault(kept: 400, appended: 20)
        let tampering = VaultTampering(path: vault.path)
        try tampering.delete("treeEdges", keys: try tampering.entries("treeEdges").map(\.key))

        let first = try Self.elsewhere(vault, ["log", "--limit", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("building the Merkle tree edges that `audit --since` starts from, once, from its 420 records"), "\(first.stderr)")
        let second = try Self.elsewhere(vault, ["log", "--limit", "1"])
        #expect(!second.stderr.contains("tree edges"), "only once: \(second.stderr)")
        let stats = vault.root + "/read-stats"
        let since = try Self.elsewhere(vault, ["audit", "--since", checkpoint], stats: stats)
        #expect(since.status == 0, "\(since.stdout)")
        #expect(try Self.recordsOpened(stats) == 20)
    }
}
