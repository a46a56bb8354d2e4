import Foundation
import LedgerCore
import LedgerCrypto
import Migrations

/// The dictionaries a vault has, shared by the threads that compress (under a lock).
final class DictionaryShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var dictionaries: [UInt8: [UInt8]] = [:]
    private var newest: UInt8?

    var current: UInt8? { lock.withLock { newest } }

    func bytes(_ id: UInt8) -> [UInt8]? { lock.withLock { dictionaries[id] } }

    func contains(_ id: UInt8) -> Bool { lock.withLock { dictionaries[id] != nil } }

    func add(_ id: UInt8, bytes: [UInt8]) {
        lock.withLock {
            dictionaries[id] = bytes
            if newest.map({ id > $0 }) ?? true { newest = id }
        }
    }
}

/// One event made ready for sealing: everything that does not depend on its sequence number.
struct PreparedEvent {
    let indexKey: [UInt8]
    let encoded: [UInt8]
    var plain: [UInt8]
}

/// A batch made ready off the write lock, and the dictionary its events were compressed with.
struct PreparedBatch {
    var events: [PreparedEvent]
    var dictionary: UInt8?
}

/// Validates, encodes, hashes and compresses events. One per thread: it owns a zstd context.
///
/// This is the work of an append that needs no transaction, so a bulk import does it for
/// the next batch while the previous one commits.
final class EventPreparer {
    private let compressor = Compressor()
    private let shelf: DictionaryShelf
    private let indexHasher: IDIndexHasher

    init(shelf: DictionaryShelf, indexHasher: IDIndexHasher) {
        self.shelf = shelf
        self.indexHasher = indexHasher
    }

    func prepare(_ events: [Event]) throws -> PreparedBatch {
        let dictionary = shelf.current
        var prepared: [PreparedEvent] = []
        prepared.reserveCapacity(events.count)
        for index in events.indices {
            try Self.validate(events[index], at: index)
            let encoded = EnvelopeCodec.encode(events[index])
            prepared.append(PreparedEvent(
                indexKey: indexHasher.hash(events[index].id.bytes), encoded: encoded,
                plain: compress(encoded, dictionary: dictionary)))
        }
        return PreparedBatch(events: prepared, dictionary: dictionary)
    }

    /// Compresses again with `dictionary`, when the batch was prepared before it existed.
    func recompress(_ batch: inout PreparedBatch, dictionary: UInt8?) {
        for index in batch.events.indices {
            batch.events[index].plain = compress(batch.events[index].encoded, dictionary: dictionary)
        }
        batch.dictionary = dictionary
    }

    /// `codec (1) ‖ [encoded length varint ‖ zstd frame | encoded bytes]`: codec 0 is
    /// uncompressed, 1 zstd without dictionary, 2… zstd with dictionary `codec − 1`.
    private func compress(_ encoded: [UInt8], dictionary: UInt8?) -> [UInt8] {
        if let dictionary, !compressor.hasDictionary(dictionary), let bytes = shelf.bytes(dictionary) {
            compressor.addDictionary(dictionary, bytes: bytes)
        }
        var plain: [UInt8] = []
        plain.reserveCapacity(encoded.count + 8)
        plain.append(dictionary.map { $0 + 1 } ?? 1)
        var length = UInt64(encoded.count)
        while length >= 0x80 {
            plain.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        plain.append(UInt8(length))
        if compressor.compress(encoded, dictionary: dictionary, into: &plain) { return plain }
        return [0] + encoded
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
