import DemoData
import LedgerCore
import LedgerCrypto
@testable import LedgerStore
import Projections
import Testing
import TestSupport

@Suite struct ProjectionStoreTests {
    static func filledVault() throws -> ScratchVault {
        let vault = try ScratchVault()
        var generator = DemoGenerator(seed: 5)
        for day in 0..<3 { try vault.ledger.append(generator.day(day)) }
        _ = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        return vault
    }

    /// Every stored (key, value) of the daily view, as an attacker with the file sees them.
    static func rawEntries(_ vault: ScratchVault) throws -> [([UInt8], [UInt8])] {
        let store = try vault.ledger.projectionStore(DailyMetricsView.name)
        return try vault.ledger.environment.read { txn in
            var entries: [([UInt8], [UInt8])] = []
            let cursor = try txn.cursor(store.database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                entries.append((Array(key), Array(value)))
                entry = try cursor.move(.next)
            }
            return entries
        }
    }

    @Test func storedKeysRevealNoDates() throws {
        let vault = try Self.filledVault()
        let entries = try Self.rawEntries(vault)
        #expect(entries.count >= 4)
        let day = LocalDay(iso: "2026-01-02")!
        let dayBytes = withUnsafeBytes(of: (UInt64(bitPattern: day.number) ^ (1 << 63)).bigEndian) { Array($0) }
        for (key, _) in entries {
            #expect(key.count == 16 || key == [0] || PartitionTree.isNodeKey(key))
            #expect(key.firstRange(of: dayBytes) == nil)
        }
    }

    /// A state saved before views carried a digest of their partitions cannot be checked, so
    /// it is rebuilt from the log once, and bound from then on.
    @Test func aViewSavedWithoutAPartitionDigestIsRebuiltOnce() throws {
        let vault = try Self.filledVault()
        let day = LocalDay(iso: "2026-01-02")!
        let expected = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger).metrics(for: day)
        let store = try vault.ledger.projectionStore(DailyMetricsView.name)
        var earlier = try #require(try store.checkpoint())
        earlier.partitions = nil
        let sealed = try vault.ledger.projectionSealer.seal(
            [0] + earlier.encoded, associatedData: vault.ledger.vaultID + Array("proj:\(DailyMetricsView.name):".utf8) + [0])
        try vault.ledger.environment.write { txn in try txn.put(store.database, key: [0], value: sealed) }
        #expect(try store.savedWithoutDigest())
        #expect(throws: LedgerStoreError.self) { try store.checkpoint() }

        let rebuilt = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        #expect("\(try rebuilt.metrics(for: day))" == "\(expected)")
        let active = try vault.ledger.projectionStore(DailyMetricsView.name)
        #expect(try !active.savedWithoutDigest())
        #expect(try active.checkpoint()?.size == vault.ledger.count())
    }

    @Test func aTamperedPartitionIsAnErrorNotAnEmptyDay() throws {
        let vault = try Self.filledVault()
        let store = try vault.ledger.projectionStore(DailyMetricsView.name)
        let entries = try Self.rawEntries(vault)
        try vault.ledger.environment.write { txn in
            for (key, value) in entries where key.count == 16 {
                var tampered = value
                tampered[tampered.count / 2] ^= 1
                try txn.put(store.database, key: key, value: tampered)
            }
        }
        #expect {
            try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger).metrics(for: LocalDay(iso: "2026-01-02")!)
        } throws: { error in
            "\(error)".contains("run `healthledger replay daily-metrics`")
        }
        _ = try ProjectionEngine.replay(DailyMetricsView.self, ledger: vault.ledger, dryRun: false)
        let rebuilt = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        #expect(try rebuilt.metrics(for: LocalDay(iso: "2026-01-02")!)["step_count"] != nil)
    }
}
