public import LedgerCore
import LedgerCrypto

/// What an append did.
public struct AppendOutcome: Sendable, Equatable {
    /// Sequence numbers given to the new events, in input order.
    public var appended: [UInt64] = []
    /// Events already in the log, so skipped: by their id, or as the same record (`SameRecord`)
    /// under another id.
    public var duplicates = 0
    /// Of `duplicates`, those skipped as the same record as an event stored under another id,
    /// by the name of that event's source (`Health Auto Export`, an Apple Health `sourceName`).
    public var heldUnderAnotherID: [String: Int] = [:]

    public init(appended: [UInt64] = [], duplicates: Int = 0, heldUnderAnotherID: [String: Int] = [:]) {
        self.appended = appended
        self.duplicates = duplicates
        self.heldUnderAnotherID = heldUnderAnotherID
    }

    /// From each input event's sequence number, nil for a duplicate.
    init(assigned: [UInt64?], heldUnderAnotherID: [String: Int] = [:]) {
        self.init(appended: assigned.compactMap { $0 }, duplicates: assigned.count { $0 == nil }, heldUnderAnotherID: heldUnderAnotherID)
    }

    /// The outcome of each batch of a commit.
    static func of(_ committed: CommittedBatches) -> [AppendOutcome] {
        zip(committed.sequences, committed.heldUnderAnotherID).map { AppendOutcome(assigned: $0, heldUnderAnotherID: $1) }
    }

    /// One outcome for all the batches of a commit.
    static func merged(_ committed: CommittedBatches) -> AppendOutcome {
        AppendOutcome(
            assigned: committed.sequences.flatMap { $0 },
            heldUnderAnotherID: committed.heldUnderAnotherID.reduce(into: [:]) { $0.merge($1, uniquingKeysWith: +) })
    }
}

/// What a commit did with each of its batches.
struct CommittedBatches {
    /// Each event's sequence number, nil for one skipped.
    var sequences: [[UInt64?]]
    /// The events skipped as the same record as one stored under another id, by that one's source name.
    var heldUnderAnotherID: [[String: Int]]
}

extension Ledger {
    /// Appends `events` in one durable write transaction: all of them or none.
    ///
    /// Events whose id is already stored are skipped, so re-running an import appends nothing.
    /// `idsDrawnAtRandom` says every id was just drawn by `EventID.random()`: 128 random bits
    /// match no stored id, so the dedup index is not searched (a pass over its recent tier,
    /// which grows with the log up to its settling limit).
    @discardableResult
    public func append(_ events: [Event], recordedAt: Timestamp = .now(), idsDrawnAtRandom: Bool = false) throws -> AppendOutcome {
        try refuseCorrectionsOfAnotherKind(events)
        var batch = try preparer.prepare(events)
        batch.idsDrawnAtRandom = idsDrawnAtRandom
        return AppendOutcome.merged(try commit([batch], recordedAt: recordedAt))
    }

    /// Stores prepared batches in one transaction: dedup, seal at their sequence numbers,
    /// hash into the tree. Returns each event's sequence number per batch, nil for a duplicate.
    func commit(_ prepared: [PreparedBatch], recordedAt: Timestamp) throws -> CommittedBatches {
        // Before, not after: if settling fails, nothing of this batch is stored either.
        try settleRecentIDsIfNeeded(adding: prepared.reduce(0) { $0 + $1.events.count })
        var batches = prepared
        var signed: SignedCheckpoint?
        let sequences = try environment.write { txn in
            var state = try LedgerState.load(txn, databases)
            try verifyHead(txn, frontier: state.frontier)
            try loadDictionaries(txn, upTo: state.currentDictionary)
            try trainDictionaryIfDue(txn, state: &state, batches: &batches)
            let first = state.frontier.size
            let (sequences, held) = try assignSequences(txn, batches, first: first)
            for (batch, assigned) in zip(batches, sequences) {
                guard let batchFirst = assigned.lazy.compactMap({ $0 }).first else { continue }
                let batchKey = try sealAndPut(txn, batch, at: assigned, first: batchFirst, frontier: &state.frontier)
                try recordBatch(txn, first: batchFirst, key: batchKey, recordedAt: recordedAt)
            }
            try indexCommitted(txn, batches, sequences, logSizeBefore: first)
            if state.frontier.size > first { signed = try storeHead(txn, frontier: state.frontier) }
            return CommittedBatches(sequences: sequences, heldUnderAnotherID: held)
        }
        if let signed { witness?.record(signed, publicKey: header.publicKeyBytes) }
        return sequences
    }

    /// Trains a dictionary when the log reaches the next training size with `batches`, and
    /// compresses again those prepared before the vault had any.
    private func trainDictionaryIfDue(_ txn: Transaction, state: inout LedgerState, batches: inout [PreparedBatch]) throws {
        let total = batches.reduce(0) { $0 + $1.events.count }
        if state.frontier.size + UInt64(total) >= state.nextTraining {
            // Only as many as training takes: copying out a whole transaction holds its
            // encoded bytes twice for nothing.
            var samples = DictionarySamples()
            gathering: for batch in batches {
                for event in batch.events {
                    guard !samples.isFull else { break gathering }
                    batch.withBytes(event.encoded) { samples.add($0) }
                }
            }
            try trainDictionary(txn, state: &state, samples: samples, incoming: total)
        }
        // The first dictionary is what lets small records compress well. Batches compressed
        // with an older one stay as they are, since every dictionary is kept for reading:
        // compressing again the batches in flight at a retraining holds their bytes twice.
        for index in batches.indices where batches[index].dictionary == nil && state.currentDictionary != nil {
            preparer.recompress(&batches[index], dictionary: state.currentDictionary)
        }
    }

    /// Seals `batch`'s new events at their sequence numbers (or takes the records sealed
    /// ahead, when the preparer guessed the numbers right), puts them in the log and hashes
    /// them into `frontier`. Returns the key the records are sealed with.
    private func sealAndPut(
        _ txn: Transaction, _ batch: PreparedBatch, at assigned: [UInt64?], first: UInt64, frontier: inout MerkleFrontier
    ) throws -> RecordSealer.BatchKey {
        let sealedAhead = batch.speculation.map { $0.first == first && !assigned.contains(nil) } ?? false
        let batchKey = (sealedAhead ? batch.speculation?.batchKey : nil) ?? codec.sealer.batchKey(RecordSealer.newNoncePrefix())
        for (event, sequence) in zip(batch.events, assigned) {
            guard let sequence else { continue }
            var key = sequence.bigEndian
            try withUnsafeBytes(of: &key) { key in
                if sealedAhead, !event.sealed.isEmpty {
                    frontier.append(leafHash: Array(batch.bytes[event.leafHash]))
                    _ = try batch.withBytes(event.sealed) { try txn.put(databases.log, key: key, value: $0, mode: .append) }
                } else {
                    let record = batch.withBytes(event.plain) { codec.seal($0, sequence: sequence, batch: batchKey) }
                    frontier.append(leafHash: MerkleHasher.leaf(record))
                    _ = try record.withUnsafeBytes { try txn.put(databases.log, key: key, value: $0, mode: .append) }
                }
            }
        }
        return batchKey
    }

    /// Records the batch that starts at `first`: its records' nonce prefix and its sealed commit time.
    private func recordBatch(_ txn: Transaction, first: UInt64, key: RecordSealer.BatchKey, recordedAt: Timestamp) throws {
        let commitTime = withUnsafeBytes(of: recordedAt.micros.bigEndian) { Array($0) }
        let value = key.noncePrefix + logMetadataSealer.seal(commitTime, associatedData: associatedData(batchStarting: first))
        try txn.put(databases.batches, key: bigEndianBytes(first), value: value, mode: .append)
    }

    /// Adds every new id to the dedup index and returns each event's sequence number (per
    /// batch), or nil for an id already stored or earlier in the same transaction, or for the
    /// same record as one stored under another id (`markSameRecords`), counted per batch.
    ///
    /// Keys are looked up in sorted order, so the settled B-tree is walked once from left to
    /// right rather than jumped about, and a key repeated in the transaction comes right
    /// after its first.
    private func assignSequences(_ txn: Transaction, _ batches: [PreparedBatch], first: UInt64) throws -> ([[UInt64?]], [[String: Int]]) {
        // Each place carries its key, so that sorting compares values in place rather than
        // reaching into two batches' event lists per comparison.
        var places: [(key: IndexKey, position: Int)] = []
        places.reserveCapacity(batches.reduce(0) { $0 + $1.events.count })
        var isDuplicate: [Bool] = []
        for batch in batches {
            for event in batch.events {
                isDuplicate.append(false)
                if !batch.idsDrawnAtRandom { places.append((event.key, isDuplicate.count - 1)) }
            }
        }
        places.sort { lhs, rhs in lhs.key != rhs.key ? lhs.key < rhs.key : lhs.position < rhs.position }
        for (place, stored) in zip(places, try databases.ids.stored(txn, sortedKeys: places.map(\.key))) {
            isDuplicate[place.position] = stored
        }
        let held = try markSameRecords(txn, batches, &isDuplicate)
        var sequences: [[UInt64?]] = []
        var position = 0
        var next = first
        for batch in batches {
            var assigned: [UInt64?] = []
            assigned.reserveCapacity(batch.events.count)
            for event in batch.events {
                defer { position += 1 }
                guard !isDuplicate[position] else {
                    assigned.append(nil)
                    continue
                }
                try databases.ids.appendRecent(txn, sequence: next, key: event.key)
                assigned.append(next)
                next += 1
            }
            sequences.append(assigned)
        }
        return (sequences, held)
    }

    /// Saves the frontier and a freshly signed checkpoint over it.
    func storeHead(_ txn: Transaction, frontier: MerkleFrontier) throws -> SignedCheckpoint {
        try txn.put(databases.meta, key: MetaKey.frontier, value: frontier.serialized)
        try databases.treeEdges.record(txn, frontier: frontier)
        let checkpoint = SignedCheckpoint.sign(origin: header.origin, size: frontier.size, rootHash: frontier.root, key: signingKey)
        try txn.put(databases.meta, key: MetaKey.checkpoint, value: Array(checkpoint.note(publicKey: header.publicKeyBytes).utf8))
        return checkpoint
    }
}

/// Settled dedup index values: the sequence number in 6 big-endian bytes (2⁴⁸ events), since
/// each settling rewrites most of the index page by page and 2 bytes an entry add up.
enum IndexValue {
    static let size = 6

    /// The last 6 of a big-endian UInt64's 8 bytes.
    static func bytes(_ bigEndian: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bigEndian[(8 - size)...])
    }

    static func sequence(_ value: UnsafeRawBufferPointer) -> UInt64? {
        guard value.count == size else { return nil }
        return bigEndianValue(value)
    }
}
