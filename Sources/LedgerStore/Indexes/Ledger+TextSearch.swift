import LedgerCore
import LedgerCrypto

extension Ledger {
    /// Every event whose block's text filter may hold `text` in its payload (as `log --text`
    /// matches, lowercased), in log order; `body` decides for each whether it matches and
    /// returns false to stop. With `current`, amendments are skipped and every other event is
    /// handed over as it reads now too; else that is nil. Returns false, reading nothing, when
    /// the text has no trigram the index can look up (`PayloadText.trigrams(ofNeedle:)`).
    public func forEach(
        containing text: String, current: Bool, _ body: (StoredEvent, CurrentEvent?) throws -> Bool
    ) throws -> Bool {
        guard !PayloadText.trigrams(ofNeedle: text).isEmpty else { return false }
        try withStoreIndexes { txn, reader in
            var blocks = try TextBlockFilter(self, txn, text: text)
            let size = try LedgerState.load(txn, databases).frontier.size
            var sequence: UInt64 = 0
            while sequence < size {
                if let first = try blocks.firstOfBlockWithout(sequence), first == sequence {
                    sequence += TextBlooms.eventsPerBlock
                    continue
                }
                guard try hand(sequence, current: current, &reader, to: body) else { return }
                sequence += 1
            }
        }
        return true
    }
}

/// Which blocks of events a text search can skip, in either order: a block's filter is read
/// once, and only the bits of the text's trigrams are looked at.
struct TextBlockFilter {
    private let txn: Transaction
    private let database: Database
    /// The bits of each of the text's trigrams; empty when nothing can be skipped.
    private let trigramBits: [UInt64]
    /// The events the indexes cover: later ones are in no filter.
    private let covered: UInt64
    /// The last block looked at, and whether its filter may hold the text (for the events it holds).
    private var last: (block: UInt64, held: UInt64, mayHold: Bool)?

    init(_ ledger: Ledger, _ txn: Transaction, text: String?) throws {
        self.txn = txn
        database = ledger.databases.indexes.textBlooms
        trigramBits = text.map { PayloadText.trigrams(ofNeedle: $0).map(ledger.storeIndexHasher.textTrigramBits) } ?? []
        covered = trigramBits.isEmpty ? 0 : try StoreIndexes.covered(txn, meta: ledger.databases.meta)
    }

    /// The first sequence of the block of `sequence` when no event of it from there to
    /// `sequence` can hold the text; nil when it may.
    mutating func firstOfBlockWithout(_ sequence: UInt64) throws -> UInt64? {
        guard !trigramBits.isEmpty, sequence < covered else { return nil }
        let block = sequence / TextBlooms.eventsPerBlock
        if last?.block != block {
            // A filter missing or of another size skips nothing (`audit` names it).
            let read = try txn.get(database, key: TextBlooms.key(block)) { value -> (UInt64, Bool)? in
                guard value.count == TextBlooms.countBytes + TextBlooms.filterBytes else { return nil }
                return (bigEndianValue(value[..<TextBlooms.countBytes]),
                        TextFilter.mayHold(trigramBits, in: UnsafeRawBufferPointer(rebasing: value[TextBlooms.countBytes...])))
            } ?? nil
            last = (block, read?.0 ?? 0, read?.1 ?? true)
        }
        guard let last, !last.mayHold, sequence % TextBlooms.eventsPerBlock < last.held else { return nil }
        return block * TextBlooms.eventsPerBlock
    }
}
