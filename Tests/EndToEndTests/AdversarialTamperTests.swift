import Foundation
import LedgerCrypto
import Testing
import TestSupport

/// The attacks of an adversarial test of the vault (issue 29, failures 1–4): valid LMDB
/// writes by someone with the vault's files but not its key. Each one is named, refused or
/// caught; none leaves a command printing wrong numbers with exit 0.
@Suite struct AdversarialTamperTests {
    /// Runs as on another machine: no witness of this vault's checkpoints there.
    static func elsewhere(_ vault: CLIVault, _ arguments: [String], stdin: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments + ["--vault", vault.path, "--passphrase-file", vault.passphraseFile], stdin: stdin,
                    environment: ["XDG_STATE_HOME": vault.root + "/another-machine"])
    }

    static func vault(moods count: Int) throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<count))
        return vault
    }

    /// Deletes every record from `keep` on, with its dedup index entries, and writes the
    /// Merkle frontier anyone can recompute over the rest (an unkeyed hash of the sealed records).
    static func cutLog(_ tampering: VaultTampering, keep: Int) throws {
        let log = try tampering.entries("log")
        try tampering.delete("log", keys: log[keep...].map(\.key))
        try tampering.delete("ids.bySequence", keys: log[keep...].map(\.key))
        var frontier = MerkleFrontier()
        for record in log[..<keep] { frontier.append(leafHash: MerkleHasher.leaf(record.value)) }
        try tampering.put("meta", [(Array("frontier".utf8), frontier.serialized)])
    }

    static func dietaryEnergy(_ result: CLI.Result) throws -> Double? {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["metrics"] as? [String: Any])?["dietary_energy"] as? Double
    }

    // MARK: 1. Deleting the newest events

    @Test func deletingTheNewestEventsAndTheCheckpointIsNamedTampering() throws {
        let vault = try Self.vault(moods: 20)
        let tampering = VaultTampering(path: vault.path)
        try Self.cutLog(tampering, keep: 18)
        try tampering.delete("meta", keys: [Array("checkpoint".utf8)])

        let audit = try Self.elsewhere(vault, ["audit"])
        #expect(audit.status == 10, "\(audit.stdout)")
        #expect(audit.stdout.contains("PROBLEM checkpoint at sequences 0–17: the log holds 18 records but no signed checkpoint"), "\(audit.stdout)")
        #expect(!audit.stdout.contains("matches the signed checkpoint"))

        let append = try Self.elsewhere(vault, ["mood", "5"])
        #expect(append.status == 10, "\(append.stderr)")
        #expect(append.stderr.contains("tampered with: the log holds 18 events but no signed checkpoint"), "\(append.stderr)")
        #expect(try tampering.entries("log").count == 18, "nothing was appended")
        #expect(try !tampering.entries("meta").contains { $0.key == Array("checkpoint".utf8) }, "nothing was signed")
    }

    @Test func aRecomputedFrontierUnderTheOldCheckpointGetsNothingSigned() throws {
        let vault = try Self.vault(moods: 20)
        let tampering = VaultTampering(path: vault.path)
        let checkpoint = try #require(try tampering.entries("meta").first { $0.key == Array("checkpoint".utf8) })
        try Self.cutLog(tampering, keep: 18)

        let append = try Self.elsewhere(vault, ["mood", "5"])
        #expect(append.status == 10, "\(append.stderr)")
        #expect(append.stderr.contains("the stored tree head (18 events) is not the one the checkpoint signed (20 events)"), "\(append.stderr)")
        #expect(try tampering.entries("meta").first { $0.key == Array("checkpoint".utf8) }?.value == checkpoint.value, "no new checkpoint over the cut log")

        let audit = try Self.elsewhere(vault, ["audit"])
        #expect(audit.status == 10)
        #expect(audit.stdout.contains("PROBLEM truncated at sequences 18–19"), "\(audit.stdout)")
        #expect(audit.stdout.contains("the stored tree head (18 records) is not the one the checkpoint signed (20 records)"), "\(audit.stdout)")
    }

    @Test func anOlderCopyPutInPlaceIsCaughtOnThisMachine() throws {
        let vault = try Self.vault(moods: 100)
        let older = vault.root + "/older"
        try FileManager.default.copyItem(atPath: vault.path, toPath: older)
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(100..<150))
        try FileManager.default.removeItem(atPath: vault.path)
        try FileManager.default.copyItem(atPath: older, toPath: vault.path)

        let log = try vault.run(["log"])
        #expect(log.status == 11, "\(log.stderr)")
        #expect(log.stderr.contains("ROLLBACK: the vault at \(vault.path) has a valid signed checkpoint of 100 events, but this machine saw it sign 150"), "\(log.stderr)")
        let append = try vault.run(["mood", "5"])
        #expect(append.status == 11)
        let audit = try vault.run(["audit"])
        #expect(audit.status == 11, "\(audit.stdout)")
        #expect(audit.stdout.contains("ROLLBACK: the checkpoint covers 150 events but the vault holds 100"), "\(audit.stdout)")
        #expect(try Self.elsewhere(vault, ["audit"]).status == 0, "on its own the older copy is consistent: only the witness knows better")
    }

    // MARK: 2. Batch records

    @Test func aChangedBatchRecordIsNamed() throws {
        let vault = try Self.vault(moods: 20)
        try vault.ok(["mood", "5"])
        let tampering = VaultTampering(path: vault.path)
        let batch = try #require(try tampering.entries("batches").first { $0.key == VaultTampering.bigEndian(20) })
        var changed = batch.value
        changed[changed.count - 3] ^= 0x5a
        try tampering.put("batches", [(batch.key, changed)])

        let audit = try vault.run(["audit"])
        #expect(audit.status == 10, "\(audit.stdout)")
        #expect(audit.stdout.contains("PROBLEM batch at sequence 20: the batch record's sealed commit time does not open"), "\(audit.stdout)")
    }

    @Test func aBatchRecordPastTheEndIsNamedAndRefused() throws {
        let vault = try Self.vault(moods: 20)
        let tampering = VaultTampering(path: vault.path)
        let batch = try #require(try tampering.entries("batches").first)
        try tampering.put("batches", [(VaultTampering.bigEndian(25), batch.value)])

        let audit = try vault.run(["audit"])
        #expect(audit.status == 10, "\(audit.stdout)")
        #expect(audit.stdout.contains("PROBLEM batch at sequence 25: a batch record starts past the end of the log (20 records)"), "\(audit.stdout)")
        let append = try vault.run(["mood", "5"])
        #expect(append.status == 10, "\(append.stderr)")
        #expect(append.stderr.contains("the batch table has a record past the end of the log"), "\(append.stderr)")
    }

    // MARK: 3. Views

    /// A 350 kcal breakfast, the view saved; a 500 kcal lunch, the view saved again.
    static func twoMeals() throws -> (vault: CLIVault, before: [(key: [UInt8], value: [UInt8])], view: String) {
        let vault = try CLIVault()
        try vault.ok(["eat", "porridge", "--kcal", "350", "--at", "2026-03-02T08:00:00Z"])
        try vault.ok(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"])
        let tampering = VaultTampering(path: vault.path)
        let view = try tampering.viewDatabase("daily-metrics")
        let before = try tampering.entries(view)
        try vault.ok(["eat", "lunch", "--kcal", "500", "--at", "2026-03-02T12:00:00Z"])
        let day = try vault.run(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"])
        #expect(try Self.dietaryEnergy(day) == 850)
        return (vault, before, view)
    }

    @Test func aViewsCheckpointRolledBackIsRefusedNotCountedTwice() throws {
        let (vault, before, view) = try Self.twoMeals()
        let tampering = VaultTampering(path: vault.path)
        try tampering.put(view, before.filter { $0.key == [0] })

        let day = try vault.run(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"])
        #expect(day.status == 13, "1,350 kcal? \(day.stdout)")
        #expect(day.stderr.contains("the stored daily-metrics view does not match the partitions its checkpoint was saved with"), "\(day.stderr)")
        #expect(day.stderr.contains("run `healthledger replay daily-metrics`"))
        let audit = try vault.run(["audit"])
        #expect(audit.status == 10)
        #expect(audit.stdout.contains("PROBLEM view at sequence 1: the daily-metrics view does not match the partitions"), "\(audit.stdout)")

        try vault.ok(["replay", "daily-metrics"])
        #expect(try Self.dietaryEnergy(try vault.run(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"])) == 850)
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func aViewsPartitionsRolledBackOrDeletedAreRefused() throws {
        let (vault, before, view) = try Self.twoMeals()
        let tampering = VaultTampering(path: vault.path)
        try tampering.put(view, before.filter { $0.key != [0] })
        #expect(try vault.run(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"]).status == 13, "older partitions under the newer checkpoint")

        try vault.ok(["replay", "daily-metrics"])
        let current = try tampering.viewDatabase("daily-metrics")
        let partition = try #require(try tampering.entries(current).first { $0.key != [0] })
        try tampering.delete(current, keys: [partition.key])
        let day = try vault.run(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"])
        #expect(day.status == 13, "a deleted partition: \(day.stdout)")
        #expect(try vault.run(["audit"]).stdout.contains("PROBLEM view at sequence 2: the daily-metrics view does not match"))
    }

    // MARK: 4. Dedup index and blobs

    @Test func aDeletedIndexEntryDoesNotLetTheSameEventInTwice() throws {
        let vault = try CLIVault()
        let lunch = #"{"id":"0123456789abcdef0123456789abcdef","kind":"food.logged","start":"2026-03-02T12:00:00Z","utcOffset":0,"payload":{"name":"lunch","kcal":500}}"# + "\n"
        try vault.ok(["eat", "porridge", "--kcal", "350", "--at", "2026-03-02T08:00:00Z"])
        try vault.ok(["append", "--jsonl", "-"], stdin: lunch)
        let tampering = VaultTampering(path: vault.path)
        try tampering.delete("ids.bySequence", keys: [VaultTampering.bigEndian(1)])

        let again = try vault.run(["append", "--jsonl", "-"], stdin: lunch)
        #expect(again.status == 10, "\(again.stdout)")
        #expect(again.stderr.contains("the dedup index does not cover the log's 2 events"), "\(again.stderr)")
        #expect(try Self.dietaryEnergy(try vault.run(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"])) == 850)
        let audit = try vault.run(["audit"])
        #expect(audit.status == 10)
        #expect(audit.stdout.contains("PROBLEM index at sequence 1: its event id 0123456789abcdef0123456789abcdef is not in the dedup index"), "\(audit.stdout)")
    }

    @Test func aFlippedOrDeletedBlobIsNamedByAudit() throws {
        let vault = try CLIVault()
        let points = (0..<478).map { index in "[\(0.3 + Double(index % 40) * 0.01), \(0.2 + Double(index / 40) * 0.05), 0.0]" }
        let mesh = vault.root + "/mesh.json"
        try #"{"landmarks": [\#(points.joined(separator: ","))]}"#.write(toFile: mesh, atomically: true, encoding: .utf8)
        let image = vault.root + "/face.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 64) + [0xFF, 0xD9]).write(to: URL(fileURLWithPath: image))
        try vault.ok(["append", "face", "--landmarks", mesh, "--image", image, "--at", "2026-03-05T08:00:00Z"])
        try vault.ok(["mood", "5"])
        let tampering = VaultTampering(path: vault.path)
        let content = try #require(try tampering.entries("blobs").first { $0.key.starts(with: Array("data/".utf8)) })
        let name = String(decoding: content.key.dropFirst(5), as: UTF8.self)
        var flipped = content.value
        flipped[flipped.count / 2] ^= 0x5a
        try tampering.put("blobs", [(content.key, flipped)])

        let audit = try vault.run(["audit"])
        #expect(audit.status == 10, "\(audit.stdout)")
        #expect(audit.stdout.contains("PROBLEM blob at sequence 0: the image blob \(name) it names does not open"), "\(audit.stdout)")

        try tampering.delete("blobs", keys: [content.key])
        let missing = try vault.run(["audit"])
        #expect(missing.status == 10)
        #expect(missing.stdout.contains("PROBLEM blob at sequence 0: the image blob \(name) it names is missing"), "\(missing.stdout)")
    }
}
