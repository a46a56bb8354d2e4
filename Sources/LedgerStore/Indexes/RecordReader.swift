import LedgerCore

/// Opens single records by sequence within one transaction, as the indexes point at them.
struct RecordReader {
    let ledger: Ledger
    let txn: Transaction
    /// The decompression context records are opened with: the ledger's own unless this
    /// thread is not the one that uses it.
    private let codec: RecordCodec?
    private let batches: Cursor
    private var times: [UInt64: Timestamp] = [:]

    init(ledger: Ledger, _ txn: Transaction, codec: RecordCodec? = nil) throws {
        self.ledger = ledger
        self.txn = txn
        self.codec = codec
        batches = try txn.cursor(ledger.databases.batches)
    }

    /// The event at `sequence`; an index entry past the log is a damaged index.
    mutating func event(at sequence: UInt64) throws -> StoredEvent {
        // Cannot be nil: no codes to hold
        try event(at: sequence, holding: [])!
    }

    /// The event at `sequence`, or nil when it lacks one of the text index's `codes`
    /// (`Ledger.decodeRecord(_:sequence:batch:times:codec:holding:)`).
    mutating func event(at sequence: UInt64, holding codes: [UInt32]) throws -> StoredEvent? {
        let found = try txn.get(ledger.databases.log, key: bigEndianBytes(sequence)) { record -> StoredEvent? in
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
}
