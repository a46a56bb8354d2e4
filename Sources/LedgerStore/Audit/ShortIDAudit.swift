import LedgerCore

/// What `audit` checks of the short-id index: each covered event's tag is at its place in its
/// block, a block holds no tag past the events it covers, and no block lies past them all;
/// and the sorted runs (`ShortIDRunAudit`). `audit --since` checks the places of the events
/// after its checkpoint (`from`) the same way.
struct ShortIDAudit {
    private let ledger: Ledger
    private let txn: Transaction
    /// The indexes cover the log up to here.
    private let covered: UInt64
    /// The block of the events being checked, and its stored tags (nil when it has none).
    private var block: (number: UInt64, tags: [UInt8]?)?
    private let layout: ShortIDLayout
    private var runs: ShortIDRunAudit

    init(ledger: Ledger, _ txn: Transaction, covered: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.covered = covered
        layout = ledger.shortIDLayout
        runs = ShortIDRunAudit(ledger: ledger, txn, covered: covered)
    }

    mutating func check(_ id: EventID, at sequence: UInt64, problems: inout ProblemCollector) throws {
        let number = sequence / layout.eventsPerBlock
        if block?.number != number {
            endBlock(problems: &problems)
            block = (number, try txn.get(ledger.databases.indexes.shortIDs, key: ShortIDLayout.key(number)))
        }
        let tag = ledger.storeIndexHasher.shortIDTag(id)
        try runs.check(tag, at: sequence, problems: &problems)
        let place = Int(sequence % layout.eventsPerBlock) * ShortIDLayout.tagSize
        guard let tags = block?.tags, tags.count >= place + ShortIDLayout.tagSize else {
            problems.add(.index, sequence, sequence, "the short-id index has no tag for this event, so `show` and the other commands that take a short id would not find it")
            return
        }
        if !tags[place..<(place + ShortIDLayout.tagSize)].elementsEqual(tag) {
            problems.add(.index, sequence, sequence, "the short-id index holds another id's tag for this event, so `show` and the other commands that take a short id would not find it")
        }
    }

    mutating func finish(problems: inout ProblemCollector) throws {
        endBlock(problems: &problems)
        try runs.finish(problems: &problems)
        let blocksCovered = (covered + layout.eventsPerBlock - 1) / layout.eventsPerBlock
        let cursor = try txn.cursor(ledger.databases.indexes.shortIDs)
        var entry = try cursor.seek(atOrAfter: ShortIDLayout.key(blocksCovered))
        while let (key, _) = entry {
            let first = bigEndianValue(key) &* layout.eventsPerBlock
            problems.add(.index, first, first, "the short-id index has a block of tags past the events the indexes cover")
            entry = try cursor.move(.next)
        }
    }

    /// A block's tags past the events it covers would make a short id name an event that
    /// has another id, or none.
    private func endBlock(problems: inout ProblemCollector) {
        guard let block, let tags = block.tags else { return }
        let first = block.number * layout.eventsPerBlock
        let events = min(covered, first + layout.eventsPerBlock) - min(covered, first)
        if tags.count > Int(events) * ShortIDLayout.tagSize {
            let extra = first + events
            problems.add(.index, extra, extra, "the short-id index holds tags past the events of its block")
        }
    }
}
