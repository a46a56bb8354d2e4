import LedgerCore
import LedgerCrypto

extension Ledger {
    /// Indexes the events a commit just stored at `sequences`, in the same transaction, when
    /// the indexes cover the log up to `logSizeBefore` (a vault made before them, or appended
    /// to by an older build, is indexed by `buildStoreIndexes` instead).
    func indexCommitted(_ txn: Transaction, _ batches: [PreparedBatch], _ sequences: [[UInt64?]], logSizeBefore: UInt64) throws {
        guard try StoreIndexes.covered(txn, meta: databases.meta) == logSizeBefore else { return }
        var events: [(sequence: UInt64, facts: IndexFacts)] = []
        for (batch, assigned) in zip(batches, sequences) {
            for (event, sequence) in zip(batch.events, assigned) {
                guard let sequence else { continue }
                var facts = event.facts
                // As `sealAndPut` seals it.
                facts.isLargeRecord = LargeEventFilters.isLarge(recordBytes: event.plain.count + RecordSealer.overhead)
                events.append((sequence, facts))
            }
        }
        try index(txn, events)
        try setCovered(txn, logSizeBefore + UInt64(events.count))
    }

    func setCovered(_ txn: Transaction, _ size: UInt64) throws {
        try txn.put(databases.meta, key: StoreIndexes.coveredKey, value: bigEndianBytes(size))
    }

    /// Adds `events`, in log order, to every store index; records it opens (targets of
    /// amendments, starts and stops folded again) are opened with `codec` when given.
    func index(_ txn: Transaction, _ events: [(sequence: UInt64, facts: IndexFacts)], codec: RecordCodec? = nil) throws {
        let indexes = databases.indexes
        var dayTags = DayTags(storeIndexHasher)
        for (sequence, facts) in events {
            try txn.put(indexes.byKind, key: storeIndexHasher.kindKey(facts.kind, sequence), value: [])
            for tag in dayTags.tags(facts) {
                try txn.put(indexes.byDay, key: bigEndianBytes(tag) + bigEndianBytes(sequence), value: [])
            }
            if let target = facts.target {
                try txn.put(indexes.amendments, key: storeIndexHasher.amendmentKey(target, sequence), value: [])
            }
            // The first event of a record is its holder: one an earlier version stored again
            // under another id stays in the log, but is never what a later one is skipped for.
            if let sameRecord = facts.sameRecord {
                let key = storeIndexHasher.sameRecordKey(sameRecord.key)
                if try txn.get(indexes.sameRecords, key: key) == nil { try txn.put(indexes.sameRecords, key: key, value: bigEndianBytes(sequence)) }
            }
        }
        try indexShortIDs(txn, events)
        try indexText(txn, events, codec: codec)
        try indexLargeEvents(txn, events, codec: codec)
        try storeStartedDays(txn, including: events.map(\.facts.day))
        var activities: RunningActivities?
        var refold = false
        for (sequence, facts) in events where !refold {
            if let target = facts.target, try amendsActivity(txn, target, codec: codec) {
                refold = true
            } else if let fact = facts.activity {
                // Amendments stored before the event they aim at (a bundle may carry them so)
                // change how it reads: fold again rather than take it as it stands.
                let amendedAlready = try !amendmentSequences(txn, of: facts.id).isEmpty
                if amendedAlready {
                    refold = true
                } else {
                    if activities == nil { activities = try storedActivities(txn) }
                    activities?.apply(fact, id: facts.id, sequence: sequence)
                }
            }
        }
        if refold { activities = try foldActivities(txn, codec: codec) }
        if let activities { try storeActivities(txn, activities) }
    }

    /// Whether `target` is a start or a stop: amending one changes which activities run.
    private func amendsActivity(_ txn: Transaction, _ target: EventID, codec: RecordCodec?) throws -> Bool {
        var reader = try RecordReader(ledger: self, txn, codec: codec)
        guard let sequence = try event(id: target, txn, &reader)?.sequence else { return false }
        for kind in [EventKind.activityStarted, .activityStopped] {
            if try txn.get(databases.indexes.byKind, key: storeIndexHasher.kindKey(kind, sequence)) != nil { return true }
        }
        return false
    }

    /// The running activities folded again from every start and stop the kind index holds,
    /// as they read now: after an amendment of one, which may change any later match.
    func foldActivities(_ txn: Transaction, codec: RecordCodec? = nil) throws -> RunningActivities {
        var reader = try RecordReader(ledger: self, txn, codec: codec)
        var activities = RunningActivities()
        for sequence in try sequences(txn, ofKinds: [.activityStarted, .activityStopped]) {
            let current = try currentEvent(try reader.event(at: sequence), &reader)
            if !current.isRetracted, let fact = ActivityFact(current.event) {
                activities.apply(fact, id: current.event.id, sequence: sequence)
            }
        }
        return activities
    }

    func storedActivities(_ txn: Transaction) throws -> RunningActivities {
        guard let sealed = try txn.get(databases.indexes.activities, key: StoreIndexes.activitiesKey) else { return RunningActivities() }
        do {
            return try RunningActivities(encoded: logMetadataSealer.open(sealed, associatedData: associatedDataOfActivities))
        } catch {
            throw LedgerStoreError.damagedView(
                name: "index.activities", reason: "the running activities do not open (\(error)); `healthledger replay` rebuilds them")
        }
    }

    private func storeActivities(_ txn: Transaction, _ activities: RunningActivities) throws {
        let sealed = logMetadataSealer.seal(activities.encoded, associatedData: associatedDataOfActivities)
        try txn.put(databases.indexes.activities, key: StoreIndexes.activitiesKey, value: sealed)
    }

    var associatedDataOfActivities: [UInt8] { vaultID + Array("index.activities".utf8) }
}
