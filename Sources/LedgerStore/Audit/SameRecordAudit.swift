import CLMDB
import LedgerCore

/// What `audit` checks of the same-record index: each `SameRecord` key of a covered event
/// names the first event in the log that has it, and no entry names a key no event has.
///
/// `audit --since` checks the keys first met after its checkpoint (`from`): each has an entry,
/// at a sequence no later than the event (a key first met earlier may be held before `from`).
/// Entries no event accounts for are the full audit's.
struct SameRecordAudit {
    private let ledger: Ledger
    private let txn: Transaction
    private let from: UInt64
    /// Each key met, under its index key, with the first sequence that has it.
    private var firstHolders: [[UInt8]: UInt64] = [:]

    init(ledger: Ledger, _ txn: Transaction, from: UInt64) {
        self.ledger = ledger
        self.txn = txn
        self.from = from
    }

    mutating func check(_ facts: IndexFacts, at sequence: UInt64) {
        guard let sameRecord = facts.sameRecord else { return }
        let key = ledger.storeIndexHasher.sameRecordKey(sameRecord.key)
        if firstHolders[key] == nil { firstHolders[key] = sequence }
    }

    func finish(problems: inout ProblemCollector) throws {
        let index = ledger.databases.indexes.sameRecords
        var found = 0
        for (key, first) in firstHolders.sorted(by: { $0.value < $1.value }) {
            guard let stored = try txn.get(index, key: key), stored.count == 8 else {
                problems.add(.index, first, first, "the same-record index lacks this event's record, so the same record brought by another importer under its own id would be stored again")
                continue
            }
            found += 1
            let holder = bigEndianValue(stored)
            if from == 0 ? holder != first : holder > first {
                problems.add(.index, first, first, "the same-record index names #\(holder) as the first event of this event's record, which is #\(first)")
            }
        }
        guard from == 0, try txn.statistics(index).ms_entries > found else { return }
        let cursor = try txn.cursor(index)
        var entry = try cursor.move(.first)
        while let (key, value) = entry {
            if firstHolders[Array(key)] == nil {
                let sequence: UInt64 = value.count == 8 ? bigEndianValue(value) : 0
                problems.add(.index, sequence, sequence, "the same-record index has an entry for it that no event's record accounts for")
            }
            entry = try cursor.move(.next)
        }
    }
}
