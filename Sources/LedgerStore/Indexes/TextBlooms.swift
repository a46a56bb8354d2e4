import Glibc
import LedgerCore

/// The text index's layout: for each block of events in log order, a Bloom filter of the
/// keyed hashes of their payloads' trigrams (`PayloadText`). `log --text` reads a block's
/// records only when its filter holds every trigram of the text, so a search with few matches
/// skips most of a lifetime's log instead of decoding it. A filter never says no to an event
/// that matches; `audit` compares each block's filter with the one its events make, so a filter
/// cannot hide one; `replay` writes them again.
///
/// A value is the count of events the filter holds (u32 big-endian) then its bits. Appends
/// add to the last block's filter.
enum TextBlooms {
    /// A block is an audit chunk: the audit builds each block's filter on both cores as it
    /// opens the chunk's records.
    static let eventsPerBlock = UInt64(AuditChunk.size)
    static let filterBytes = 8_192
    static let bitsPerTrigram = 3
    static let countBytes = 4

    static func key(_ block: UInt64) -> [UInt8] { bigEndianBytes(block) }

    /// A block holds at most `eventsPerBlock` events, so four bytes of the count suffice.
    static func countPrefix(_ count: UInt64) -> [UInt8] { Array(bigEndianBytes(count)[(8 - countBytes)...]) }
}

/// The filter bits of each trigram, by the store indexes' key: computed once per trigram a
/// thread meets (an import meets a few thousand), in a table the size of every trigram whose
/// pages the system gives only as they are touched. One per thread.
final class TrigramBitTable {
    private let hasher: StoreIndexHasher
    /// `1 << 63 | bits` of a trigram once computed; 0 before.
    private let entries: UnsafeMutablePointer<UInt64>

    init(_ hasher: StoreIndexHasher) {
        self.hasher = hasher
        // calloc: a table of zero pages, mapped as they are first written.
        guard let memory = calloc(PayloadText.codeCount, MemoryLayout<UInt64>.stride) else { fatalError("out of memory for the text index's table") }
        entries = memory.bindMemory(to: UInt64.self, capacity: PayloadText.codeCount)
    }

    deinit { free(entries) }

    /// The trigram's `bitsPerTrigram` bit numbers in a filter, 16 bits each from the low end.
    @inline(__always)
    func bits(_ code: UInt32) -> UInt64 {
        let entry = entries[Int(code)]
        if entry != 0 { return entry }
        let computed = 1 << 63 | hasher.textTrigramBits(code)
        entries[Int(code)] = computed
        return computed
    }
}

/// A block's filter as it is built or read.
struct TextFilter: Equatable {
    private(set) var bits: [UInt8]

    init() { bits = [UInt8](repeating: 0, count: TextBlooms.filterBytes) }

    init(bits: some Collection<UInt8>) { self.bits = Array(bits) }

    @inline(__always)
    mutating func insert(bits packed: UInt64) {
        bits.withUnsafeMutableBufferPointer { bytes in
            for slot in 0..<TextBlooms.bitsPerTrigram {
                let bit = Int((packed >> (16 * slot)) & 0xFFFF)
                bytes[bit >> 3] |= 1 << (bit & 7)
            }
        }
    }

    func union(_ other: TextFilter) -> TextFilter {
        TextFilter(bits: zip(bits, other.bits).map { $0 | $1 })
    }

    /// Whether every bit of `other` is set here too.
    func isSuperset(of other: TextFilter) -> Bool {
        zip(bits, other.bits).allSatisfy { $0 & $1 == $1 }
    }

    /// Whether the filter in `bytes` (a stored value's bits) may hold every trigram of `packed`.
    static func mayHold(_ packed: [UInt64], in bytes: UnsafeRawBufferPointer) -> Bool {
        for trigram in packed {
            for slot in 0..<TextBlooms.bitsPerTrigram {
                let bit = Int((trigram >> (16 * slot)) & 0xFFFF)
                if bytes[bit >> 3] & (1 << (bit & 7)) == 0 { return false }
            }
        }
        return true
    }
}

extension IndexFacts {
    /// Above this many, a payload's trigram codes are kept once each: a route or an ECG has
    /// thousands of numbers, whose digits make few distinct trigrams.
    static let trigramsKeptAsTheyCome = 256

    /// The codes of the trigrams of a payload, for the text index; some may come twice.
    static func textTrigrams(_ payload: Document) -> [UInt32] {
        var codes = PayloadText.trigrams(of: payload)
        guard codes.count > trigramsKeptAsTheyCome else { return codes }
        codes.sort()
        var kept = 0
        for code in codes where kept == 0 || codes[kept - 1] != code {
            codes[kept] = code
            kept += 1
        }
        codes.removeLast(codes.count - kept)
        return codes
    }
}

/// The trigram codes of events taken in log order that no earlier event of their block gave:
/// a block's filter is the OR of its events' trigrams, so a token met before in the block adds
/// nothing. For a pass over the log (a rebuild), whose events are all indexed, in order; not
/// for appends, whose events a commit may skip.
struct BlockTrigrams {
    private var trigrams = PayloadTrigrams()
    private var block: UInt64?

    mutating func codes(_ event: Event, at sequence: UInt64) -> [UInt32] {
        let block = sequence / TextBlooms.eventsPerBlock
        if block != self.block {
            trigrams = PayloadTrigrams()
            self.block = block
        }
        trigrams.removeAll()
        trigrams.add(event.payload)
        // A copy of its size: the gatherer's own array keeps room for a large payload's codes,
        // and a rebuild holds the codes of 50,000 events.
        return trigrams.codes.isEmpty ? [] : Array(trigrams.codes[...])
    }
}

extension Ledger {
    /// Adds the trigrams of `events`, in log order and continuing the log, to their blocks'
    /// filters. A block whose filter does not hold exactly the events before the first one
    /// added (written past the events the indexes cover, or damaged) is made again from the log.
    func indexText(_ txn: Transaction, _ events: [(sequence: UInt64, facts: IndexFacts)], codec: RecordCodec?) throws {
        var index = 0
        while index < events.count {
            let block = events[index].sequence / TextBlooms.eventsPerBlock
            let place = events[index].sequence % TextBlooms.eventsPerBlock
            var filter: TextFilter
            if let stored = try txn.get(databases.indexes.textBlooms, key: TextBlooms.key(block)),
               stored.count == TextBlooms.countBytes + TextBlooms.filterBytes,
               bigEndianValue(stored[..<TextBlooms.countBytes]) == place {
                filter = TextFilter(bits: stored[TextBlooms.countBytes...])
            } else {
                filter = try textFilter(block: block, before: place, txn, codec: codec)
            }
            var count = place
            while index < events.count, events[index].sequence / TextBlooms.eventsPerBlock == block {
                for code in events[index].facts.textTrigrams { filter.insert(bits: writerTrigramBits.bits(code)) }
                count += 1
                index += 1
            }
            try txn.put(databases.indexes.textBlooms, key: TextBlooms.key(block), value: TextBlooms.countPrefix(count) + filter.bits)
        }
    }


    /// The filter of the first `count` events of `block`, from the log.
    private func textFilter(block: UInt64, before count: UInt64, _ txn: Transaction, codec: RecordCodec?) throws -> TextFilter {
        var filter = TextFilter()
        var reader = try RecordReader(ledger: self, txn, codec: codec)
        let first = block * TextBlooms.eventsPerBlock
        let table = writerTrigramBits
        for sequence in first..<(first + count) {
            for code in PayloadText.trigrams(of: try reader.event(at: sequence).event.payload) { filter.insert(bits: table.bits(code)) }
        }
        return filter
    }
}
