import LedgerCore

/// What `audit` checks of the text index: each block's and each run's filter is the one its
/// covered events' payloads make, bit for bit, and holds their count; no filter lies past the
/// covered events. A filter missing a bit would hide an event from `log --text`; one with a bit
/// too many costs a search a read, but cannot be told from damage, so it is named too.
///
/// Each large record has a filter of its own, the one its event makes (`LargeEventFilters`),
/// and no other event has one.
///
/// `audit --since` checks the block and the run its checkpoint (`from`) cut hold every code
/// of the events after it (their earlier events are the full audit's), and later ones bit for
/// bit; and the own filters of the events after it.
struct TextIndexAudit {
    private let ledger: Ledger
    private let txn: Transaction
    private let covered: UInt64
    /// The first event the walk checks.
    private let from: UInt64
    private let eventsPerRun: UInt64
    /// The run whose chunks the walk is in: from where, and the filter they make so far.
    private var run: (number: UInt64, from: UInt64, expected: TextFilter)?
    /// The large events' own filters, walked beside the log: a cursor, and the entry it stands on.
    private var ownFilters: (cursor: Cursor, entry: (sequence: UInt64, bits: [UInt8])?)?

    init(ledger: Ledger, _ txn: Transaction, covered: UInt64, from: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.covered = covered
        self.from = from
        eventsPerRun = TextBlooms.eventsPerBlock * ledger.textRunBlocks
    }

    /// `filters` are made from the chunk's events from `first` to its block's end (or the log's).
    mutating func check(_ filters: (block: TextFilter, run: TextFilter), ofChunkFrom first: UInt64, problems: inout ProblemCollector) throws {
        guard first < covered else { return }
        let block = first / TextBlooms.eventsPerBlock
        try compare(filters.block, from: first, with: block, of: TextBlooms.eventsPerBlock, in: ledger.databases.indexes.textBlooms, problems: &problems)
        let runNumber = first / eventsPerRun
        if let run, run.number == runNumber {
            self.run?.expected = run.expected.union(filters.run)
        } else {
            try endRun(problems: &problems)
            run = (runNumber, first, filters.run)
        }
    }

    /// Checks the filter of its own the event at `sequence` has, in the walk's order:
    /// `expected` when `isLarge`, none when not; nothing to compare when its record does not
    /// open (`opened` false: the audit names that). Entries between the events checked are of
    /// records the log does not hold.
    mutating func checkOwnFilter(_ expected: TextFilter?, opened: Bool, isLarge: Bool, at sequence: UInt64, problems: inout ProblemCollector) throws {
        guard sequence < covered else { return }
        var stored: [UInt8]?
        while let entry = try ownFilterEntry(), entry.sequence <= sequence {
            if entry.sequence == sequence {
                stored = entry.bits
            } else {
                problems.add(.index, entry.sequence, entry.sequence, "the text index has a filter of its own for an event the log does not hold; `healthledger replay` rebuilds it")
            }
            try moveOwnFilters()
        }
        guard isLarge else {
            if stored != nil {
                problems.add(.index, sequence, sequence,
                    "the text index has a filter of its own for this event, which only records of \(LargeEventFilters.recordBytes) bytes or more have; `healthledger replay` rebuilds it")
            }
            return
        }
        guard opened, let expected else { return }
        guard let stored else {
            problems.add(.index, sequence, sequence,
                "the text index has no filter of this large event's own, so `log --text` opens it whenever its block may hold the text; `healthledger replay` rebuilds it")
            return
        }
        guard stored != expected.bits else { return }
        let holdsMore = LargeEventFilters.scope(storedBytes: stored.count) == expected.scope && TextFilter(expected.scope, bits: stored).isSuperset(of: expected)
        problems.add(.index, sequence, sequence, holdsMore
            ? "the text index's filter of this large event holds text the event does not; `healthledger replay` rebuilds it"
            : "the text index's filter of this large event lacks text its payload holds, so `log --text` could miss it; `healthledger replay` rebuilds it")
    }

    private mutating func ownFilterEntry() throws -> (sequence: UInt64, bits: [UInt8])? {
        if ownFilters == nil {
            let cursor = try txn.cursor(ledger.databases.indexes.textEvents)
            ownFilters = (cursor, Self.ownFilter(try cursor.seek(atOrAfter: TextBlooms.key(from))))
        }
        return ownFilters?.entry
    }

    private mutating func moveOwnFilters() throws {
        guard let cursor = ownFilters?.cursor else { return }
        ownFilters?.entry = Self.ownFilter(try cursor.move(.next))
    }

    private static func ownFilter(_ entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)?) -> (sequence: UInt64, bits: [UInt8])? {
        entry.map { (sequenceNumber($0.key) ?? .max, Array($0.value)) }
    }

    /// Compares the last run's filter, and names filters past the events covered, and own
    /// filters of events the walk did not meet.
    mutating func finish(problems: inout ProblemCollector) throws {
        try endRun(problems: &problems)
        while let entry = try ownFilterEntry() {
            problems.add(.index, entry.sequence, entry.sequence, entry.sequence < covered
                ? "the text index has a filter of its own for an event the log does not hold; `healthledger replay` rebuilds it"
                : "the text index has a filter of its own past the events the indexes cover")
            try moveOwnFilters()
        }
        for (database, size) in [(ledger.databases.indexes.textBlooms, TextBlooms.eventsPerBlock), (ledger.databases.indexes.textRuns, eventsPerRun)] {
            let cursor = try txn.cursor(database)
            var entry = try cursor.seek(atOrAfter: TextBlooms.key((covered + size - 1) / size))
            while let (key, _) = entry {
                let first = bigEndianValue(key) &* size
                problems.add(.index, first, first, "the text index has a filter past the events the indexes cover")
                entry = try cursor.move(.next)
            }
        }
    }

    private mutating func endRun(problems: inout ProblemCollector) throws {
        guard let run else { return }
        self.run = nil
        try compare(run.expected, from: run.from, with: run.number, of: eventsPerRun, in: ledger.databases.indexes.textRuns, problems: &problems)
    }

    /// Compares the stored filter `number` of `size` events with `expected`, made from its
    /// events from `first` on: bit for bit when that is its first event, else as a superset.
    private func compare(
        _ expected: TextFilter, from first: UInt64, with number: UInt64, of size: UInt64, in database: Database, problems: inout ProblemCollector
    ) throws {
        let start = number * size
        let held = min(covered, start + size) - start
        guard let stored = try txn.get(database, key: TextBlooms.key(number)), stored.count == TextBlooms.countBytes + expected.scope.bytes else {
            problems.add(.index, start, start + held - 1, "the text index has no filter for these events, so `log --text` would read them all; `healthledger replay` rebuilds it")
            return
        }
        let count: UInt64 = bigEndianValue(stored[..<TextBlooms.countBytes])
        let storedFilter = TextFilter(expected.scope, bits: stored[TextBlooms.countBytes...])
        if count != held {
            problems.add(.index, start, start + held - 1, "the text index's filter for these \(held) events says it holds \(count); `healthledger replay` rebuilds it")
        } else if first == start ? storedFilter != expected : !storedFilter.isSuperset(of: expected) {
            problems.add(.index, first, start + held - 1, storedFilter.isSuperset(of: expected)
                ? "the text index's filter holds text no event of these has; `healthledger replay` rebuilds it"
                : "the text index's filter lacks text these events' payloads hold, so `log --text` could miss them; `healthledger replay` rebuilds it")
        }
    }
}
