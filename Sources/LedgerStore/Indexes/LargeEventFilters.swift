import LedgerCore
import Migrations

/// The text index's filters of single large events. A block whose filter may hold a search's
/// text is read event by event, and opening a large record (an ECG's 15,000 numbers, a long
/// route) costs what opening hundreds of small ones does. So every record of at least
/// `recordBytes` sealed bytes also has a filter of its own, of its payload's grams and its
/// source's code, and a search opens it only when that filter may hold the text.
///
/// Which records are large is plain from their size in the log, so the filters show no
/// more of which events exist than the log does; what a filter shows of its text is what a
/// block's shows (SECURITY.md). `audit` compares each with the one its event makes and names
/// a missing, extra or different one; `replay` writes them again.
enum LargeEventFilters {
    /// Sealed bytes from which a record has a filter of its own: several times what a
    /// quick entry or a sample takes, so few records have one, and reading the filter costs
    /// far less than opening the record.
    static let recordBytes = 8_192

    /// About 17 % of a filter's bits set: a code the event lacks passes its filter about one
    /// time in two hundred.
    static let bitsPerDistinctCode = 16
    /// From a cache line to a block's filter.
    static let smallestBytes = 64
    static let largestBytes = TextFilterScope.block.bytes

    static func isLarge(_ record: UnsafeRawBufferPointer) -> Bool { isLarge(recordBytes: record.count) }

    static func isLarge(recordBytes count: Int) -> Bool { count >= recordBytes }

    /// The filter's size for this many distinct codes: a power of two bytes, so its bit
    /// numbers are a slot's low bits.
    static func scope(distinctCodes: Int) -> TextFilterScope {
        let wanted = max(smallestBytes, distinctCodes * bitsPerDistinctCode / 8)
        let bytes = wanted >= largestBytes ? largestBytes : 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
        return .event(bytes: bytes)
    }

    /// The scope of a stored filter of `count` bytes; nil for a size no filter has (damage,
    /// which `audit` names).
    static func scope(storedBytes count: Int) -> TextFilterScope? {
        guard count >= smallestBytes, count <= largestBytes, count & (count - 1) == 0 else { return nil }
        return .event(bytes: count)
    }

    /// The filter of an event whose codes are `codes` (some may come twice).
    static func filter(of codes: [UInt32], _ table: TextCodeBitTable) -> TextFilter {
        var filter = TextFilter(scope(distinctCodes: Set(codes).count))
        for code in codes { filter.insert(bits: table.bits(code)) }
        return filter
    }

    /// The codes a search matches an encoded event by (`Ledger.decodeRecord(_:sequence:batch:times:codec:holding:)`):
    /// its grams as its header is stepped over, or, in an older schema, the codes of the event
    /// as readers see it, upcast.
    static func codes(ofEncoded encoded: [UInt8]) throws -> [UInt32] {
        if let start = EnvelopeCodec.kindAndSchema(encoded), Upcasters.isCurrent(start.kind, schema: start.schema) {
            var grams = PayloadGrams(rememberingTokens: false)
            _ = try EnvelopeCodec.header(encoded, grams: &grams)
            return grams.codes
        }
        return PayloadText.codes(of: try Upcasters.upgrade(EnvelopeCodec.decode(encoded, recordedAt: Timestamp(micros: 0))))
    }
}

extension Ledger {
    /// Writes the filter of each large record among `events` (`IndexFacts.isLargeRecord`), from the log.
    func indexLargeEvents(_ txn: Transaction, _ events: [(sequence: UInt64, facts: IndexFacts)], codec: RecordCodec?) throws {
        let large = events.filter(\.facts.isLargeRecord).map(\.sequence)
        guard !large.isEmpty else { return }
        let batches = try txn.cursor(databases.batches)
        for sequence in large {
            let codes = try txn.get(databases.log, key: bigEndianBytes(sequence)) { record -> [UInt32] in
                guard let batch = try batchContaining(sequence, cursor: batches) else {
                    throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "no committed batch covers it")
                }
                do {
                    return try LargeEventFilters.codes(ofEncoded: (codec ?? self.codec).open(record, sequence: sequence, noncePrefix: batch.noncePrefix))
                } catch {
                    throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "\(error)")
                }
            }
            guard let codes else { throw LedgerStoreError.unreadableRecord(sequence: sequence, reason: "the log does not hold it") }
            try txn.put(databases.indexes.textEvents, key: bigEndianBytes(sequence), value: LargeEventFilters.filter(of: codes, writerTextCodeBits).bits)
        }
    }

    /// Whether the large record at `sequence` lacks a code of `codeBits` (a search's, as
    /// `StoreIndexHasher.textCodeBits` gives them) by its own filter. A filter missing, or of
    /// a size none has, says nothing: the record is opened, and `audit` names the filter.
    func largeEventLacks(_ codeBits: [UInt64], at sequence: UInt64, _ txn: Transaction) throws -> Bool {
        try txn.get(databases.indexes.textEvents, key: bigEndianBytes(sequence)) { filter in
            guard let scope = LargeEventFilters.scope(storedBytes: filter.count) else { return false }
            return !TextFilter.mayHold(codeBits, in: filter, scope)
        } ?? false
    }
}
