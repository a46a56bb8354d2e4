import CLMDB
import Foundation
import LedgerCore
import Migrations
import Testing
@testable import LedgerStore

@Suite struct DedupIndexTests {
    /// Entries in each tier, and whether any key is in both.
    private func tiers(_ ledger: Ledger) throws -> (settled: Int, recent: Int, inBoth: Int) {
        try ledger.environment.read { txn in
            let index = ledger.databases.ids
            var inBoth = 0
            let cursor = try txn.cursor(index.recent)
            var entry = try cursor.move(.first)
            while let (key, _) = entry {
                if try txn.get(index.settled, key: key, { _ in true }) != nil { inBoth += 1 }
                entry = try cursor.move(.next)
            }
            return (try txn.statistics(index.settled).ms_entries, try txn.statistics(index.recent).ms_entries, inBoth)
        }
    }

    /// 300 new events (new ids) a day after batch `number - 1`'s.
    private func batch(_ number: Int) -> [Event] {
        heartRateEvents(count: 300, startingAt: 1_767_225_600_000_000 + Int64(number) * 86_400_000_000)
    }

    @Test func recentKeysSettleSliceBySliceAndEveryIDStillDeduplicates() throws {
        let vault = try TestVault()
        let ledger = try vault.open()
        ledger.idSettling = DedupIndex.Settling(recentLimit: 100, pagesPerTransaction: 1)
        let batches = (0..<6).map(batch)
        for events in batches { try ledger.append(events) }
        let slices = try ledger.environment.read { txn in try ledger.databases.ids.slicesToSettle(txn, ledger.idSettling) }
        #expect(slices.count > 1, "a settled index of several pages settles in several transactions")
        #expect(slices.first?.lowerBound == 0 && slices.last?.upperBound == 1 << 16)
        #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })

        let (settled, recent, inBoth) = try tiers(ledger)
        #expect(recent == 300, "the last batch arrived after the settle its commit began with")
        #expect(settled == 1_500)
        #expect(inBoth == 0)

        let again = try ledger.append(batches.flatMap { $0 })
        #expect(again.appended.isEmpty)
        #expect(again.duplicates == 1_800)
        for number in 0..<6 {
            let event = batches[number][number * 37]
            #expect(try ledger.event(id: event.id)?.sequence == UInt64(number * 300 + number * 37))
        }
    }

    @Test func aFormatOneVaultIsUpgradedAndItsIndexStillFindsEveryEvent() throws {
        let vault = try TestVault()
        var ledger: Ledger? = try vault.open()
        let events = batch(0)
        try ledger!.append(events)
        // Make it as format 1 left it: one index, no recent tier, format 1 in vault.json.
        ledger!.idSettling.recentLimit = 0
        try ledger!.settleRecentIDsIfNeeded()
        try ledger!.environment.write { txn in try lmdb(mdb_drop(txn.handle, ledger!.databases.ids.recent.handle, 1), "mdb_drop") }
        ledger = nil
        let header = vault.directory + "/vault.json"
        let text = try String(contentsOfFile: header, encoding: .utf8)
        try text.replacingOccurrences(of: #""format" : \#(VaultFormat.current)"#, with: #""format" : 1"#)
            .write(toFile: header, atomically: true, encoding: .utf8)
        #expect(try VaultHeader.read(vault: vault.directory).format == 1)

        let upgraded = try vault.open()
        #expect(upgraded.header.format == VaultFormat.current)
        #expect(try VaultHeader.read(vault: vault.directory).format == VaultFormat.current)
        #expect(try upgraded.event(id: events[123].id)?.sequence == 123)
        #expect(try upgraded.append(events).duplicates == 300)
        #expect(try upgraded.append(batch(1)).appended.count == 300)
        #expect(try tiers(upgraded).settled == 300)
    }
}
