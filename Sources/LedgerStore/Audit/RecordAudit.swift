import Dispatch
import LedgerCore
import LedgerCrypto

/// The walk over the log that `audit` and `audit --since` share: every record from where
/// the walk starts opened where it stands, its index entry and blob checked, the tree grown
/// from `frontier`, and the stored tree edges compared with it as it passes them.
struct RecordAudit {
    var frontier: MerkleFrontier
    /// The sequence the next record should have.
    var expected: UInt64
    var recordsChecked: UInt64 = 0
    var problems: ProblemCollector
    var references: EventReferences
    /// Sizes whose root the caller compares; `roots` holds them once the walk passed them.
    let comparedSizes: Set<UInt64>
    private(set) var roots: [UInt64: [UInt8]] = [:]
    /// The store indexes checked against every record the walk opens.
    var storeIndexes: StoreIndexAudit?

    init(
        from frontier: MerkleFrontier, references: EventReferences, problems: ProblemCollector, comparedSizes: Set<UInt64>,
        storeIndexes: StoreIndexAudit? = nil
    ) {
        self.frontier = frontier
        self.storeIndexes = storeIndexes
        expected = frontier.size
        self.references = references
        self.problems = problems
        self.comparedSizes = comparedSizes
        if comparedSizes.contains(frontier.size) { roots[frontier.size] = frontier.root }
    }

    mutating func noteRoot() {
        if comparedSizes.contains(frontier.size) { roots[frontier.size] = frontier.root }
    }

    /// Whether the walk must grow the tree leaf by leaf inside `first..<end` to see a size there.
    func needsEverySize(after first: UInt64, before end: UInt64, nextEdge: UInt64?) -> Bool {
        if let edge = nextEdge, edge > first, edge < end { return true }
        return comparedSizes.contains { $0 > first && $0 < end }
    }
}

extension Ledger {
    /// Walks the log from `audit.expected` to its end (see `RecordAudit`). Never throws for
    /// a bad record: bad records are what it reports.
    func walkRecords(_ txn: Transaction, _ audit: inout RecordAudit) throws {
        let probe = try txn.cursor(databases.batches)
        let edges = try txn.cursor(databases.treeEdges.database)
        var nextEdge = try edges.seek(atOrAfter: bigEndianBytes(audit.frontier.size + 1)).map(Self.edge)
        // Compares the edges the tree has reached with it.
        func checkEdges() throws {
            while let edge = nextEdge {
                guard let edgeSize = edge.size else {
                    audit.problems.add(.index, audit.frontier.size, audit.frontier.size,
                        "a stored tree edge has a key that is not a size; run `healthledger replay` to rebuild the tree edges from the log")
                    nextEdge = try edges.move(.next).map(Self.edge)
                    continue
                }
                guard edgeSize <= audit.frontier.size else { return }
                // A damaged log changes every root after the damage: edges are compared with it only while it is sound.
                if audit.problems.isEmpty, edgeSize < audit.frontier.size || edge.root != audit.frontier.subtreeRoots.last {
                    audit.problems.add(.index, edgeSize - 1, edgeSize - 1,
                        "the stored tree edge at size \(edgeSize) is not the root of the records that end there; run `healthledger replay` to rebuild the tree edges from the log")
                }
                nextEdge = try edges.move(.next).map(Self.edge)
            }
        }
        func check(_ chunk: AuditChunk) throws {
            let first = chunk.records.first?.sequence ?? 0
            let end = first + UInt64(chunk.records.count)
            let joinsWhole = chunk.subtreeRoot != nil && audit.frontier.size == first
                && !audit.needsEverySize(after: first, before: end, nextEdge: nextEdge?.size)
            for (index, item) in chunk.records.enumerated() {
                let sequence = item.sequence
                if sequence > audit.expected {
                    audit.problems.add(.missing, audit.expected, sequence - 1, "no record stored (deleted from the log)")
                }
                var opened: AuditedEvent?
                switch chunk.outcomes[index] {
                case .opened(let event):
                    opened = event
                    try audit.references.check(event, at: sequence, txn, problems: &audit.problems)
                case .notSealedHere:
                    diagnoseDisplaced(item.record, at: sequence, probe: probe, problems: &audit.problems)
                case .undecodable(let reason):
                    audit.problems.add(.undecodable, sequence, sequence, "opens but does not decode (\(reason))")
                }
                try audit.storeIndexes?.check(opened?.indexFacts, at: sequence, problems: &audit.problems)
                try audit.storeIndexes?.checkOwnTextFilter(of: opened, isLarge: LargeEventFilters.isLarge(item.record), at: sequence, problems: &audit.problems)
                if !joinsWhole {
                    audit.frontier.append(leafHash: chunk.leafHash(index))
                    audit.noteRoot()
                    try checkEdges()
                }
                audit.expected = sequence + 1
                audit.recordsChecked += 1
            }
            if let filters = chunk.textFilters, let first = chunk.records.first?.sequence {
                try audit.storeIndexes?.checkText(filters, ofChunkFrom: first, problems: &audit.problems)
            }
            if joinsWhole, let root = chunk.subtreeRoot {
                audit.frontier.append(subtreeRoot: root, height: AuditChunk.height)
                audit.noteRoot()
                try checkEdges()
            }
        }
        // A worker opens chunk k+1 while this thread finishes opening chunk k, checks it and
        // reads the records of chunk k+2.
        var pending: [PendingRecord] = []
        pending.reserveCapacity(AuditChunk.size)
        var opening: AuditChunk?
        let workers = DispatchQueue(label: "audit.open")
        let textCodeBits = audit.storeIndexes.map { (caller: TextCodeBitTable(storeIndexHasher), worker: TextCodeBitTable(storeIndexHasher), covered: $0.covered) }
        // The worker reads mapped records of this transaction: wait for it whatever happens.
        defer { opening?.finishOpening(with: self) }
        func advance() throws {
            let next = AuditChunk(records: pending, text: textCodeBits.map { ChunkText(callerBits: $0.caller, workerBits: $0.worker, covered: $0.covered) })
            pending.removeAll(keepingCapacity: true)
            next.startOpening(with: self, on: workers)
            let previous = opening
            opening = next
            if let previous {
                previous.finishOpening(with: self)
                try check(previous)
            }
        }
        try scanRecords(txn, from: audit.expected) { sequence, record, batch in
            pending.append(PendingRecord(sequence: sequence, record: record, batch: batch))
            if pending.count == AuditChunk.size || (sequence + 1) % UInt64(AuditChunk.size) == 0 { try advance() }
            return true
        }
        if !pending.isEmpty { try advance() }
        if let last = opening {
            last.finishOpening(with: self)
            try check(last)
        }
        while let edge = nextEdge {
            let place = edge.size ?? audit.frontier.size
            audit.problems.add(.index, place, place,
                "a stored tree edge lies past the end of the log (\(audit.frontier.size) records); run `healthledger replay` to rebuild the tree edges from the log")
            nextEdge = try edges.move(.next).map(Self.edge)
        }
    }

    private static func edge(_ entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)) -> (size: UInt64?, root: [UInt8]) {
        (sequenceNumber(entry.key), Array(entry.value))
    }

    /// Looks near a record that does not open where it stands for the place it was sealed for.
    func diagnoseDisplaced(_ record: UnsafeRawBufferPointer, at sequence: UInt64, probe: Cursor, problems: inout ProblemCollector) {
        let low = sequence >= Self.displacementSearch ? sequence - Self.displacementSearch : 0
        for candidate in low...(sequence + Self.displacementSearch) where candidate != sequence {
            guard let home = try? batchContaining(candidate, cursor: probe),
                  (try? codec.open(record, sequence: candidate, noncePrefix: home.noncePrefix)) != nil
            else { continue }
            problems.addDisplaced(at: sequence, holds: candidate)
            return
        }
        problems.add(.modified, sequence, sequence, "authentication failed: its bytes were changed")
    }
}
