import CLMDB
import LedgerCore

/// What `audit` checks of the store indexes against the log: every event covered has its
/// kind entry at its own sequence and its day entry (`DayIndexAudit`), every amendment its
/// entry under the id it amends, every record two importers bring its first event
/// (`SameRecordAudit`), every event its short-id tag (`ShortIDAudit`), every block of events
/// its text filter (`TextIndexAudit`), no other entry is there,
/// and the running activities are the fold of the starts and stops.
///
/// `audit --since` checks the same of the events after its checkpoint (`from`): their kind
/// and amendment entries, no kind entry past `from` that no event accounts for, and the
/// running activities. Entries of earlier events, and amendment entries no new event
/// accounts for, are the full audit's (finding them means reading the whole index).
struct StoreIndexAudit {
    private let ledger: Ledger
    private let txn: Transaction
    /// The first sequence checked: 0 for the full audit.
    private let from: UInt64
    /// The indexes cover the log up to here; later events are indexed by the next build.
    let covered: UInt64
    /// Per kind, a cursor on its entries and the sequence of the next one not yet matched.
    private var kinds: [EventKind: (cursor: Cursor, next: UInt64?)] = [:]
    private var kindEntriesMatched = 0
    private var undecodable: Set<UInt64> = []
    private var expectedAmendments: [[UInt8]: UInt64] = [:]
    private var days: DayIndexAudit
    private var sameRecords: SameRecordAudit
    private var shortIDs: ShortIDAudit
    private var text: TextIndexAudit

    init(ledger: Ledger, _ txn: Transaction, from: UInt64 = 0) throws {
        self.ledger = ledger
        self.txn = txn
        self.from = from
        covered = try StoreIndexes.covered(txn, meta: ledger.databases.meta)
        days = DayIndexAudit(ledger: ledger, txn, from: from)
        sameRecords = SameRecordAudit(ledger: ledger, txn, from: from)
        shortIDs = ShortIDAudit(ledger: ledger, txn, covered: covered)
        text = TextIndexAudit(ledger: ledger, txn, covered: covered, from: from)
    }

    /// Checks the text index's filter of the block a chunk of the walk lies in against the
    /// filter its events make.
    mutating func checkText(_ filters: (block: TextFilter, run: TextFilter), ofChunkFrom first: UInt64, problems: inout ProblemCollector) throws {
        try text.check(filters, ofChunkFrom: first, problems: &problems)
    }

    /// Checks the filter of its own the text index has of the event at `sequence`, which only
    /// a large record has; `opened` is nil when its record does not open.
    mutating func checkOwnTextFilter(of opened: AuditedEvent?, isLarge: Bool, at sequence: UInt64, problems: inout ProblemCollector) throws {
        try text.checkOwnFilter(opened?.ownTextFilter, opened: opened != nil, isLarge: isLarge, at: sequence, problems: &problems)
    }

    /// Checks the entries of the event at `sequence` against what it holds (`facts`); nil when
    /// its record does not open (the audit names that already).
    mutating func check(_ facts: IndexFacts?, at sequence: UInt64, problems: inout ProblemCollector) throws {
        guard sequence < covered else { return }
        guard let facts else {
            undecodable.insert(sequence)
            return
        }
        days.check(facts, at: sequence)
        sameRecords.check(facts, at: sequence)
        try shortIDs.check(facts.id, at: sequence, problems: &problems)
        if kinds[facts.kind] == nil {
            let cursor = try txn.cursor(ledger.databases.indexes.byKind)
            let entry = try cursor.seek(atOrAfter: ledger.storeIndexHasher.kindKey(facts.kind, from))
            kinds[facts.kind] = (cursor, kindSequence(entry, facts.kind))
        }
        while let next = kinds[facts.kind]?.next, next < sequence {
            try reportExtra(at: next, kind: facts.kind, problems: &problems)
            try advance(facts.kind)
        }
        if kinds[facts.kind]?.next == sequence {
            kindEntriesMatched += 1
            try advance(facts.kind)
        } else {
            problems.add(.index, sequence, sequence, "the kind index has no entry for this \(facts.kind.rawValue) event, so `log --kind` would not show it")
        }
        if let target = facts.target { expectedAmendments[ledger.storeIndexHasher.amendmentKey(target, sequence)] = sequence }
    }

    /// Names the entries no event accounts for, the amendments not indexed, and running
    /// activities that differ from the fold.
    mutating func finish(logEnd: UInt64, problems: inout ProblemCollector) throws {
        if covered > logEnd {
            problems.add(.index, logEnd, covered - 1, "the store indexes say they cover \(covered) events but the log holds \(logEnd)")
        }
        for kind in kinds.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            while let next = kinds[kind]?.next {
                try reportExtra(at: next, kind: kind, problems: &problems)
                try advance(kind)
            }
        }
        try days.finish(undecodable: undecodable, problems: &problems)
        try sameRecords.finish(problems: &problems)
        try shortIDs.finish(problems: &problems)
        try text.finish(problems: &problems)
        let indexes = ledger.databases.indexes
        guard from == 0 else {
            try finishSince(problems: &problems)
            try checkActivities(logEnd: logEnd, problems: &problems)
            return
        }
        // Entries under a tag no kind has, or of a kind no covered event has, are extra too.
        if try txn.statistics(indexes.byKind).ms_entries > kindEntriesMatched + extras {
            let cursor = try txn.cursor(indexes.byKind)
            var entry = try cursor.move(.first)
            while let (key, _) = entry {
                let tag: UInt64 = key.count == 16 ? bigEndianValue(key[0..<8]) : 0
                let kind = ledger.storeIndexHasher.kind(tag: tag)
                if key.count != 16 || kind.map({ kinds[$0] == nil }) ?? true {
                    let sequence: UInt64 = key.count == 16 ? bigEndianValue(key[8...]) : 0
                    problems.add(.index, sequence, sequence, "the kind index has an entry for it \(kind.map { "as \($0.rawValue)" } ?? "under no known kind") that no event accounts for")
                }
                entry = try cursor.move(.next)
            }
        }
        let amendments = try txn.cursor(indexes.amendments)
        var entry = try amendments.move(.first)
        while let (key, _) = entry {
            let bytes = Array(key)
            if expectedAmendments.removeValue(forKey: bytes) == nil {
                let sequence: UInt64 = bytes.count >= 8 ? bigEndianValue(bytes.suffix(8)) : 0
                problems.add(.index, sequence, sequence, "the amendment index lists it as amending an event it does not amend")
            }
            entry = try amendments.move(.next)
        }
        for sequence in expectedAmendments.values.sorted() {
            problems.add(.index, sequence, sequence, "the amendment index lacks this amendment, so the event it amends would read unamended")
        }
        try checkActivities(logEnd: logEnd, problems: &problems)
    }

    /// The end of `audit --since`'s check: kind entries past `from` of a kind no new event
    /// has, the new amendments' entries, and the running activities.
    private mutating func finishSince(problems: inout ProblemCollector) throws {
        for kind in EventKind.allCases where kinds[kind] == nil {
            let cursor = try txn.cursor(ledger.databases.indexes.byKind)
            kinds[kind] = (cursor, kindSequence(try cursor.seek(atOrAfter: ledger.storeIndexHasher.kindKey(kind, from)), kind))
            while let next = kinds[kind]?.next {
                try reportExtra(at: next, kind: kind, problems: &problems)
                try advance(kind)
            }
        }
        for (key, sequence) in expectedAmendments.sorted(by: { $0.value < $1.value })
        where try txn.get(ledger.databases.indexes.amendments, key: key) == nil {
            problems.add(.index, sequence, sequence, "the amendment index lacks this amendment, so the event it amends would read unamended")
        }
    }

    /// The running activities index against the fold of every start and stop.
    private func checkActivities(logEnd: UInt64, problems: inout ProblemCollector) throws {
        // A start or stop that does not open is named already; the fold needs them all.
        guard covered <= logEnd, let folded = try? ledger.foldActivities(txn) else { return }
        let stored = try? ledger.storedActivities(txn)
        if stored != folded {
            let differing = Set((stored?.running ?? []).map(\.sequence)).symmetricDifference(folded.running.map(\.sequence)).sorted()
            let sequence = differing.first ?? 0
            problems.add(.index, sequence, differing.last ?? sequence, stored == nil
                ? "the running activities index does not open"
                : "the running activities index disagrees with the starts and stops in the log (\(differing.isEmpty ? "last stop time" : "running: \(differing.map { "#\($0)" }.joined(separator: ", "))"))")
        }
    }

    private var extras = 0

    private mutating func reportExtra(at sequence: UInt64, kind: EventKind, problems: inout ProblemCollector) throws {
        extras += 1
        guard !undecodable.contains(sequence) else { return }
        problems.add(.index, sequence, sequence, sequence < covered
            ? "the kind index lists it as \(kind.rawValue), which it is not"
            : "the kind index lists it as \(kind.rawValue), past the events it covers")
    }

    private mutating func advance(_ kind: EventKind) throws {
        guard let cursor = kinds[kind]?.cursor else { return }
        let next = kindSequence(try cursor.move(.next), kind)
        kinds[kind]?.next = next
    }

    private func kindSequence(_ entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)?, _ kind: EventKind) -> UInt64? {
        guard let key = entry?.key, key.count == 16, bigEndianValue(key[0..<8]) == ledger.storeIndexHasher.tag(kind) else { return nil }
        return bigEndianValue(key[8...])
    }
}
