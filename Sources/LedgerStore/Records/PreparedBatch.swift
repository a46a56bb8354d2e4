import LedgerCrypto

/// Where one prepared event's pieces lie in its batch's byte buffer.
struct PreparedEvent {
    /// The dedup index key.
    let key: IndexKey
    /// What it adds to the store indexes.
    let facts: IndexFacts
    let encoded: Range<Int>
    var plain: Range<Int>
    var sealed: Range<Int> = 0..<0
    var leafHash: Range<Int> = 0..<0
}

/// A batch made ready off the write lock. Every event's bytes live in one buffer: batches
/// are made on one thread and freed on another, and one allocation per batch rather than
/// five per event keeps the two threads from contending in the allocator.
struct PreparedBatch {
    var bytes: [UInt8] = []
    var events: [PreparedEvent] = []
    /// The dictionary the events were compressed with.
    var dictionary: UInt8?
    /// Set when the events were sealed ahead at `first`, `first + 1`, … with `batchKey`.
    var speculation: (first: UInt64, batchKey: RecordSealer.BatchKey)?
    /// Whether the events' ids were just drawn at random (`EventID.random()`), so none can be
    /// stored already and the dedup index need not be searched for them.
    var idsDrawnAtRandom = false

    func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }
}
