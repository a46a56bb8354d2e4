import LedgerCore
import LedgerCrypto

/// What `audit` checks about each event beyond its own record: that the dedup index finds
/// it at its own sequence (an id missing from the index would let the same event be stored
/// twice), and that the image blob it names opens.
///
/// Looking each id up reads a random page of the index per event, most of a whole-log
/// audit's time on a long log. So the full audit adds up a keyed digest of each event's
/// (key, sequence) instead (`summing`), and `finish` compares that with the same sum over
/// the index read in key order; only when they differ does the audit look every id up, in a
/// second pass that names each problem (`needsLookups`).
struct EventReferences {
    let index: DedupIndex
    private var blobs: [(name: String, sequence: UInt64)] = []
    private var erased: Set<String> = []
    /// Events whose id the index maps to another sequence: duplicates, or a damaged index.
    private var elsewhere: [(sequence: UInt64, indexed: UInt64, id: EventID)] = []
    /// The sums of the events' entries, when adding up rather than looking up.
    private var logEntries: EntrySums?
    private let hasher: IDIndexHasher
    /// Whether the sums differed, so that only looking each id up can say where.
    private(set) var needsLookups = false

    /// `summing`: add up rather than look up (the full audit's first pass).
    init(index: DedupIndex, hasher: IDIndexHasher, summing: Bool = false) {
        self.index = index
        self.hasher = hasher
        logEntries = summing ? EntrySums() : nil
    }

    mutating func check(_ event: AuditedEvent, at sequence: UInt64, _ txn: Transaction, problems: inout ProblemCollector) throws {
        if logEntries != nil {
            logEntries?.add(hasher.digest(event.indexKey.high, event.indexKey.low, sequence))
            noteBlobs(event, at: sequence)
            return
        }
        switch try index.sequence(txn, key: event.indexKey) {
        case nil:
            problems.add(.index, sequence, sequence, "its event id \(event.id) is not in the dedup index (the entry was deleted), so the same event could be stored again")
        case let indexed? where indexed != sequence:
            elsewhere.append((sequence, indexed, event.id))
        default:
            break
        }
        noteBlobs(event, at: sequence)
    }

    private mutating func noteBlobs(_ event: AuditedEvent, at sequence: UInt64) {
        if let name = event.imageBlob { blobs.append((name, sequence)) }
        if let name = event.erasedBlob { erased.insert(name) }
    }

    /// Names duplicates, index entries past the log's end, and blobs that do not open; when
    /// summing, sets `needsLookups` if the index's entries do not add up to the log's.
    mutating func finish(_ txn: Transaction, logEnd: UInt64, ledger: Ledger, problems: inout ProblemCollector, walkingSettledTier: Bool = true) throws {
        if let logEntries { needsLookups = try indexEntries(txn) != logEntries }
        for (sequence, indexed, id) in elsewhere {
            if indexed < sequence, (try? ledger.event(sequence: indexed))??.event.id == id {
                problems.add(.duplicate, sequence, sequence, "stores again the event of sequence \(indexed) (id \(id)): the same event is counted twice")
            } else {
                problems.add(.index, sequence, sequence, "the dedup index maps its event id \(id) to sequence \(indexed)")
            }
        }
        let recent = try txn.cursor(index.recent)
        var entry = try recent.seek(atOrAfter: bigEndianBytes(logEnd))
        while let (key, _) = entry {
            if let sequence = sequenceNumber(key), sequence >= logEnd {
                problems.add(.index, sequence, sequence, "the dedup index has an entry for it, past the end of the log (\(logEnd) records)")
            }
            entry = try recent.move(.next)
        }
        // The settled tier is keyed by hash: finding its entries past the end takes a walk over
        // all of it. Summing walked it already: an entry past the end has no event to match, so
        // the sums differ and the pass that looks each id up walks it to name it.
        if walkingSettledTier, logEntries == nil {
            let settled = try txn.cursor(index.settled)
            entry = try settled.move(.first)
            while let (_, value) = entry {
                if let sequence = IndexValue.sequence(value), sequence >= logEnd {
                    problems.add(.index, sequence, sequence, "the dedup index has an entry for it, past the end of the log (\(logEnd) records)")
                }
                entry = try settled.move(.next)
            }
        }
        for (name, sequence) in blobs where !erased.contains(name) {
            let wrapped = try txn.get(ledger.databases.blobs, key: BlobEntry.wrappedKey(name))
            let sealed = try txn.get(ledger.databases.blobs, key: BlobEntry.content(name))
            guard let wrapped, let sealed else {
                problems.add(.blob, sequence, sequence, "the image blob \(name) it names is \(sealed == nil ? "missing" : "without its key"), and no erasure was recorded")
                continue
            }
            do {
                _ = try ledger.openBlob(name, wrapped: wrapped, sealed: sealed)
            } catch {
                problems.add(.blob, sequence, sequence, "the image blob \(name) it names does not open: \(error)")
            }
        }
    }

    /// The sums over both tiers' entries. A key in both with the same sequence (a settling cut
    /// short) is one entry: counted once, found by looking the recent keys up in the settled
    /// tier, only when the plain sums differ.
    private func indexEntries(_ txn: Transaction) throws -> EntrySums {
        var settled = EntrySums(), recent = EntrySums()
        var recentEntries: [(key: IndexKey, sequence: UInt64)] = []
        let cursor = try txn.cursor(index.recent)
        var entry = try cursor.move(.first)
        while let (key, value) = entry {
            if let sequence = sequenceNumber(key), value.count == IDIndexHasher.outputSize {
                let indexKey = IndexKey(value)
                recent.add(hasher.digest(indexKey.high, indexKey.low, sequence))
                recentEntries.append((indexKey, sequence))
            } else {
                recent.count += 1
            }
            entry = try cursor.move(.next)
        }
        let settledCursor = try txn.cursor(index.settled)
        entry = try settledCursor.move(.first)
        while let (key, value) = entry {
            if key.count == IDIndexHasher.outputSize, let sequence = IndexValue.sequence(value) {
                let indexKey = IndexKey(key)
                settled.add(hasher.digest(indexKey.high, indexKey.low, sequence))
            } else {
                settled.count += 1
            }
            entry = try settledCursor.move(.next)
        }
        var both = settled.adding(recent)
        guard both != logEntries else { return both }
        for (key, sequence) in recentEntries where try key.withBytes({ try index.settledSequence(txn, key: $0) }) == sequence {
            both.remove(hasher.digest(key.high, key.low, sequence))
        }
        return both
    }
}

/// A count and a wrapping sum of keyed digests of index entries.
struct EntrySums: Equatable {
    var count = 0
    var digest: UInt64 = 0

    mutating func add(_ entry: UInt64) {
        count += 1
        digest &+= entry
    }

    mutating func remove(_ entry: UInt64) {
        count -= 1
        digest &-= entry
    }

    func adding(_ other: EntrySums) -> EntrySums { EntrySums(count: count + other.count, digest: digest &+ other.digest) }
}
