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
            var filters = try TextBlockFilter(self, txn, text: text)
            let size = try LedgerState.load(txn, databases).frontier.size
            var sequence: UInt64 = 0
            while sequence < size {
                if let skipped = try filters.skippable(sequence), skipped.lowerBound == sequence {
                    sequence = skipped.upperBound
                    continue
                }
                guard try hand(sequence, current: current, &reader, to: body) else { return }
                sequence += 1
            }
        }
        return true
    }
}

/// Which runs and blocks of events a text search can skip, in either order: a filter is read
/// once, and only the bits of the text's trigrams are looked at.
struct TextBlockFilter {
    private let txn: Transaction
    private let databases: (blocks: Database, runs: Database)
    /// The bits of each of the text's trigrams; empty when nothing can be skipped.
    private let trigramBits: [UInt64]
    /// The events the indexes cover: later ones are in no filter.
    private let covered: UInt64
    private let eventsPerRun: UInt64
    /// The last run and block looked at, with the events they hold and whether they may hold the text.
    private var run: (number: UInt64, held: UInt64, mayHold: Bool)?
    private var block: (number: UInt64, held: UInt64, mayHold: Bool)?

    init(_ ledger: Ledger, _ txn: Transaction, text: String?) throws {
        self.txn = txn
        databases = (ledger.databases.indexes.textBlooms, ledger.databases.indexes.textRuns)
        trigramBits = text.map { PayloadText.trigrams(ofNeedle: $0).map(ledger.storeIndexHasher.textTrigramBits) } ?? []
        covered = trigramBits.isEmpty ? 0 : try StoreIndexes.covered(txn, meta: ledger.databases.meta)
        eventsPerRun = TextBlooms.eventsPerBlock * ledger.textRunBlocks
    }

    /// The events of the run or block of `sequence` (from its first to the last its filter
    /// holds) when its filter shows none of them holds the text; nil when they may.
    mutating func skippable(_ sequence: UInt64) throws -> Range<UInt64>? {
        guard !trigramBits.isEmpty, sequence < covered else { return nil }
        let runNumber = sequence / eventsPerRun
        if run?.number != runNumber { run = try look(runNumber, in: databases.runs, .run) }
        if let run, !run.mayHold, sequence % eventsPerRun < run.held {
            return (runNumber * eventsPerRun)..<(runNumber * eventsPerRun + run.held)
        }
        let blockNumber = sequence / TextBlooms.eventsPerBlock
        if block?.number != blockNumber { block = try look(blockNumber, in: databases.blocks, .block) }
        if let block, !block.mayHold, sequence % TextBlooms.eventsPerBlock < block.held {
            return (blockNumber * TextBlooms.eventsPerBlock)..<(blockNumber * TextBlooms.eventsPerBlock + block.held)
        }
        return nil
    }

    /// A filter missing or of another size skips nothing (`audit` names it).
    private func look(_ number: UInt64, in database: Database, _ scope: TextFilterScope) throws -> (number: UInt64, held: UInt64, mayHold: Bool) {
        let read = try txn.get(database, key: TextBlooms.key(number)) { value -> (UInt64, Bool)? in
            guard value.count == TextBlooms.countBytes + scope.bytes else { return nil }
            return (bigEndianValue(value[..<TextBlooms.countBytes]),
                    TextFilter.mayHold(trigramBits, in: UnsafeRawBufferPointer(rebasing: value[TextBlooms.countBytes...]), scope))
        } ?? nil
        return (number, read?.0 ?? 0, read?.1 ?? true)
    }
}
