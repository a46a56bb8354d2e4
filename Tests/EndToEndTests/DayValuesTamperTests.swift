import Foundation
import Testing
import TestSupport

/// The daily metrics view's day values are partitions of the view: one rolled back to what an
/// earlier save wrote is named by `audit` and refused by a read, like the day's records.
@Suite struct DayValuesTamperTests {
    static let query = ["query", "daily.dietary_energy by day where between 2026-03-02 and 2026-03-02", "--format", "csv"]

    @Test func eachPartitionASaveRewroteRolledBackAloneIsNamedAndRefused() throws {
        let vault = try CLIVault()
        try vault.ok(["eat", "porridge", "--kcal", "350", "--at", "2026-03-02T08:00:00Z"])
        _ = try vault.ok(Self.query)
        let tampering = VaultTampering(path: vault.path)
        let view = try tampering.viewDatabase("daily-metrics")
        let before = try tampering.entries(view)
        try vault.ok(["eat", "lunch", "--kcal", "500", "--at", "2026-03-02T12:00:00Z"])
        #expect(try vault.ok(Self.query).contains("850"))
        let after = try tampering.entries(view)
        // Partitions are the 16-byte keys; a save rewrites the day's records, its directory and its day values.
        let rewritten = before.filter { old in old.key.count == 16 && after.contains { $0.key == old.key && $0.value != old.value } }
        #expect(rewritten.count == 3, "\(rewritten.count) partitions rewritten")
        for old in rewritten {
            try tampering.put(view, [old])
            let read = try vault.run(Self.query)
            #expect(read.status == 13 || read.stdout.contains("850"), "a rolled-back partition read as \(read.stdout)")
            let audit = try vault.run(["audit"])
            #expect(audit.status == 10, "\(audit.stdout)")
            #expect(audit.stdout.contains("the daily-metrics view does not match the partitions"), "\(audit.stdout)")
            // Cannot fail: `old` was chosen among the keys `after` holds
            try tampering.put(view, [after.first { $0.key == old.key }!])
        }
        #expect(try vault.run(["audit"]).status == 0)
    }
}
