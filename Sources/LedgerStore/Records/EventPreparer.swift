import Foundation
import LedgerCore
import LedgerCrypto
import Migrations

/// Validates, encodes, hashes and compresses events. One per thread: it owns a zstd context.
///
/// This is the work of an append that needs no transaction, so a bulk import does it for
/// the next batch while the previous one commits.
final class EventPreparer {
    /// This preparer's own: it compresses, and seals ahead.
    private let codec: RecordCodec
    private let indexHasher: IDIndexHasher
    private var scratch: [UInt8] = []
    private var encoder = BinaryWriter(capacity: 4096)
    /// Where batch buffers come from when the committing side hands them back.
    private let buffers: ByteBufferPool?

    init(codec: RecordCodec, indexHasher: IDIndexHasher, buffers: ByteBufferPool? = nil) {
        self.codec = codec
        self.indexHasher = indexHasher
        self.buffers = buffers
    }

    /// With `expectedFirst`, also seals one event in `sealAheadEvery` at the sequence number
    /// it will get if no other writer comes between and none is a duplicate (the commit seals
    /// the others under the same nonce prefix, and all again under a fresh one when the
    /// guess was wrong). The share balances the preparing and the committing thread.
    /// `validate: false` is for callers that have validated each event themselves (an
    /// importer does, to set aside one bad record rather than fail its whole batch).
    func prepare(_ events: [Event], expectedFirst: UInt64? = nil, sealAheadEvery: Int = 1, validate: Bool = true) throws -> PreparedBatch {
        var batch = PreparedBatch(bytes: buffers?.take() ?? [], dictionary: codec.newestDictionary)
        batch.bytes.reserveCapacity(events.count * 320)
        batch.events.reserveCapacity(events.count)
        // Through the buffer, so that reading an event does not copy it.
        try events.withUnsafeBufferPointer { events in
            for index in events.indices {
                if validate { try Self.validate(events[index], at: index) }
                let key = IndexKey(of: events[index].id, indexHasher)
                encoder.reset()
                EnvelopeCodec.encode(events[index], into: &encoder)
                // Checked here, whatever the caller validated: a record the reader refuses
                // would make every later read of the log fail.
                guard encoder.bytes.count <= EventLimits.maximumEncodedSize else {
                    throw LedgerStoreError.invalidEvent(index: index, ValidationError(
                        kind: events[index].kind, field: "event", value: "\(encoder.bytes.count) bytes encoded",
                        reason: "is larger than the \(EventLimits.describe(bytes: EventLimits.maximumEncodedSize)) an event may take; large content belongs in a blob (as `append face --image` stores one)"))
                }
                let encodedRange = append(encoder.bytes, to: &batch.bytes)
                let plainRange = codec.compress(encoder.bytes, dictionary: batch.dictionary, into: &batch.bytes)
                batch.events.append(PreparedEvent(
                    key: key, facts: IndexFacts(events[index]), encoded: encodedRange, plain: plainRange))
            }
        }
        if let expectedFirst { sealAhead(&batch, first: expectedFirst, every: sealAheadEvery) }
        // Appends grow the buffer by doubling, and batches wait in the commit queue: a copy
        // of the bytes alone costs little next to holding up to twice them until commit.
        // A pooled buffer keeps its room instead, to be filled again.
        if buffers == nil, batch.bytes.capacity > batch.bytes.count + batch.bytes.count / 4 { batch.bytes = Array(batch.bytes) }
        return batch
    }

    /// Compresses again with `dictionary`, when the batch was prepared before it existed.
    func recompress(_ batch: inout PreparedBatch, dictionary: UInt8?) {
        for index in batch.events.indices {
            let encoded = Array(batch.bytes[batch.events[index].encoded])
            batch.events[index].plain = codec.compress(encoded, dictionary: dictionary, into: &batch.bytes)
        }
        batch.dictionary = dictionary
        batch.speculation = nil
    }

    private func sealAhead(_ batch: inout PreparedBatch, first: UInt64, every: Int) {
        let batchKey = codec.sealer.batchKey(RecordSealer.newNoncePrefix())
        for index in stride(from: 0, to: batch.events.count, by: max(1, every)) {
            scratch.removeAll(keepingCapacity: true)
            batch.withBytes(batch.events[index].plain) { codec.seal($0, sequence: first + UInt64(index), batch: batchKey, into: &scratch) }
            batch.events[index].sealed = append(scratch, to: &batch.bytes)
            batch.events[index].leafHash = append(MerkleHasher.leaf(scratch), to: &batch.bytes)
        }
        batch.speculation = (first, batchKey)
    }

    private func append(_ piece: [UInt8], to bytes: inout [UInt8]) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: piece)
        return start..<bytes.count
    }

    private static func validate(_ event: Event, at index: Int) throws {
        do {
            // Older schemas are validated as readers will see them: upcast first.
            try EventValidator.validate(event.schema == PayloadCatalog.currentSchema(of: event.kind) ? event : Upcasters.upgrade(event))
        } catch let error as ValidationError {
            throw LedgerStoreError.invalidEvent(index: index, error)
        } catch {
            throw LedgerStoreError.invalidEvent(
                index: index, ValidationError(kind: event.kind, field: "schema", value: "\(event.schema)", reason: "\(error)"))
        }
    }
}
