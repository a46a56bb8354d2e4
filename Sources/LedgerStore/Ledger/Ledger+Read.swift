import LedgerCore
import LedgerCrypto
import Migrations

/// A committed batch: where it starts, its nonce prefix and its sealed commit time.
struct BatchInfo {
    let first: UInt64
    let noncePrefix: [UInt8]
    let sealedTime: [UInt8]

    init?(first: UInt64, value: UnsafeRawBufferPointer) {
        guard value.count > RecordSealer.noncePrefixSize else { return nil }
        self.first = first
        noncePrefix = Array(value[0..<RecordSealer.noncePrefixSize])
        sealedTime = Array(value[RecordSealer.noncePrefixSize...])
    }
}

func sequenceNumber(_ key: UnsafeRawBufferPointer) -> UInt64? {
    guard key.count == 8 else { return nil }
    return key.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
}

extension Ledger {
    /// Calls `body` with every stored record from `start` in key order, with the batch it
    /// belongs to; `body` returns false to stop. Records are valid only during the call.
    func scanRecords(
        _ txn: Transaction, from start: UInt64,
        _ body: (UInt64, UnsafeRawBufferPointer, BatchInfo) throws -> Bool
    ) throws {
        let logCursor = try txn.cursor(databases.log)
        let batchCursor = try txn.cursor(databases.batches)
        var batch = try batchContaining(start, cursor: batchCursor)
        var nextBatch = try batchCursor.move(.next).flatMap { entry in sequenceNumber(entry.key).flatMap { BatchInfo(first: $0, value: entry.value) } }
        var entry = try logCursor.seek(atOrAfter: bigEndianBytes(start))
        while let (key, value) = entry {
            guard let sequence = sequenceNumber(key) else {
                throw LedgerStoreError.unreadableRecord(sequence: 0, reason: "a log key of \(key.count) bytes is not a sequence number")
            }
            while let next = nextBatch, next.first <= sequence {
                batch = next
                nextBatch = try batchCursor.move(.next).flatMap { entry in sequenceNumber(entry.key).flatMap { BatchInfo(first: $0, value: entry.value) } }
            }
            guard let batch else { throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "no committed batch covers it") }
            guard try body(sequence, value, batch) else { return }
            entry = try logCursor.move(.next)
        }
    }

    /// The batch whose first sequence is the largest at or below `sequence`; the cursor is left on it.
    func batchContaining(_ sequence: UInt64, cursor: Cursor) throws -> BatchInfo? {
        var entry = try cursor.seek(atOrAfter: bigEndianBytes(sequence))
        if entry.flatMap({ sequenceNumber($0.key) }) != sequence {
            entry = entry == nil ? try cursor.move(.last) : try cursor.move(.previous)
        }
        guard let (key, value) = entry, let first = sequenceNumber(key) else { return nil }
        return BatchInfo(first: first, value: value)
    }

    func commitTime(of batch: BatchInfo) throws -> Timestamp {
        let bytes = try blobSealer.open(batch.sealedTime, associatedData: associatedData(batchStarting: batch.first))
        return Timestamp(micros: Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
    }

    /// Opens, decodes and upcasts the record at `sequence`.
    func decodeRecord(_ record: UnsafeRawBufferPointer, sequence: UInt64, batch: BatchInfo, times: inout [UInt64: Timestamp]) throws -> StoredEvent {
        do {
            let encoded = try codec.open(record, sequence: sequence, noncePrefix: batch.noncePrefix)
            let recordedAt: Timestamp
            if let known = times[batch.first] {
                recordedAt = known
            } else {
                recordedAt = try commitTime(of: batch)
                times = [batch.first: recordedAt]
            }
            let event = try Upcasters.upgrade(EnvelopeCodec.decode(encoded, recordedAt: recordedAt))
            return StoredEvent(sequence: sequence, event: event)
        } catch {
            throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "\(error)")
        }
    }

    /// Streams events from `start` in log order; `body` returns false to stop early.
    public func forEach(from start: UInt64 = 0, _ body: (StoredEvent) throws -> Bool) throws {
        try environment.read { txn in
            try loadDictionaries(txn, upTo: LedgerState.load(txn, databases).currentDictionary)
            var times: [UInt64: Timestamp] = [:]
            try scanRecords(txn, from: start) { sequence, record, batch in
                try body(decodeRecord(record, sequence: sequence, batch: batch, times: &times))
            }
        }
    }

    /// Every event, in log order.
    public func allEvents() throws -> [StoredEvent] {
        var events: [StoredEvent] = []
        try forEach { events.append($0); return true }
        return events
    }

    /// The event stored at `sequence`, or nil past the end.
    public func event(sequence: UInt64) throws -> StoredEvent? {
        try environment.read { txn in
            try loadDictionaries(txn, upTo: LedgerState.load(txn, databases).currentDictionary)
            let batchCursor = try txn.cursor(databases.batches)
            return try txn.get(databases.log, key: bigEndianBytes(sequence)) { record in
                guard let batch = try batchContaining(sequence, cursor: batchCursor) else {
                    throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "no committed batch covers it")
                }
                var times: [UInt64: Timestamp] = [:]
                return try decodeRecord(record, sequence: sequence, batch: batch, times: &times)
            }
        }
    }

    /// The event with `id`, found through the keyed index.
    public func event(id: EventID) throws -> StoredEvent? {
        let sequence = try environment.read { txn in
            try txn.get(databases.ids, key: indexHasher.hash(id.bytes)) { IndexValue.sequence($0) }
        }
        guard let found = sequence ?? nil, let stored = try event(sequence: found), stored.event.id == id else { return nil }
        return stored
    }
}
