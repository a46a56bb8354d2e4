import LedgerCore
import LedgerCrypto

/// What an append did.
public struct AppendOutcome: Sendable, Equatable {
    /// Sequence numbers given to the new events, in input order.
    public var appended: [UInt64] = []
    /// Events whose id was already in the log: stored once, so skipped.
    public var duplicates = 0
}

extension Ledger {
    /// Appends `events` in one durable write transaction: all of them or none.
    ///
    /// Events whose id is already stored are skipped, so re-running an import appends nothing.
    @discardableResult
    public func append(_ events: [Event], recordedAt: Timestamp = .now()) throws -> AppendOutcome {
        try commit([preparer.prepare(events)], recordedAt: recordedAt)[0]
    }

    /// Stores prepared batches in one transaction: dedup, seal at their sequence numbers,
    /// hash into the tree. Returns one outcome per batch.
    func commit(_ prepared: [PreparedBatch], recordedAt: Timestamp) throws -> [AppendOutcome] {
        var batches = prepared
        return try environment.write { txn in
            var state = try LedgerState.load(txn, databases)
            try loadDictionaries(txn, upTo: state.currentDictionary)
            let total = batches.reduce(0) { $0 + $1.events.count }
            if state.frontier.size + UInt64(total) >= state.nextTraining {
                try trainDictionary(txn, state: &state, batch: batches.flatMap { $0.events.map(\.encoded) })
            }
            for index in batches.indices where batches[index].dictionary != state.currentDictionary {
                preparer.recompress(&batches[index], dictionary: state.currentDictionary)
            }
            let events = batches.flatMap(\.events)
            let first = state.frontier.size
            let sequences = try insertIndexEntries(txn, events, first: first)
            let noncePrefix = RecordSealer.newNoncePrefix()
            for (event, sequence) in zip(events, sequences) {
                guard let sequence else { continue }
                let record = codec.seal(plain: event.plain, sequence: sequence, noncePrefix: noncePrefix)
                state.frontier.append(leafHash: MerkleHasher.leaf(record))
                try txn.put(databases.log, key: bigEndianBytes(sequence), value: record, mode: .append)
            }
            if state.frontier.size > first {
                let commitTime = withUnsafeBytes(of: recordedAt.micros.bigEndian) { Array($0) }
                let batchValue = noncePrefix + blobSealer.seal(commitTime, associatedData: associatedData(batchStarting: first))
                try txn.put(databases.batches, key: bigEndianBytes(first), value: batchValue, mode: .append)
                try storeHead(txn, frontier: state.frontier)
            }
            var outcomes: [AppendOutcome] = []
            var position = 0
            for batch in batches {
                var outcome = AppendOutcome()
                for sequence in sequences[position..<position + batch.events.count] {
                    if let sequence { outcome.appended.append(sequence) } else { outcome.duplicates += 1 }
                }
                position += batch.events.count
                outcomes.append(outcome)
            }
            return outcomes
        }
    }

    /// Adds every new id to the dedup index and returns each event's sequence number, or nil
    /// for an id already stored (or earlier in the same transaction).
    ///
    /// Keys go in sorted order, so the B-tree is walked once from left to right rather than
    /// jumped about; sequences are first assumed consecutive and only re-stored after the
    /// first duplicate, which fresh imports never have.
    private func insertIndexEntries(_ txn: Transaction, _ events: [PreparedEvent], first: UInt64) throws -> [UInt64?] {
        let order = events.indices.sorted { events[$0].indexKey.lexicographicallyPrecedes(events[$1].indexKey) || (events[$0].indexKey == events[$1].indexKey && $0 < $1) }
        var isDuplicate = [Bool](repeating: false, count: events.count)
        for index in order {
            let assumed = bigEndianBytes(first + UInt64(index))
            isDuplicate[index] = try !txn.put(databases.ids, key: events[index].indexKey, value: assumed, mode: .insertOnly)
        }
        var sequences: [UInt64?] = []
        sequences.reserveCapacity(events.count)
        var next = first
        for index in events.indices {
            guard !isDuplicate[index] else {
                sequences.append(nil)
                continue
            }
            if next != first + UInt64(index) {
                try txn.put(databases.ids, key: events[index].indexKey, value: bigEndianBytes(next))
            }
            sequences.append(next)
            next += 1
        }
        return sequences
    }

    /// Saves the frontier and a freshly signed checkpoint over it.
    func storeHead(_ txn: Transaction, frontier: MerkleFrontier) throws {
        try txn.put(databases.meta, key: MetaKey.frontier, value: frontier.serialized)
        let checkpoint = SignedCheckpoint.sign(origin: header.origin, size: frontier.size, rootHash: frontier.root, key: signingKey)
        try txn.put(databases.meta, key: MetaKey.checkpoint, value: Array(checkpoint.note(publicKey: header.publicKeyBytes).utf8))
    }
}
