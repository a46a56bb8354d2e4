import LedgerCore

/// What `audit` checks of the text index: each block's filter is the one its covered events'
/// payloads make, bit for bit, and holds their count; no filter lies past the covered events.
/// A filter missing a bit would hide an event from `log --text`; one with a bit too many costs
/// a search a block's read, but cannot be told from damage, so it is named too.
///
/// `audit --since` checks the blocks of the events after its checkpoint (`from`): a block the
/// checkpoint cut holds every trigram of its new events (its earlier events are the full audit's).
struct TextIndexAudit {
    private let ledger: Ledger
    private let txn: Transaction
    private let from: UInt64
    private let covered: UInt64

    init(ledger: Ledger, _ txn: Transaction, from: UInt64, covered: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.from = from
        self.covered = covered
    }

    /// `filter` is made from the chunk's events from `first` to its block's end (or the log's).
    func check(_ filter: TextFilter, ofChunkFrom first: UInt64, problems: inout ProblemCollector) throws {
        guard first < covered else { return }
        let block = first / TextBlooms.eventsPerBlock
        let start = block * TextBlooms.eventsPerBlock
        let held = min(covered, start + TextBlooms.eventsPerBlock) - start
        guard let stored = try txn.get(ledger.databases.indexes.textBlooms, key: TextBlooms.key(block)),
              stored.count == TextBlooms.countBytes + TextBlooms.filterBytes else {
            problems.add(.index, start, start + held - 1, "the text index has no filter for these events, so `log --text` would read them all; `healthledger replay` rebuilds it")
            return
        }
        let count: UInt64 = bigEndianValue(stored[..<TextBlooms.countBytes])
        let storedFilter = TextFilter(bits: stored[TextBlooms.countBytes...])
        if count != held {
            problems.add(.index, start, start + held - 1, "the text index's filter for these \(held) events says it holds \(count); `healthledger replay` rebuilds it")
        } else if first == start ? storedFilter != filter : !storedFilter.isSuperset(of: filter) {
            let hidden = !storedFilter.isSuperset(of: filter)
            problems.add(.index, first, start + held - 1, hidden
                ? "the text index's filter lacks trigrams these events' payloads hold, so `log --text` could miss them; `healthledger replay` rebuilds it"
                : "the text index's filter holds trigrams no event of these has; `healthledger replay` rebuilds it")
        }
    }

    /// Names filters past the blocks of the covered events.
    func finish(problems: inout ProblemCollector) throws {
        let blocksCovered = (covered + TextBlooms.eventsPerBlock - 1) / TextBlooms.eventsPerBlock
        let cursor = try txn.cursor(ledger.databases.indexes.textBlooms)
        var entry = try cursor.seek(atOrAfter: TextBlooms.key(blocksCovered))
        while let (key, _) = entry {
            let first = bigEndianValue(key) &* TextBlooms.eventsPerBlock
            problems.add(.index, first, first, "the text index has a filter past the events the indexes cover")
            entry = try cursor.move(.next)
        }
    }
}
