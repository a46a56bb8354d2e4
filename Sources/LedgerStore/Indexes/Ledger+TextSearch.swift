import LedgerCore
import LedgerCrypto

/// What the text index can narrow a read of the log by: a text the payload holds (as `log
/// --text` matches, lowercased) and the source the event came from (as `log --source` matches,
/// `SourceName`). Whoever reads still decides for each event handed over whether it matches.
public struct IndexedSearch: Sendable, Equatable {
    public let text: String?
    public let source: String?

    public init(text: String? = nil, source: String? = nil) {
        self.text = text
        self.source = source
    }

    /// The codes whose bits every matching event's block and run filters hold; empty when the
    /// index cannot narrow the search (no source, and a text without a gram it keeps:
    /// `PayloadText.codes(ofNeedle:)`).
    var codes: [UInt32] { (text.map(PayloadText.codes(ofNeedle:)) ?? []) + (source.map { [SourceName.code($0)] } ?? []) }
}

extension Ledger {
    /// Every event whose block's text filter, and whose own codes, may hold what `search` asks
    /// for, in log order; `body` decides for each whether it matches and returns false to stop. With `current`,
    /// amendments are skipped and every other event is handed over as it reads now too; else
    /// that is nil. Returns false, reading nothing, when the index cannot narrow the search.
    public func forEach(
        matching search: IndexedSearch, current: Bool, _ body: (StoredEvent, CurrentEvent?) throws -> Bool
    ) throws -> Bool {
        guard !search.codes.isEmpty else { return false }
        try withStoreIndexes(lookingUpAlong: true) { txn, reader in
            var filters = try TextBlockFilter(self, txn, search: search)
            let size = try LedgerState.load(txn, databases).frontier.size
            var sequence: UInt64 = 0
            while sequence < size {
                if let skipped = try filters.skippable(sequence), skipped.lowerBound == sequence {
                    sequence = skipped.upperBound
                    continue
                }
                guard try hand(sequence, current: current, &reader, holding: filters.codes, to: body) else { return }
                sequence += 1
            }
        }
        return true
    }
}

/// Which runs and blocks of events a search can skip, in either order: a filter is read once,
/// and only the bits of the search's codes are looked at.
struct TextBlockFilter {
    private let txn: Transaction
    private let databases: (blocks: Database, runs: Database)
    /// The search's codes, which every event that matches holds; empty when nothing can be skipped.
    let codes: [UInt32]
    /// The bits of each of them in a filter.
    private let codeBits: [UInt64]
    /// The events the indexes cover: later ones are in no filter.
    private let covered: UInt64
    private let eventsPerRun: UInt64
    /// The last run and block looked at, with the events they hold and whether they may hold the text.
    private var run: (number: UInt64, held: UInt64, mayHold: Bool)?
    private var block: (number: UInt64, held: UInt64, mayHold: Bool)?

    init(_ ledger: Ledger, _ txn: Transaction, search: IndexedSearch) throws {
        self.txn = txn
        databases = (ledger.databases.indexes.textBlooms, ledger.databases.indexes.textRuns)
        codes = search.codes
        codeBits = codes.map(ledger.storeIndexHasher.textCodeBits)
        covered = codeBits.isEmpty ? 0 : try StoreIndexes.covered(txn, meta: ledger.databases.meta)
        eventsPerRun = TextBlooms.eventsPerBlock * ledger.textRunBlocks
    }

    /// The events of the run or block of `sequence` (from its first to the last its filter
    /// holds) when its filter shows none of them matches; nil when they may.
    mutating func skippable(_ sequence: UInt64) throws -> Range<UInt64>? {
        guard !codeBits.isEmpty, sequence < covered else { return nil }
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
                    TextFilter.mayHold(codeBits, in: UnsafeRawBufferPointer(rebasing: value[TextBlooms.countBytes...]), scope))
        } ?? nil
        return (number, read?.0 ?? 0, read?.1 ?? true)
    }
}
