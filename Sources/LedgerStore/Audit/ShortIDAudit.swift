import LedgerCore

/// What `audit` checks of the short-id index: each covered event's tag is at its place in its
/// block, a block holds no tag past the events it covers, and no block lies past them all.
/// `audit --since` checks the places of the events after its checkpoint (`from`) the same way.
struct ShortIDAudit {
    private let ledger: Ledger
    private let txn: Transaction
    /// The indexes cover the log up to here.
    private let covered: UInt64
    /// The block of the events being checked, and its stored tags (nil when it has none).
    private var block: (number: UInt64, tags: [UInt8]?)?

    init(ledger: Ledger, _ txn: Transaction, covered: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.covered = covered
    }

    mutating func check(_ id: EventID, at sequence: UInt64, problems: inout ProblemCollector) throws {
        let number = sequence / ShortIDBlocks.eventsPerBlock
        if block?.number != number {
            endBlock(problems: &problems)
            block = (number, try txn.get(ledger.databases.indexes.shortIDs, key: ShortIDBlocks.key(number)))
        }
        let place = Int(sequence % ShortIDBlocks.eventsPerBlock) * ShortIDBlocks.tagSize
        guard let tags = block?.tags, tags.count >= place + ShortIDBlocks.tagSize else {
            problems.add(.index, sequence, sequence, "the short-id index has no tag for this event, so `show` and the other commands that take a short id would not find it")
            return
        }
        if !tags[place..<(place + ShortIDBlocks.tagSize)].elementsEqual(ledger.storeIndexHasher.shortIDTag(id)) {
            problems.add(.index, sequence, sequence, "the short-id index holds another id's tag for this event, so `show` and the other commands that take a short id would not find it")
        }
    }

    mutating func finish(problems: inout ProblemCollector) throws {
        endBlock(problems: &problems)
        let blocksCovered = (covered + ShortIDBlocks.eventsPerBlock - 1) / ShortIDBlocks.eventsPerBlock
        let cursor = try txn.cursor(ledger.databases.indexes.shortIDs)
        var entry = try cursor.seek(atOrAfter: ShortIDBlocks.key(blocksCovered))
        while let (key, _) = entry {
            let first = bigEndianValue(key) &* ShortIDBlocks.eventsPerBlock
            problems.add(.index, first, first, "the short-id index has a block of tags past the events the indexes cover")
            entry = try cursor.move(.next)
        }
    }

    /// A block's tags past the events it covers would make a short id name an event that
    /// has another id, or none.
    private func endBlock(problems: inout ProblemCollector) {
        guard let block, let tags = block.tags else { return }
        let first = block.number * ShortIDBlocks.eventsPerBlock
        let events = min(covered, first + ShortIDBlocks.eventsPerBlock) - min(covered, first)
        if tags.count > Int(events) * ShortIDBlocks.tagSize {
            let extra = first + events
            problems.add(.index, extra, extra, "the short-id index holds tags past the events of its block")
        }
    }
}
