import LedgerCore
import LedgerCrypto

/// What `audit` checks about each event beyond its own record: that the dedup index finds
/// it at its own sequence (an id missing from the index would let the same event be stored
/// twice), and that the image blob it names opens.
struct EventReferences {
    let index: DedupIndex
    private var blobs: [(name: String, sequence: UInt64)] = []
    private var erased: Set<String> = []
    /// Events whose id the index maps to another sequence: duplicates, or a damaged index.
    private var elsewhere: [(sequence: UInt64, indexed: UInt64, id: EventID)] = []

    init(index: DedupIndex) {
        self.index = index
    }

    mutating func check(_ event: AuditedEvent, at sequence: UInt64, _ txn: Transaction, problems: inout ProblemCollector) throws {
        switch try index.sequence(txn, key: event.indexKey) {
        case nil:
            problems.add(.index, sequence, sequence, "its event id \(event.id) is not in the dedup index (the entry was deleted), so the same event could be stored again")
        case let indexed? where indexed != sequence:
            elsewhere.append((sequence, indexed, event.id))
        default:
            break
        }
        if let name = event.imageBlob { blobs.append((name, sequence)) }
        if let name = event.erasedBlob { erased.insert(name) }
    }

    /// Names duplicates, index entries past the log's end, and blobs that do not open.
    func finish(_ txn: Transaction, logEnd: UInt64, ledger: Ledger, problems: inout ProblemCollector, walkingSettledTier: Bool = true) throws {
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
        // The settled tier is keyed by hash: finding its entries past the end takes a walk over all of it.
        if walkingSettledTier {
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
}
