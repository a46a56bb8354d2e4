import LedgerCore
import LedgerCrypto
import Migrations

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
        for (index, event) in events.enumerated() {
            do {
                // Older schemas are validated as readers will see them: upcast first.
                try EventValidator.validate(Upcasters.upgrade(event))
            } catch let error as ValidationError {
                throw LedgerStoreError.invalidEvent(index: index, error)
            } catch {
                throw LedgerStoreError.invalidEvent(index: index, ValidationError(kind: event.kind, field: "schema", value: "\(event.schema)", reason: "\(error)"))
            }
        }
        let encoded = events.map(EnvelopeCodec.encode)
        return try environment.write { txn in
            var state = try LedgerState.load(txn, databases)
            try loadDictionaries(txn, upTo: state.currentDictionary)
            if state.frontier.size + UInt64(events.count) >= state.nextTraining {
                try trainDictionary(txn, state: &state, batch: encoded)
            }
            let first = state.frontier.size
            let noncePrefix = RecordSealer.newNoncePrefix()
            var outcome = AppendOutcome()
            outcome.appended.reserveCapacity(events.count)
            for (event, bytes) in zip(events, encoded) {
                let sequence = state.frontier.size
                let sequenceKey = bigEndianBytes(sequence)
                guard try txn.put(databases.ids, key: indexHasher.hash(event.id.bytes), value: sequenceKey, mode: .insertOnly) else {
                    outcome.duplicates += 1
                    continue
                }
                let record = codec.seal(encoded: bytes, sequence: sequence, noncePrefix: noncePrefix)
                state.frontier.append(leafHash: MerkleHasher.leaf(record))
                try txn.put(databases.log, key: sequenceKey, value: record, mode: .append)
                outcome.appended.append(sequence)
            }
            guard !outcome.appended.isEmpty else { return outcome }
            let commitTime = withUnsafeBytes(of: recordedAt.micros.bigEndian) { Array($0) }
            let batchValue = noncePrefix + blobSealer.seal(commitTime, associatedData: associatedData(batchStarting: first))
            try txn.put(databases.batches, key: bigEndianBytes(first), value: batchValue, mode: .append)
            try storeHead(txn, frontier: state.frontier)
            return outcome
        }
    }

    /// Saves the frontier and a freshly signed checkpoint over it.
    func storeHead(_ txn: Transaction, frontier: MerkleFrontier) throws {
        try txn.put(databases.meta, key: MetaKey.frontier, value: frontier.serialized)
        let checkpoint = SignedCheckpoint.sign(origin: header.origin, size: frontier.size, rootHash: frontier.root, key: signingKey)
        try txn.put(databases.meta, key: MetaKey.checkpoint, value: Array(checkpoint.note(publicKey: header.publicKeyBytes).utf8))
    }
}
