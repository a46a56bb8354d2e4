import Foundation
public import LedgerCore
import LedgerCrypto
import Migrations
import Synchronization

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
    return bigEndianValue(key)
}

extension Ledger {
    /// Calls `body` with every stored record from `start` in key order, with the batch it
    /// belongs to; `body` returns false to stop. Records are valid for the transaction.
    ///
    /// A whole-log scan (an audit, an export, a replay) maps the file as it goes; its cursor
    /// lets go of what it mapped past the budget (see `MappedPageAllowance`). Pointers into
    /// the map stay valid.
    func scanRecords(
        _ txn: Transaction, from start: UInt64,
        _ body: (UInt64, UnsafeRawBufferPointer, BatchInfo) throws -> Bool
    ) throws {
        let logCursor = try txn.cursor(databases.log)
        let batchCursor = try txn.cursor(databases.batches)
        var batch = try batchContaining(start, cursor: batchCursor)
        var nextBatch = try batchCursor.move(.next).flatMap { entry in sequenceNumber(entry.key).flatMap { BatchInfo(first: $0, value: entry.value) } }
        var entry = try logCursor.seek(atOrAfter: bigEndianBytes(start))
        var previous: UInt64?
        while let (key, value) = entry {
            guard let sequence = sequenceNumber(key) else { throw LedgerStoreError.malformedLogKey(Array(key), after: previous) }
            previous = sequence
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
        let bytes = try logMetadataSealer.open(batch.sealedTime, associatedData: associatedData(batchStarting: batch.first))
        return Timestamp(micros: Int64(bitPattern: bigEndianValue(bytes)))
    }

    /// Opens, decodes and upcasts the record at `sequence`.
    func decodeRecord(
        _ record: UnsafeRawBufferPointer, sequence: UInt64, batch: BatchInfo, times: inout [UInt64: Timestamp], codec: RecordCodec? = nil
    ) throws -> StoredEvent {
        // Cannot be nil: no codes to hold
        try decodeRecord(record, sequence: sequence, batch: batch, times: &times, codec: codec, holding: [])!
    }

    /// `decodeRecord`, or nil without decoding when the event, in its kind's current schema,
    /// lacks one of the text index's `codes` (its payload's grams and its source's code):
    /// it cannot match the search they came from. An event in an older schema is decoded and
    /// upcast, since readers match it as it reads now.
    func decodeRecord(
        _ record: UnsafeRawBufferPointer, sequence: UInt64, batch: BatchInfo, times: inout [UInt64: Timestamp], codec: RecordCodec?,
        holding codes: [UInt32]
    ) throws -> StoredEvent? {
        ReadStatistics.recordsOpened.wrappingAdd(1, ordering: .relaxed)
        do {
            let codec = codec ?? self.codec
            let encoded = try codec.open(record, sequence: sequence, noncePrefix: batch.noncePrefix)
            if !codes.isEmpty, let start = EnvelopeCodec.kindAndSchema(encoded), Upcasters.isCurrent(start.kind, schema: start.schema) {
                var held = PayloadGrams(rememberingTokens: false)
                _ = try EnvelopeCodec.header(encoded, grams: &held)
                guard codes.allSatisfy(held.codes.contains) else { return nil }
            }
            let recordedAt: Timestamp
            if let known = times[batch.first] {
                recordedAt = known
            } else {
                recordedAt = try commitTime(of: batch)
                times = [batch.first: recordedAt]
            }
            let event = try Upcasters.upgrade(EnvelopeCodec.decode(encoded, recordedAt: recordedAt, strings: &codec.strings))
            return StoredEvent(sequence: sequence, event: event, recordBytes: record.count)
        } catch {
            throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "\(error)")
        }
    }

    /// Streams events from `start` in log order; `body` returns false to stop early.
    ///
    /// Records are opened and decoded on both cores: while the calling thread hands chunk k
    /// to `body`, a worker decodes blocks of chunk k+1; then both decode what is left of it.
    /// The worker's share grows with what `body` costs.
    public func forEach(from start: UInt64 = 0, _ body: (StoredEvent) throws -> Bool) throws {
        try environment.read { txn in
            try loadDictionaries(txn, upTo: LedgerState.load(txn, databases).currentDictionary)
            var decoded: DecodedChunk?
            var pending: [PendingRecord] = []
            pending.reserveCapacity(Self.readChunk)
            var stopped = false
            func deliver(_ chunk: DecodedChunk) throws {
                for result in chunk.results where !stopped { stopped = try !body(result.get()) }
            }
            func advance() throws {
                let next = DecodedChunk(records: pending)
                pending.removeAll(keepingCapacity: true)
                let group = DispatchGroup()
                let work = UnsafeTransfer(ParallelDecode(ledger: self, chunk: next, claims: BlockClaims(count: next.records.count)))
                DispatchQueue.global().async(group: group) { work.value.decodeClaimedBlocks(codec: work.value.ledger.secondaryCodec) }
                // The worker reads mapped records of this transaction: wait for it whatever happens.
                defer { group.wait() }
                if let previous = decoded.take() {
                    try deliver(previous)
                    // Freeing a chunk's thousands of events is work the delivering thread,
                    // which sets the pace, need not do: the holder keeps the only reference.
                    let delivered = DeliveredChunk(consume previous)
                    DispatchQueue.global().async(group: group) { delivered.release() }
                }
                work.value.decodeClaimedBlocks(codec: codec)
                group.wait()
                decoded = next
            }
            // Record pointers stay valid for the whole read transaction, so chunks need no copy.
            // A chunk also ends at `readChunkBytes` of sealed records: decoded, a few thousand
            // workouts with routes would otherwise hold hundreds of megabytes at once.
            var pendingBytes = 0
            var expected = start
            try scanRecords(txn, from: start) { sequence, record, batch in
                // The log is dense: a record missing here was deleted, and skipping it would
                // show a history with a hole in it as if it were whole.
                guard sequence == expected else {
                    throw LedgerStoreError.unreadableRecord(
                        sequence: expected,
                        reason: "it is missing (the log goes on at \(sequence)): records were deleted from the vault file")
                }
                expected += 1
                pending.append(PendingRecord(sequence: sequence, record: record, batch: batch))
                pendingBytes += record.count
                if pending.count == Self.readChunk || pendingBytes >= Self.readChunkBytes {
                    try advance()
                    pendingBytes = 0
                }
                return !stopped
            }
            if !stopped, !pending.isEmpty { try advance() }
            if !stopped, let last = decoded { try deliver(last) }
        }
    }

    static let readChunk = 4_096
    static let readChunkBytes = 1 << 20

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

    /// The event with `id`, found through the keyed index. An amendment's target is looked up
    /// by the command and again by each view that folds it: a search of the index's recent
    /// tier is a pass over every key since its last settling, so what one search found is
    /// kept, and read again only after checking that the record there has this id.
    public func event(id: EventID) throws -> StoredEvent? {
        try environment.read { txn in
            try loadDictionaries(txn, upTo: LedgerState.load(txn, databases).currentDictionary)
            var reader = try RecordReader(ledger: self, txn)
            return try event(id: id, txn, &reader)
        }
    }

    /// `event(id:)` inside a transaction the caller holds (a read, or an append's write).
    func event(id: EventID, _ txn: Transaction, _ reader: inout RecordReader) throws -> StoredEvent? {
        if let known = foundIDs.sequence(of: id), let stored = try? reader.event(at: known), stored.event.id == id { return stored }
        let key = IndexKey(of: id, indexHasher)
        let settled = try key.withBytes { try databases.ids.settledSequence(txn, key: $0) }
        // The recent tier is a pass over every key since its last settling, all of it for an
        // id no event has; the short-id index tells most of those apart in a bounded read.
        if settled == nil, try shortIDIndexRulesOut(id, txn) { return nil }
        guard let found = try settled ?? databases.ids.recentSequence(txn, key: key) else { return nil }
        let stored = try reader.event(at: found)
        guard stored.event.id == id else { return nil }
        foundIDs.remember(id, at: found)
        return stored
    }
}

struct PendingRecord {
    let sequence: UInt64
    let record: UnsafeRawBufferPointer
    let batch: BatchInfo
}

/// A chunk of records and, once decoded, their events (or why each failed), in memory the
/// chunk owns so two threads can fill disjoint slots.
final class DecodedChunk {
    let records: [PendingRecord]
    let results: UnsafeMutableBufferPointer<Result<StoredEvent, any Error>>

    init(records: [PendingRecord]) {
        self.records = records
        results = .allocate(capacity: records.count)
        results.initialize(repeating: .failure(LedgerStoreError.io(path: "", reason: "not decoded")))
    }

    deinit {
        results.deinitialize()
        results.deallocate()
    }
}

/// A delivered chunk on its way to another thread to be freed there.
private final class DeliveredChunk: @unchecked Sendable {
    // Unchecked: set once by the delivering thread, then only released by the one it is handed to.
    private var chunk: DecodedChunk?

    init(_ chunk: DecodedChunk) { self.chunk = chunk }

    func release() { chunk = nil }
}

/// Decoding of one chunk by two threads, handed to the worker as an `UnsafeTransfer`: each
/// thread decodes the blocks it claims with its own decompression context into their slots
/// of the chunk's results; keys and dictionaries (behind their lock) are only read.
private struct ParallelDecode {
    let ledger: Ledger
    let chunk: DecodedChunk
    let claims: BlockClaims

    func decodeClaimedBlocks(codec: RecordCodec) {
        var times: [UInt64: Timestamp] = [:]
        while let block = claims.claim() {
            for index in claims.range(of: block) {
                let item = chunk.records[index]
                chunk.results[index] = Result { try ledger.decodeRecord(item.record, sequence: item.sequence, batch: item.batch, times: &times, codec: codec) }
            }
        }
    }
}
