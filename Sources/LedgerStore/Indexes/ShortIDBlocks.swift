import LedgerCore

/// The short-id index's layout: each event's tag, in log order, a block of sequences per entry.
/// A short id (the first eight hex digits of an id, as `log` shows them) is found by scanning
/// the tags, three bytes an event, and opening only the events whose tag is the short id's:
/// the id index holds keyed hashes of whole ids, which a prefix cannot look up. Appends touch
/// only the last block, and `audit` compares each block with the log in one walk.
enum ShortIDBlocks {
    static let eventsPerBlock: UInt64 = 4_096
    static let tagSize = 3

    static func key(_ block: UInt64) -> [UInt8] { bigEndianBytes(block) }
}

extension Ledger {
    /// Appends the tags of `events`, in log order and continuing the log, to their blocks.
    func indexShortIDs(_ txn: Transaction, _ events: [(sequence: UInt64, facts: IndexFacts)]) throws {
        var index = 0
        while index < events.count {
            let block = events[index].sequence / ShortIDBlocks.eventsPerBlock
            var tags = try txn.get(databases.indexes.shortIDs, key: ShortIDBlocks.key(block)) ?? []
            let place = Int(events[index].sequence % ShortIDBlocks.eventsPerBlock)
            // Tags past the events the indexes cover stand for nothing the count vouches for
            // (a build carrying on after an older version appended): written again from the log.
            if tags.count > place * ShortIDBlocks.tagSize { tags.removeLast(tags.count - place * ShortIDBlocks.tagSize) }
            guard tags.count == place * ShortIDBlocks.tagSize else {
                throw LedgerStoreError.damagedView(
                    name: "store indexes",
                    reason: "the short-id index holds \(tags.count / ShortIDBlocks.tagSize) tags in block \(block), where event \(events[index].sequence) needs \(place) before its own; `healthledger replay` rebuilds it")
            }
            while index < events.count, events[index].sequence / ShortIDBlocks.eventsPerBlock == block {
                tags += storeIndexHasher.shortIDTag(events[index].facts.id)
                index += 1
            }
            try txn.put(databases.indexes.shortIDs, key: ShortIDBlocks.key(block), value: tags)
        }
    }

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
            let cursor = try txn.cursor(databases.indexes.shortIDs)
            var entry = try cursor.move(.first)
            // A tag's first two bytes as one word in memory's order: one load and compare each.
            let wanted = tag.withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
            while let (key, tags) = entry {
                let block = bigEndianValue(key)
                for place in 0..<(tags.count / ShortIDBlocks.tagSize)
                where tags.loadUnaligned(fromByteOffset: place * ShortIDBlocks.tagSize, as: UInt16.self) == wanted
                    && tags[place * ShortIDBlocks.tagSize + 2] == tag[2] {
                    let stored = try reader.event(at: block * ShortIDBlocks.eventsPerBlock + UInt64(place))
                    guard stored.event.id.description.hasPrefix(prefix) else { continue }
                    count += 1
                    if matches.count < limit { matches.append(stored) }
                }
                entry = try cursor.move(.next)
            }
            return (matches, count)
        }
    }
}
