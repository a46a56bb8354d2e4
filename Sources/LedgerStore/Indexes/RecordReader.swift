import LedgerCore

/// Opens single records by sequence within one transaction, as the indexes point at them.
struct RecordReader {
    let ledger: Ledger
    let txn: Transaction
    /// The decompression context records are opened with: the ledger's own unless this
    /// thread is not the one that uses it.
    private let codec: RecordCodec?
    private let batches: Cursor
    /// A cursor on the amendment index, made on the first event asked for as it reads now:
    /// a walk reads each event's amendments through one cursor, not a new one per event.
    private var amendments: Cursor?
    private var times: [UInt64: Timestamp] = [:]
    /// The last search's codes and their filter bits, which a large record's own filter is read by.
    private var searched: (codes: [UInt32], bits: [UInt64]) = ([], [])
    /// The events the store indexes cover, once a large record needed it: a filter past them
    /// is not read (`audit` names it).
    private var covered: UInt64?

    init(ledger: Ledger, _ txn: Transaction, codec: RecordCodec? = nil) throws {
        self.ledger = ledger
        self.txn = txn
        self.codec = codec
        batches = try txn.cursor(ledger.databases.batches)
    }

    /// The sequences of the amendments the index lists for `id` (`Ledger.amendmentSequences`).
    mutating func amendmentSequences(of id: EventID) throws -> [UInt64] {
        let cursor = try amendments ?? txn.cursor(ledger.databases.indexes.amendments)
        amendments = cursor
        return try ledger.amendmentSequences(of: id, through: cursor)
    }

    /// The event at `sequence`; an index entry past the log is a damaged index.
    mutating func event(at sequence: UInt64) throws -> StoredEvent {
        // Cannot be nil: no codes to hold
        try event(at: sequence, holding: [])!
    }

    /// The event at `sequence`, or nil when it lacks one of the text index's `codes`: by its
    /// own filter, unopened, for a large record (`LargeEventFilters`), else as it is opened
    /// (`Ledger.decodeRecord(_:sequence:batch:times:codec:holding:)`).
    mutating func event(at sequence: UInt64, holding codes: [UInt32]) throws -> StoredEvent? {
        if !codes.isEmpty, searched.codes != codes { searched = (codes, codes.map(ledger.storeIndexHasher.textCodeBits)) }
        let found = try txn.get(ledger.databases.log, key: bigEndianBytes(sequence)) { record -> StoredEvent? in
            if !codes.isEmpty, LargeEventFilters.isLarge(record), try lacksByOwnFilter(sequence) { return nil }
            guard let batch = try ledger.batchContaining(sequence, cursor: batches) else {
                throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "no committed batch covers it")
            }
            return try ledger.decodeRecord(record, sequence: sequence, batch: batch, times: &times, codec: codec, holding: codes)
        }
        guard let found else {
            throw LedgerStoreError.damagedView(
                name: "store indexes", reason: "an entry points at sequence \(sequence), which the log does not hold; `healthledger replay` rebuilds them")
        }
        return found
    }

    /// Whether the large record at `sequence` lacks a code of the last search by its own
    /// filter; false past the events the indexes cover.
    private mutating func lacksByOwnFilter(_ sequence: UInt64) throws -> Bool {
        if covered == nil { covered = try StoreIndexes.covered(txn, meta: ledger.databases.meta) }
        guard let covered, sequence < covered else { return false }
        return try ledger.largeEventLacks(searched.bits, at: sequence, txn)
    }
}
