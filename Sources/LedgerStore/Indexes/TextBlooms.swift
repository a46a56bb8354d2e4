import Glibc
import LedgerCore
import Migrations

/// The text index's layout: for each block of events in log order, a Bloom filter of the
/// keyed hashes of their payloads' grams (`PayloadText`: one to three characters in a row) and of their sources' codes
/// (`SourceName`), and for each run of blocks
/// (`Ledger.textRunBlocks`) one more, in a bit space eight times larger, so it does not fill
/// with a quarter of a million events' grams. `log --text` skips a run whose filter lacks a
/// gram of the text (or the source's code, for `log --source`), then a block's, and reads
/// only the rest: a search with few matches
/// looks at a few dozen run filters of a lifetime's log, not its records. A filter never says
/// no to an event that matches; `audit` compares each filter with the one its events make, so
/// none can hide one; `replay` writes them again.
///
/// A value is the count of events the filter holds (u32 big-endian) then its bits. Appends
/// add to the last block's and the last run's filters.
enum TextBlooms {
    /// A block is an audit chunk: the audit builds each block's filter on both cores as it
    /// opens the chunk's records.
    static let eventsPerBlock = UInt64(AuditChunk.size)
    static let bitsPerCode = 3
    /// Bits of the keyed hash each of a code's bits is chosen by: a run's filter uses all
    /// of them, a block's the low 16.
    static let slotWidth: UInt64 = 19
    static let countBytes = 4

    static func key(_ number: UInt64) -> [UInt8] { bigEndianBytes(number) }

    /// A filter holds at most a run of events, far fewer than 2^32, so four bytes of the count suffice.
    static func countPrefix(_ count: UInt64) -> [UInt8] { Array(bigEndianBytes(count)[(8 - countBytes)...]) }
}

/// A block's filter, a run's, or a large event's own (`LargeEventFilters`), of `bytes` bytes.
enum TextFilterScope: Equatable {
    case block, run
    case event(bytes: Int)

    var bytes: Int {
        switch self {
        case .block: 8_192
        case .run: 65_536
        case .event(let bytes): bytes
        }
    }

    /// Every filter's size is a power of two bytes: a bit number is the low bits of a slot.
    var positionMask: UInt64 { UInt64(bytes * 8 - 1) }

    /// The filter's bit for slot `slot` of a code's packed bits.
    @inline(__always)
    func position(_ packed: UInt64, slot: Int) -> Int {
        Int((packed >> (TextBlooms.slotWidth * UInt64(slot))) & positionMask)
    }
}

/// The filter bits of each code, by the store indexes' key: computed once per code a
/// thread meets (an import meets a few thousand), in a table the size of every code whose
/// pages the system gives only as they are touched. One per thread.
final class TextCodeBitTable {
    private let hasher: StoreIndexHasher
    /// `1 << 63 | bits` of a code once computed; 0 before.
    private let entries: UnsafeMutablePointer<UInt64>

    init(_ hasher: StoreIndexHasher) {
        self.hasher = hasher
        // calloc: a table of zero pages, mapped as they are first written.
        guard let memory = calloc(PayloadText.indexCodeCount, MemoryLayout<UInt64>.stride) else { fatalError("out of memory for the text index's table") }
        entries = memory.bindMemory(to: UInt64.self, capacity: PayloadText.indexCodeCount)
    }

    deinit { free(entries) }

    /// The code's `bitsPerCode` bit numbers in a filter, `TextBlooms.slotWidth` bits each from the low end.
    @inline(__always)
    func bits(_ code: UInt32) -> UInt64 {
        let entry = entries[Int(code)]
        if entry != 0 { return entry }
        let computed = 1 << 63 | hasher.textCodeBits(code)
        entries[Int(code)] = computed
        return computed
    }
}

/// A block's or a run's filter as it is built or read.
struct TextFilter: Equatable {
    let scope: TextFilterScope
    private(set) var bits: [UInt8]

    init(_ scope: TextFilterScope) {
        self.scope = scope
        bits = [UInt8](repeating: 0, count: scope.bytes)
    }

    init(_ scope: TextFilterScope, bits: some Collection<UInt8>) {
        self.scope = scope
        self.bits = Array(bits)
    }

    @inline(__always)
    mutating func insert(bits packed: UInt64) {
        let scope = scope
        bits.withUnsafeMutableBufferPointer { bytes in
            for slot in 0..<TextBlooms.bitsPerCode {
                let bit = scope.position(packed, slot: slot)
                bytes[bit >> 3] |= 1 << (bit & 7)
            }
        }
    }

    func union(_ other: TextFilter) -> TextFilter {
        TextFilter(scope, bits: zip(bits, other.bits).map { $0 | $1 })
    }

    /// Whether every bit of `other` is set here too.
    func isSuperset(of other: TextFilter) -> Bool {
        zip(bits, other.bits).allSatisfy { $0 & $1 == $1 }
    }

    /// Whether the filter in `bytes` (a stored value's bits) may hold every code of `packed`.
    static func mayHold(_ packed: [UInt64], in bytes: UnsafeRawBufferPointer, _ scope: TextFilterScope) -> Bool {
        for code in packed {
            for slot in 0..<TextBlooms.bitsPerCode {
                let bit = scope.position(code, slot: slot)
                if bytes[bit >> 3] & (1 << (bit & 7)) == 0 { return false }
            }
        }
        return true
    }
}

extension IndexFacts {
    /// Above this many, a payload's codes are kept once each: a route or an ECG has
    /// thousands of numbers between a few keys, which make few distinct codes.
    static let codesKeptAsTheyCome = 256

    /// The text index's codes of an event (its payload's grams and its source's), as
    /// readers see it: upcast to its kind's current schema, whose payload `log --text` matches
    /// (`Upcasters`); some may come twice.
    static func textCodes(_ event: Event) -> [UInt32] {
        let current = Upcasters.isCurrent(event.kind, schema: event.schema) ? event : (try? Upcasters.upgrade(event)) ?? event
        var codes = PayloadText.codes(of: current)
        guard codes.count > codesKeptAsTheyCome else { return codes }
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

/// The text codes of events taken in log order that no earlier event of their block gave:
/// a block's filter is the OR of its events' codes, so a token met before in the block adds
/// nothing. For a pass over the log (a rebuild), whose events are all indexed, in order; not
/// for appends, whose events a commit may skip.
struct BlockGrams {
    private var grams = PayloadGrams()
    private var block: UInt64?

    private mutating func codes(_ event: Event, at sequence: UInt64) -> [UInt32] {
        let block = sequence / TextBlooms.eventsPerBlock
        if block != self.block {
            grams = PayloadGrams()
            self.block = block
        }
        grams.removeAll()
        grams.add(event)
        // A copy of its size: the gatherer's own array keeps room for a large payload's codes,
        // and a rebuild holds the codes of 50,000 events.
        return grams.codes.isEmpty ? [] : Array(grams.codes[...])
    }

    /// The store indexes' facts of the next event of the pass, as it was read from the log.
    mutating func facts(of stored: StoredEvent) -> IndexFacts {
        var facts = IndexFacts(stored.event, textCodes: codes(stored.event, at: stored.sequence))
        facts.isLargeRecord = LargeEventFilters.isLarge(recordBytes: stored.recordBytes)
        return facts
    }
}

extension Ledger {
    /// Adds the codes of `events`, in log order and continuing the log, to their blocks'
    /// and runs' filters.
    func indexText(_ txn: Transaction, _ events: [(sequence: UInt64, facts: IndexFacts)], codec: RecordCodec?) throws {
        try addCodes(events, to: .block, every: TextBlooms.eventsPerBlock, in: databases.indexes.textBlooms, txn, codec: codec)
        try addCodes(events, to: .run, every: TextBlooms.eventsPerBlock * textRunBlocks, in: databases.indexes.textRuns, txn, codec: codec)
    }

    /// Adds the codes of `events` to the filters of `scope`, each over `size` events. A
    /// filter that does not hold exactly the events before the first one added (written past
    /// the events the indexes cover, or damaged) is made again from the log.
    private func addCodes(
        _ events: [(sequence: UInt64, facts: IndexFacts)], to scope: TextFilterScope, every size: UInt64, in database: Database,
        _ txn: Transaction, codec: RecordCodec?
    ) throws {
        var index = 0
        while index < events.count {
            let number = events[index].sequence / size
            let place = events[index].sequence % size
            var filter: TextFilter
            if let stored = try txn.get(database, key: TextBlooms.key(number)),
               stored.count == TextBlooms.countBytes + scope.bytes,
               bigEndianValue(stored[..<TextBlooms.countBytes]) == place {
                filter = TextFilter(scope, bits: stored[TextBlooms.countBytes...])
            } else {
                filter = try textFilter(scope, of: (number * size)..<(number * size + place), txn, codec: codec)
            }
            var count = place
            while index < events.count, events[index].sequence / size == number {
                for code in events[index].facts.textCodes { filter.insert(bits: writerTextCodeBits.bits(code)) }
                count += 1
                index += 1
            }
            try txn.put(database, key: TextBlooms.key(number), value: TextBlooms.countPrefix(count) + filter.bits)
        }
    }

    /// The filter of `scope` of the events at `sequences`, from the log.
    private func textFilter(_ scope: TextFilterScope, of sequences: Range<UInt64>, _ txn: Transaction, codec: RecordCodec?) throws -> TextFilter {
        var filter = TextFilter(scope)
        var reader = try RecordReader(ledger: self, txn, codec: codec)
        let table = writerTextCodeBits
        for sequence in sequences {
            for code in PayloadText.codes(of: try reader.event(at: sequence).event) { filter.insert(bits: table.bits(code)) }
        }
        return filter
    }
}
