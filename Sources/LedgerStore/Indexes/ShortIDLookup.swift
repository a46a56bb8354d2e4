import LedgerCore
import LedgerCrypto
import Synchronization

extension Ledger {
    /// The events whose id starts with `prefix` (at least eight hex digits), the first
    /// `limit` of them in log order, and how many there are: through the short-id index, so
    /// only the events whose tag is the prefix's are opened.
    public func events(withIDPrefix prefix: String, limit: Int) throws -> (matches: [StoredEvent], count: Int) {
        let prefix = prefix.lowercased()
        guard prefix.count >= 8, let first = UInt32(prefix.prefix(8), radix: 16) else { return ([], 0) }
        let tag = storeIndexHasher.shortIDTag(startingWith: first)
        return try withStoreIndexes { txn, reader in
            var matches: [StoredEvent] = []
            var count = 0
            let (sequences, entriesRead) = try sequences(withShortIDTag: tag, txn)
            ReadStatistics.shortIDEntriesRead.wrappingAdd(entriesRead, ordering: .relaxed)
            for sequence in sequences {
                let stored = try reader.event(at: sequence)
                guard stored.event.id.description.hasPrefix(prefix) else { continue }
                count += 1
                guard matches.count < limit else { continue }
                matches.append(stored)
                // The command then amends or shows it, and each view folding an amendment
                // looks its target up by id: found here, it is not searched for again.
                foundIDs.remember(stored.event.id, at: stored.sequence)
            }
            return (matches, count)
        }
    }

    /// Whether the short-id index, when it covers the log, shows that no event has `id`:
    /// none has its tag.
    func shortIDIndexRulesOut(_ id: EventID, _ txn: Transaction) throws -> Bool {
        guard try StoreIndexes.covered(txn, meta: databases.meta) == LedgerState.load(txn, databases).frontier.size else { return false }
        let (sequences, entriesRead) = try sequences(withShortIDTag: storeIndexHasher.shortIDTag(id), txn)
        ReadStatistics.shortIDEntriesRead.wrappingAdd(entriesRead, ordering: .relaxed)
        return sequences.isEmpty
    }

    /// The sequences whose tag is `tag`, in log order: a binary search of each full run's
    /// sorted entries, then a scan of the tags after the last full run. `entriesRead` counts
    /// the sorted entries and tags compared.
    func sequences(withShortIDTag tag: [UInt8], _ txn: Transaction) throws -> (sequences: [UInt64], entriesRead: Int) {
        let layout = shortIDLayout
        let covered = try StoreIndexes.covered(txn, meta: databases.meta)
        let fullRuns = covered / layout.eventsPerRun
        let wanted = ShortIDLayout.tagValue(tag)
        var found: [UInt64] = []
        var read = 0
        for run in 0..<fullRuns {
            let sorted = try txn.get(databases.indexes.shortIDRuns, key: ShortIDLayout.key(run)) { entries -> Bool in
                guard entries.count == Int(layout.eventsPerRun) * ShortIDLayout.entrySize else { return false }
                var low = 0
                var high = Int(layout.eventsPerRun)
                while low < high {
                    let middle = (low + high) / 2
                    read += 1
                    if ShortIDLayout.tagValue(entries, at: middle * ShortIDLayout.entrySize) < wanted { low = middle + 1 } else { high = middle }
                }
                while low < Int(layout.eventsPerRun), ShortIDLayout.tagValue(entries, at: low * ShortIDLayout.entrySize) == wanted {
                    read += 1
                    found.append(run * layout.eventsPerRun + ShortIDLayout.place(entries, at: low * ShortIDLayout.entrySize))
                    low += 1
                }
                return true
            }
            guard sorted == true else {
                throw LedgerStoreError.damagedView(
                    name: "store indexes",
                    reason: "the short-id index's sorted run of events \(run * layout.eventsPerRun)–\((run + 1) * layout.eventsPerRun - 1) is missing or damaged; `healthledger replay` rebuilds it")
            }
        }
        let cursor = try txn.cursor(databases.indexes.shortIDs)
        var entry = try cursor.seek(atOrAfter: ShortIDLayout.key(fullRuns * layout.blocksPerRun))
        // A tag's first two bytes as one word in memory's order: one load and compare each.
        let wantedWord = tag.withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
        while let (key, tags) = entry {
            let block = bigEndianValue(key)
            read += tags.count / ShortIDLayout.tagSize
            for place in 0..<(tags.count / ShortIDLayout.tagSize)
            where tags.loadUnaligned(fromByteOffset: place * ShortIDLayout.tagSize, as: UInt16.self) == wantedWord
                && tags[place * ShortIDLayout.tagSize + 2] == tag[2] {
                found.append(block * layout.eventsPerBlock + UInt64(place))
            }
            entry = try cursor.move(.next)
        }
        return (found, read)
    }
}
