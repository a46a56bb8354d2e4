import LedgerCore

/// What `audit` checks of the short-id index's sorted runs: each full run the walk reaches
/// has one entry per event of the run, strictly increasing by (tag, place), each with the tag
/// of the event at its place, so the entries are the run's tags sorted and a binary search
/// finds every event a short id names. No run past the events the indexes cover is stored.
/// `audit --since` reaches only the runs that end after its checkpoint: those written since.
struct ShortIDRunAudit {
    private let ledger: Ledger
    private let txn: Transaction
    private let covered: UInt64
    private let layout: ShortIDLayout
    /// The run being walked and its events' tags: the log's where the walk gave them, else
    /// its blocks' (events before an `audit --since` checkpoint, records that do not open).
    private var run: (number: UInt64, tags: [UInt8])?

    init(ledger: Ledger, _ txn: Transaction, covered: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.covered = covered
        layout = ledger.shortIDLayout
    }

    mutating func check(_ tag: [UInt8], at sequence: UInt64, problems: inout ProblemCollector) throws {
        let number = sequence / layout.eventsPerRun
        if run?.number != number {
            try endRun(problems: &problems)
            guard (number + 1) * layout.eventsPerRun <= covered else { return }
            run = (number, try blockTags(of: number))
        }
        let place = Int(sequence % layout.eventsPerRun) * ShortIDLayout.tagSize
        run?.tags.replaceSubrange(place..<(place + ShortIDLayout.tagSize), with: tag)
    }

    mutating func finish(problems: inout ProblemCollector) throws {
        try endRun(problems: &problems)
        let cursor = try txn.cursor(ledger.databases.indexes.shortIDRuns)
        var entry = try cursor.seek(atOrAfter: ShortIDLayout.key(covered / layout.eventsPerRun))
        while let (key, _) = entry {
            let first = bigEndianValue(key) &* layout.eventsPerRun
            problems.add(.index, first, first, "the short-id index has sorted entries of a run of events past those the indexes cover")
            entry = try cursor.move(.next)
        }
    }

    /// The run's tags as its blocks hold them; zeros where a block lacks them (the block
    /// check names those events).
    private func blockTags(of number: UInt64) throws -> [UInt8] {
        var tags = [UInt8](repeating: 0, count: Int(layout.eventsPerRun) * ShortIDLayout.tagSize)
        for blockInRun in 0..<layout.blocksPerRun {
            let start = Int(blockInRun * layout.eventsPerBlock) * ShortIDLayout.tagSize
            _ = try txn.get(ledger.databases.indexes.shortIDs, key: ShortIDLayout.key(number * layout.blocksPerRun + blockInRun)) { stored in
                let count = min(stored.count, Int(layout.eventsPerBlock) * ShortIDLayout.tagSize)
                tags.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: start).copyMemory(from: stored.baseAddress!, byteCount: count) }
            }
        }
        return tags
    }

    private mutating func endRun(problems: inout ProblemCollector) throws {
        guard let run else { return }
        self.run = nil
        let first = run.number * layout.eventsPerRun
        let last = first + layout.eventsPerRun - 1
        let found = try txn.get(ledger.databases.indexes.shortIDRuns, key: ShortIDLayout.key(run.number)) { entries in
            check(entries, against: run.tags, first: first, problems: &problems)
            return true
        }
        if found == nil {
            problems.add(.index, first, last, "the short-id index has no sorted entries for this run of events, so a short id would not find them")
        }
    }

    private func check(_ entries: UnsafeRawBufferPointer, against tags: [UInt8], first: UInt64, problems: inout ProblemCollector) {
        guard entries.count % ShortIDLayout.entrySize == 0 else {
            problems.add(.index, first, first + layout.eventsPerRun - 1, "the short-id index's sorted entries of this run of events are cut off mid-entry")
            return
        }
        var seen = [Bool](repeating: false, count: Int(layout.eventsPerRun))
        var previous: UInt64?
        tags.withUnsafeBytes { tags in
            for offset in stride(from: 0, to: entries.count, by: ShortIDLayout.entrySize) {
                let tag = ShortIDLayout.tagValue(entries, at: offset)
                let place = ShortIDLayout.place(entries, at: offset)
                let sequence = first + place
                guard place < layout.eventsPerRun, !seen[Int(place)] else {
                    problems.add(.index, sequence, sequence, "the short-id index's sorted run has an entry for it that no event of the run accounts for")
                    continue
                }
                seen[Int(place)] = true
                let sortKey = UInt64(tag) << 24 | place
                if let previous, sortKey <= previous {
                    problems.add(.index, sequence, sequence, "the short-id index's sorted run holds this event's entry out of order, so a short id might not find it")
                }
                previous = sortKey
                if tag != ShortIDLayout.tagValue(tags, at: Int(place) * ShortIDLayout.tagSize) {
                    problems.add(.index, sequence, sequence, "the short-id index's sorted run holds another id's tag for this event, so `show` and the other commands that take a short id would not find it")
                }
            }
        }
        for place in seen.indices where !seen[place] {
            let sequence = first + UInt64(place)
            problems.add(.index, sequence, sequence, "the short-id index's sorted run has no entry for this event, so `show` and the other commands that take a short id would not find it")
        }
    }
}
