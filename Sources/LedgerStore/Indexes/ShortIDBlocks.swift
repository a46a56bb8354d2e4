import LedgerCore

/// The short-id index's layout. Each event's tag, in log order, a block of sequences per
/// entry: appends touch only the last block, and `audit` compares each block with the log in
/// one walk. And, for every run of `blocksPerRun` blocks that is full, the run's
/// (tag, place in the run) entries sorted, written in the transaction that fills the run: a
/// short id (the first eight hex digits of an id, as `log` shows them) is found by a binary
/// search of each full run and a scan of the tags of the run not yet full, and only the
/// events whose tag is the short id's are opened. The id index holds keyed hashes of whole
/// ids, which a prefix cannot look up.
struct ShortIDLayout: Sendable, Equatable {
    var eventsPerBlock: UInt64 = 4_096
    /// Runs of 262,144 events: a lookup scans at most one run's tags, and the commit that
    /// fills a run sorts no more than that; a place in a run fits the entry's three bytes.
    var blocksPerRun: UInt64 = 64

    static let tagSize = 3
    /// A sorted entry: the tag, then the event's place in its run (u24 big-endian).
    static let entrySize = 6

    init() {}

    /// A layout for tests, small enough that a few dozen events fill blocks and runs.
    init(eventsPerBlock: UInt64, blocksPerRun: UInt64) {
        self.eventsPerBlock = eventsPerBlock
        self.blocksPerRun = blocksPerRun
    }

    var eventsPerRun: UInt64 { eventsPerBlock * blocksPerRun }

    static func key(_ number: UInt64) -> [UInt8] { bigEndianBytes(number) }

    /// A tag's three bytes as one number, in the order sorted entries are.
    static func tagValue(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
    }

    static func tagValue(_ tag: [UInt8]) -> UInt32 { tag.withUnsafeBytes { tagValue($0, at: 0) } }

    /// The place in its run that the sorted entry at `offset` names.
    static func place(_ entries: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(tagValue(entries, at: offset + tagSize))
    }
}

extension Ledger {
    /// Appends the tags of `events`, in log order and continuing the log, to their blocks,
    /// and writes the sorted entries of every run they fill.
    func indexShortIDs(_ txn: Transaction, _ events: [(sequence: UInt64, facts: IndexFacts)]) throws {
        guard let first = events.first?.sequence, let last = events.last?.sequence else { return }
        let layout = shortIDLayout
        // Sorted runs from the first event's on stand for events past the count the indexes
        // cover (a build carrying on after an older version appended): none may outlive it.
        try dropShortIDRuns(txn, from: first / layout.eventsPerRun)
        var index = 0
        while index < events.count {
            let block = events[index].sequence / layout.eventsPerBlock
            var tags = try txn.get(databases.indexes.shortIDs, key: ShortIDLayout.key(block)) ?? []
            let place = Int(events[index].sequence % layout.eventsPerBlock)
            // Tags past the events the indexes cover stand for nothing the count vouches for
            // (a build carrying on after an older version appended): written again from the log.
            if tags.count > place * ShortIDLayout.tagSize { tags.removeLast(tags.count - place * ShortIDLayout.tagSize) }
            guard tags.count == place * ShortIDLayout.tagSize else {
                throw LedgerStoreError.damagedView(
                    name: "store indexes",
                    reason: "the short-id index holds \(tags.count / ShortIDLayout.tagSize) tags in block \(block), where event \(events[index].sequence) needs \(place) before its own; `healthledger replay` rebuilds it")
            }
            while index < events.count, events[index].sequence / layout.eventsPerBlock == block {
                tags += storeIndexHasher.shortIDTag(events[index].facts.id)
                index += 1
            }
            try txn.put(databases.indexes.shortIDs, key: ShortIDLayout.key(block), value: tags)
        }
        var run = first / layout.eventsPerRun
        while (run + 1) * layout.eventsPerRun <= last + 1 {
            try writeSortedRun(txn, run)
            run += 1
        }
    }

    /// Sorts the full run's tags, each with its place in the run, from its blocks.
    private func writeSortedRun(_ txn: Transaction, _ run: UInt64) throws {
        let layout = shortIDLayout
        var entries: [UInt64] = []
        entries.reserveCapacity(Int(layout.eventsPerRun))
        for blockInRun in 0..<layout.blocksPerRun {
            let block = run * layout.blocksPerRun + blockInRun
            let complete = try txn.get(databases.indexes.shortIDs, key: ShortIDLayout.key(block)) { tags -> Bool in
                guard tags.count == Int(layout.eventsPerBlock) * ShortIDLayout.tagSize else { return false }
                for place in 0..<Int(layout.eventsPerBlock) {
                    let tag = UInt64(ShortIDLayout.tagValue(tags, at: place * ShortIDLayout.tagSize))
                    entries.append(tag << 24 | (blockInRun * layout.eventsPerBlock + UInt64(place)))
                }
                return true
            }
            guard complete == true else {
                throw LedgerStoreError.damagedView(
                    name: "store indexes",
                    reason: "the short-id index's block \(block) does not hold its \(layout.eventsPerBlock) tags; `healthledger replay` rebuilds it")
            }
        }
        entries.sort()
        var bytes = [UInt8](repeating: 0, count: entries.count * ShortIDLayout.entrySize)
        for (index, entry) in entries.enumerated() {
            for byte in 0..<ShortIDLayout.entrySize {
                bytes[index * ShortIDLayout.entrySize + byte] = UInt8(truncatingIfNeeded: entry >> (8 * (ShortIDLayout.entrySize - 1 - byte)))
            }
        }
        try txn.put(databases.indexes.shortIDRuns, key: ShortIDLayout.key(run), value: bytes)
    }

    private func dropShortIDRuns(_ txn: Transaction, from run: UInt64) throws {
        let cursor = try txn.cursor(databases.indexes.shortIDRuns)
        var entry = try cursor.seek(atOrAfter: ShortIDLayout.key(run))
        while entry != nil {
            try cursor.deleteCurrent()
            entry = try cursor.move(.next)
        }
    }
}
