import LedgerCore

/// What `audit` checks of the text index: each block's and each run's filter is the one its
/// covered events' payloads make, bit for bit, and holds their count; no filter lies past the
/// covered events. A filter missing a bit would hide an event from `log --text`; one with a bit
/// too many costs a search a read, but cannot be told from damage, so it is named too.
///
/// `audit --since` checks the block and the run its checkpoint (`from`) cut hold every code
/// of the events after it (their earlier events are the full audit's), and later ones bit for bit.
struct TextIndexAudit {
    private let ledger: Ledger
    private let txn: Transaction
    private let covered: UInt64
    private let eventsPerRun: UInt64
    /// The run whose chunks the walk is in: from where, and the filter they make so far.
    private var run: (number: UInt64, from: UInt64, expected: TextFilter)?

    init(ledger: Ledger, _ txn: Transaction, covered: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.covered = covered
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

    /// Compares the last run's filter, and names filters past the events covered.
    mutating func finish(problems: inout ProblemCollector) throws {
        try endRun(problems: &problems)
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
