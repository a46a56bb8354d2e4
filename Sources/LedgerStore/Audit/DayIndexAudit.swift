import LedgerCore

/// What `audit` checks of the day index against the log: every event covered has an entry
/// under the tag of the day it started on (and one under the tag of long events if it lasts
/// over a day), and no other entry is there.
///
/// Days are too many for a cursor each (as kinds have), so the full audit adds up, per day
/// tag, how many events the log has and a keyed digest of their sequences, then reads the
/// index once in key order and adds up the same. Only a day whose sums differ is looked at
/// again, entry by entry, to name the sequences. `audit --since` checks the entries of the
/// events after its checkpoint, and that no later entry sits under their days' tags.
struct DayIndexAudit {
    /// A day's entries: their sums, and the span of sequences to read again if they differ.
    private struct DayGroup: Equatable {
        var entries = EntrySums()
        var first = UInt64.max
        var last: UInt64 = 0

        mutating func add(_ sequence: UInt64, _ digest: UInt64) {
            entries.add(digest)
            first = min(first, sequence)
            last = max(last, sequence)
        }
    }

    private let ledger: Ledger
    private let txn: Transaction
    private let from: UInt64
    private var logDays: [UInt64: DayGroup] = [:]
    /// The events after `from`, by day tag (`audit --since` only).
    private var newDays: [UInt64: [UInt64]] = [:]
    private var tags: DayTags
    /// The first and last days the events checked started on.
    private var started: StartedDays?

    init(ledger: Ledger, _ txn: Transaction, from: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.from = from
        tags = DayTags(ledger.storeIndexHasher)
    }

    mutating func check(_ facts: IndexFacts, at sequence: UInt64) {
        started = started?.including(facts.day) ?? StartedDays(first: facts.day, last: facts.day)
        for tag in tags.tags(facts) {
            if from == 0 {
                logDays[tag, default: DayGroup()].add(sequence, ledger.storeIndexHasher.dayEntryDigest(tag, sequence))
            } else {
                newDays[tag, default: []].append(sequence)
            }
        }
    }

    /// Names the entries that differ from the log; `undecodable` are events whose day is not
    /// known (named already), whose entries are left alone.
    func finish(undecodable: Set<UInt64>, problems: inout ProblemCollector) throws {
        try checkStartedDays(problems: &problems)
        if from == 0 {
            for tag in try differingDays(problems: &problems) { try name(tag, undecodable: undecodable, problems: &problems) }
        } else {
            for (tag, sequences) in newDays.sorted(by: { $0.key < $1.key }) {
                try compare(tag, expected: Set(sequences), from: from, undecodable: undecodable, problems: &problems)
            }
        }
    }

    /// The stored first and last days against those of the events checked: the whole log's
    /// (equal), or those after `audit --since`'s checkpoint (within).
    private func checkStartedDays(problems: inout ProblemCollector) throws {
        let stored: StartedDays?
        do {
            stored = try ledger.storedStartedDays(txn)
        } catch {
            problems.add(.index, 0, 0, "\(error)")
            return
        }
        // None kept: indexes built before they kept one (log --from alone then reads the log).
        guard let stored else { return }
        let agrees = from == 0 ? stored == started : started.map { stored.including($0.first).including($0.last) == stored } ?? true
        guard !agrees else { return }
        let said = { (span: StartedDays?) in span.map { "\($0.first)–\($0.last)" } ?? "none" }
        problems.add(.index, 0, 0, "the store indexes say events started from \(said(stored)) but the log's \(from == 0 ? "" : "newest ")events started \(said(started)), so `log --from` or `--to` alone would leave some out; `healthledger replay` rebuilds them")
    }

    /// The day tags whose entries in the index do not add up to the log's; entries no event
    /// could have made are named here.
    private func differingDays(problems: inout ProblemCollector) throws -> [UInt64] {
        var indexDays: [UInt64: DayGroup] = [:]
        let cursor = try txn.cursor(ledger.databases.indexes.byDay)
        var entry = try cursor.move(.first)
        while let (key, _) = entry {
            if key.count == 16 {
                let tag: UInt64 = bigEndianValue(key[0..<8]), sequence: UInt64 = bigEndianValue(key[8...])
                indexDays[tag, default: DayGroup()].add(sequence, ledger.storeIndexHasher.dayEntryDigest(tag, sequence))
            } else {
                problems.add(.index, 0, 0, "the day index has an entry of \(key.count) bytes, which no event makes")
            }
            entry = try cursor.move(.next)
        }
        return Set(logDays.keys).union(indexDays.keys).filter { logDays[$0]?.entries != indexDays[$0]?.entries }.sorted()
    }

    /// Reads the log's events again where the day's group spans, and names each sequence the
    /// index has or lacks wrongly under `tag`.
    private func name(_ tag: UInt64, undecodable: Set<UInt64>, problems: inout ProblemCollector) throws {
        var expected: Set<UInt64> = []
        var tags = tags
        if let group = logDays[tag] {
            var reader = try RecordReader(ledger: ledger, txn)
            for sequence in group.first...group.last where !undecodable.contains(sequence) {
                guard let event = try? reader.event(at: sequence).event else { continue }
                if tags.tags(IndexFacts(event)).contains(tag) { expected.insert(sequence) }
            }
        }
        try compare(tag, expected: expected, from: 0, undecodable: undecodable, problems: &problems)
    }

    /// The index's entries under `tag` from `from` on against `expected`.
    private func compare(_ tag: UInt64, expected: Set<UInt64>, from: UInt64, undecodable: Set<UInt64>, problems: inout ProblemCollector) throws {
        var listed: Set<UInt64> = []
        let cursor = try txn.cursor(ledger.databases.indexes.byDay)
        let prefix = bigEndianBytes(tag)
        var entry = try cursor.seek(atOrAfter: prefix + bigEndianBytes(from))
        while let (key, _) = entry, key.starts(with: prefix) {
            if key.count == 16 { listed.insert(bigEndianValue(key[8...])) }
            entry = try cursor.move(.next)
        }
        let long = tag == ledger.storeIndexHasher.longEventsTag
        for sequence in listed.subtracting(expected).subtracting(undecodable).sorted() {
            problems.add(.index, sequence, sequence, long
                ? "the day index lists it among the events longer than a day, which it is not"
                : "the day index lists it under a day it did not start on")
        }
        for sequence in expected.subtracting(listed).sorted() {
            problems.add(.index, sequence, sequence, long
                ? "the day index does not list it among the events longer than a day, so a view read as of an earlier time would leave it out"
                : "the day index has no entry for it on the day it started, so a bundle or `log --from --to` of that day would leave it out")
        }
    }
}
