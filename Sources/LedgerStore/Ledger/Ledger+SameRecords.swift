public import LedgerCore

extension Ledger {
    /// Marks as duplicates the new events whose `SameRecord` key an event stored before, or
    /// earlier in this commit, already has: the same HealthKit record brought by another
    /// importer under its own id (Health Auto Export, then a full Apple Health export of the
    /// same days, or the other way round). Returns, per batch, how many it marked by the name
    /// of the holding event's source, so that an import can say where the record came from.
    ///
    /// Events whose ids were drawn at random were typed by a person, never brought twice: they
    /// are not looked up (and a record an import brings later is skipped for them all the same).
    /// An event stored before the store indexes cover the log is found once the next build
    /// indexes it.
    func markSameRecords(_ txn: Transaction, _ batches: [PreparedBatch], _ isDuplicate: inout [Bool]) throws -> [[String: Int]] {
        var held: [[String: Int]] = []
        var heldInCommit: [EventID: String] = [:]
        var reader: RecordReader?
        var position = 0
        for batch in batches {
            var heldOfBatch: [String: Int] = [:]
            for event in batch.events {
                defer { position += 1 }
                guard !batch.idsDrawnAtRandom, !isDuplicate[position], let sameRecord = event.facts.sameRecord else { continue }
                // A correction holds the corrected value's record, but is stored whatever holds it.
                if event.facts.kind.isAmendment {
                    if heldInCommit[sameRecord.key] == nil { heldInCommit[sameRecord.key] = sameRecord.sourceName }
                } else if let holder = heldInCommit[sameRecord.key] {
                    heldOfBatch[holder, default: 0] += 1
                    isDuplicate[position] = true
                } else if let stored = try txn.get(databases.indexes.sameRecords, key: storeIndexHasher.sameRecordKey(sameRecord.key)) {
                    if reader == nil { reader = try RecordReader(ledger: self, txn) }
                    // Cannot fail: just assigned
                    let holder = try reader!.event(at: bigEndianValue(stored)).event.source.name
                    heldOfBatch[holder, default: 0] += 1
                    isDuplicate[position] = true
                } else {
                    heldInCommit[sameRecord.key] = sameRecord.sourceName
                }
            }
            held.append(heldOfBatch)
        }
        return held
    }

    /// How many of `events`, not stored under their own ids, a commit now would skip as the
    /// same record as an event stored under another id: for a delivery's count of readings new
    /// to the ledger, which is written in the same commit as they are, before its outcome.
    public func countHeldUnderAnotherID(_ events: [Event]) throws -> Int {
        let keyed = events.filter { !$0.kind.isAmendment }.compactMap { event in IndexFacts.sameRecordKey(event).map { (event.id, $0) } }
        guard !keyed.isEmpty else { return 0 }
        return try environment.read { txn in
            var held = 0
            var seen: Set<EventID> = []
            for (id, key) in keyed where try databases.ids.sequence(txn, key: IndexKey(of: id, indexHasher)) == nil {
                // A key met earlier in the events is skipped for that one, as a commit does.
                let heldBefore = try !seen.insert(key).inserted || txn.get(databases.indexes.sameRecords, key: storeIndexHasher.sameRecordKey(key)) != nil
                if heldBefore { held += 1 }
            }
            return held
        }
    }
}
