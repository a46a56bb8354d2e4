public import LedgerCore
import LedgerCrypto

extension Ledger {
    /// The sequences of events of `kinds`, oldest first.
    func sequences(_ txn: Transaction, ofKinds kinds: Set<EventKind>) throws -> [UInt64] {
        var found: [UInt64] = []
        let cursor = try txn.cursor(databases.indexes.byKind)
        for kind in kinds {
            let tag = bigEndianBytes(storeIndexHasher.tag(kind))
            var entry = try cursor.seek(atOrAfter: tag + bigEndianBytes(0))
            while let (key, _) = entry, key.count == 16, key.starts(with: tag) {
                found.append(bigEndianValue(key[8...]))
                entry = try cursor.move(.next)
            }
        }
        return found.sorted()
    }

    /// The sequences of events that started on one of `days`, each at its own UTC offset
    /// (and, with `orLongerThanADay`, of every event lasting over a day), oldest first: one
    /// seek a day.
    func sequences(_ txn: Transaction, onDays days: ClosedRange<LocalDay>, orLongerThanADay: Bool = false) throws -> [UInt64] {
        var found: [UInt64] = []
        let cursor = try txn.cursor(databases.indexes.byDay)
        for tag in dayTags(days, orLongerThanADay: orLongerThanADay).map(bigEndianBytes) {
            var entry = try cursor.seek(atOrAfter: tag + bigEndianBytes(0))
            while let (key, _) = entry, key.count == 16, key.starts(with: tag) {
                found.append(bigEndianValue(key[8...]))
                entry = try cursor.move(.next)
            }
        }
        return Array(Set(found)).sorted()
    }

    /// The day index's tags of `days`, and with `orLongerThanADay` its tag of long events.
    private func dayTags(_ days: ClosedRange<LocalDay>, orLongerThanADay: Bool) -> [UInt64] {
        let tags = (days.lowerBound.number...days.upperBound.number).map { storeIndexHasher.dayTag(LocalDay(number: $0)) }
        return orLongerThanADay ? tags + [storeIndexHasher.longEventsTag] : tags
    }

    /// The sequences of the amendments whose keyed target hash is `id`'s, oldest first.
    func amendmentSequences(_ txn: Transaction, of id: EventID) throws -> [UInt64] {
        try amendmentSequences(of: id, through: txn.cursor(databases.indexes.amendments))
    }

    /// The same, through a cursor on the amendment index that a walk keeps for every event it reads.
    func amendmentSequences(of id: EventID, through cursor: Cursor) throws -> [UInt64] {
        let prefix = storeIndexHasher.amendedPrefix(id)
        var found: [UInt64] = []
        var entry = try cursor.seek(atOrAfter: prefix + bigEndianBytes(0))
        while let (key, _) = entry, key.count == prefix.count + 8, key.starts(with: prefix) {
            found.append(bigEndianValue(key[prefix.count...]))
            entry = try cursor.move(.next)
        }
        return found
    }

    /// `stored` as it reads now, with the amendments the index finds for it. An amendment
    /// aimed elsewhere is not applied (the index was damaged; `audit` names the entry).
    func currentEvent(_ stored: StoredEvent, _ reader: inout RecordReader) throws -> CurrentEvent {
        var amendments: [StoredEvent] = []
        for sequence in try reader.amendmentSequences(of: stored.event.id) {
            let amendment = try reader.event(at: sequence)
            if amendment.event.kind.isAmendment, CurrentEventStream.target(of: amendment.event) == stored.event.id {
                amendments.append(amendment)
            }
        }
        return CurrentView.apply(amendments, to: stored)
    }

    /// Runs `body` in a read transaction over indexes that cover the whole log, building them
    /// first when they do not (a vault an older build made or appended to). `lookingUpAlong`:
    /// `body` walks back through the log looking things up for each event, at the lookup
    /// budget however long it grows (`MemoryPolicy.keepingLookupBudget`); a build is not.
    func withStoreIndexes<R>(lookingUpAlong: Bool = false, _ body: (Transaction, inout RecordReader) throws -> R) throws -> R {
        for attempt in 0..<2 {
            let result: R? = try environment.read { txn in
                let size = try LedgerState.load(txn, databases).frontier.size
                guard try StoreIndexes.covered(txn, meta: databases.meta) == size else { return nil }
                try loadDictionaries(txn, upTo: LedgerState.load(txn, databases).currentDictionary)
                var reader = try RecordReader(ledger: self, txn)
                return try lookingUpAlong ? environment.keepingLookupBudget { try body(txn, &reader) } : body(txn, &reader)
            }
            if let result { return result }
            if attempt == 0 { try buildStoreIndexes() }
        }
        throw LedgerStoreError.damagedView(name: "store indexes", reason: "they could not be brought up to the log; `healthledger replay` rebuilds them")
    }

    /// Which activities are running now, read from their index (no record is opened).
    public func runningActivities() throws -> RunningActivities {
        try withStoreIndexes { txn, _ in try storedActivities(txn) }
    }

    /// The event with `id` as it reads now, its amendments found through the index.
    public func currentEvent(id: EventID) throws -> CurrentEvent? {
        guard let stored = try event(id: id) else { return nil }
        return try currentEvent(stored)
    }

    /// `stored`, already read (by its sequence number, say), with every amendment aimed at
    /// it: no search of the id index, whose recent tier grows with the log.
    public func currentEvent(_ stored: StoredEvent) throws -> CurrentEvent {
        try withStoreIndexes { _, reader in try currentEvent(stored, &reader) }
    }

    /// The events of `ids` the ledger holds, as they read now, in one read transaction: an
    /// importer checking a whole file of re-sent records against what is held opens each
    /// once, not a transaction per record.
    public func currentEvents(ids: [EventID]) throws -> [EventID: CurrentEvent] {
        try withStoreIndexes { txn, reader in
            var found: [EventID: CurrentEvent] = [:]
            for id in ids {
                guard let sequence = try databases.ids.sequence(txn, key: IndexKey(of: id, indexHasher)) else { continue }
                let stored = try reader.event(at: sequence)
                guard stored.event.id == id else { continue }
                found[id] = try currentEvent(stored, &reader)
            }
            return found
        }
    }

    /// Every event of `kinds` as it reads now, in log order, through the kind index.
    public func currentEvents(ofKinds kinds: Set<EventKind>) throws -> [CurrentEvent] {
        try withStoreIndexes { txn, reader in
            try sequences(txn, ofKinds: kinds).map { try currentEvent(reader.event(at: $0), &reader) }
        }
    }

    /// Every event that started on one of `days` (each at the UTC offset it was recorded
    /// with) and every event of `kinds` whatever its day, in log order, read through the day
    /// and kind indexes; `body` returns false to stop. With `current`, amendments are skipped
    /// and every other event is handed over as it reads now too; else that is nil. Holds one
    /// sequence number per event found until it is done, so callers bound `days` (by
    /// `daysReadThroughIndex`, reading the whole log past that).
    public func forEach(
        onDays days: ClosedRange<LocalDay>, orKinds kinds: Set<EventKind> = [], current: Bool = false,
        _ body: (StoredEvent, CurrentEvent?) throws -> Bool
    ) throws {
        try withStoreIndexes { txn, reader in
            let found = Set(try sequences(txn, onDays: days)).union(try sequences(txn, ofKinds: kinds)).sorted()
            for sequence in found {
                guard try hand(sequence, current: current, &reader, to: body) else { return }
            }
        }
    }

    /// The events that started on one of `days` (each at the UTC offset it was recorded
    /// with), newest first by sequence, and only of `kinds` when some are given: those are
    /// looked up in the kind index, so no other event's record is opened. `body` returns
    /// false to stop, so a page of the newest opens about as many records as it shows. With
    /// `current`, as `newestFirst(kinds:current:_:)`.
    public func newestFirst(
        onDays days: ClosedRange<LocalDay>, kinds: Set<EventKind>, current: Bool,
        _ body: (StoredEvent, CurrentEvent?) throws -> Bool
    ) throws {
        try withStoreIndexes { txn, reader in
            let kindTags = kinds.filter { !(current && $0.isAmendment) }.map { bigEndianBytes(storeIndexHasher.tag($0)) }
            for sequence in try sequences(txn, onDays: days).reversed() {
                if !kinds.isEmpty, try !isListed(sequence, underAnyOf: kindTags, txn) { continue }
                guard try hand(sequence, current: current, &reader, to: body) else { return }
            }
        }
    }

    /// Whether the kind index lists `sequence` under one of `tags`.
    private func isListed(_ sequence: UInt64, underAnyOf tags: [[UInt8]], _ txn: Transaction) throws -> Bool {
        let sequenceBytes = bigEndianBytes(sequence)
        for tag in tags where try txn.get(databases.indexes.byKind, key: tag + sequenceBytes, { _ in true }) != nil { return true }
        return false
    }

    /// What a view needs to know `days` as it stood when the log held its first `size` events:
    /// every event before `size` that started on one of `days` (each at its own UTC offset) or
    /// lasts over a day (none of these without `days`), or is of `kinds`, with those of their
    /// amendments that are before `size`, in log order. Amendments count only through the
    /// events they amend.
    public func forEach(
        countingOn days: ClosedRange<LocalDay>?, orKinds kinds: Set<EventKind>, before size: UInt64, _ body: (StoredEvent) throws -> Void
    ) throws {
        try withStoreIndexes { txn, reader in
            let onDays = try days.map { try sequences(txn, onDays: $0, orLongerThanADay: true) } ?? []
            let candidates = Set(onDays).union(try sequences(txn, ofKinds: kinds))
            var chosen: [UInt64: StoredEvent] = [:]
            for sequence in candidates where sequence < size {
                let stored = try reader.event(at: sequence)
                guard !stored.event.kind.isAmendment else { continue }
                chosen[sequence] = stored
                for amending in try amendmentSequences(txn, of: stored.event.id) where amending < size {
                    let amendment = try reader.event(at: amending)
                    if amendment.event.kind.isAmendment, CurrentEventStream.target(of: amendment.event) == stored.event.id {
                        chosen[amending] = amendment
                    }
                }
            }
            for (_, event) in chosen.sorted(by: { $0.key < $1.key }) { try body(event) }
        }
    }

    /// Whether nothing from sequence `size` on is an event `forEach(countingOn:orKinds:before:)`
    /// would hand over for `days` and `kinds`, an amendment of one of those, or an erasure:
    /// then what those days and kinds read as of `size` is what they read now. One seek a day
    /// and a kind, and the amendments after the point opened with what they amend (past
    /// `amendmentsLookedThrough` of them, the answer is no).
    public func nothingCounts(
        on days: ClosedRange<LocalDay>?, orKinds kinds: Set<EventKind>, from size: UInt64
    ) throws -> Bool {
        let targets: [EventID]? = try withStoreIndexes { txn, reader in
            let dayTags = days.map { self.dayTags($0, orLongerThanADay: true) } ?? []
            let kindTags = kinds.union([.subjectErased]).map(storeIndexHasher.tag)
            for (database, tags) in [(databases.indexes.byDay, dayTags), (databases.indexes.byKind, kindTags)] {
                let cursor = try txn.cursor(database)
                for tag in tags.map(bigEndianBytes) {
                    if let (key, _) = try cursor.seek(atOrAfter: tag + bigEndianBytes(size)), key.count == 16, key.starts(with: tag) { return nil }
                }
            }
            var targets: [EventID] = []
            let cursor = try txn.cursor(databases.indexes.byKind)
            for tag in [EventKind.eventCorrected, .eventRetracted].map({ bigEndianBytes(storeIndexHasher.tag($0)) }) {
                var entry = try cursor.seek(atOrAfter: tag + bigEndianBytes(size))
                while let (key, _) = entry, key.count == 16, key.starts(with: tag) {
                    guard targets.count < Self.amendmentsLookedThrough,
                          let target = CurrentEventStream.target(of: try reader.event(at: bigEndianValue(key[8...])).event) else { return nil }
                    targets.append(target)
                    entry = try cursor.move(.next)
                }
            }
            return targets
        }
        guard let targets else { return false }
        for target in targets {
            // An amendment of nothing stored changes nothing.
            guard let amended = try event(id: target)?.event else { continue }
            if kinds.contains(amended.kind) { return false }
            if let days, days.contains(LocalDay(amended.start, utcOffset: amended.utcOffset)) || IndexFacts.lastsOverADay(amended) { return false }
        }
        return true
    }

    /// The most amendments after a point that `nothingCounts` opens before answering no: a
    /// few corrections since are common, a replayed import's thousands are not worth it.
    public static let amendmentsLookedThrough = 64

    /// The longest range of days read through the day index rather than by reading the whole
    /// log: beyond a year, most of a lifetime's log is read either way.
    public static let daysReadThroughIndex = 366

    /// Events newest first, of `kinds` only (through the kind index) or, when `kinds` is
    /// empty, of every kind; `body` returns false to stop. With `current`, amendments are
    /// skipped and every other event is handed over as it reads now too; else that is nil.
    /// A block of events whose text filter shows none matches `search` is skipped unread, and
    /// an event whose own codes show it cannot is not decoded: `body` still decides, for every
    /// event handed over, whether it matches.
    public func newestFirst(
        kinds: Set<EventKind>, current: Bool, matching search: IndexedSearch = IndexedSearch(), _ body: (StoredEvent, CurrentEvent?) throws -> Bool
    ) throws {
        try withStoreIndexes(lookingUpAlong: true) { txn, reader in
            var filters = try TextBlockFilter(self, txn, search: search)
            var sources: [NewestFirstCursor] = []
            if kinds.isEmpty {
                sources.append(try NewestFirstCursor(txn, txn.cursor(databases.log), tag: nil))
            } else {
                for kind in kinds where !(current && kind.isAmendment) {
                    sources.append(try NewestFirstCursor(txn, txn.cursor(databases.indexes.byKind), tag: storeIndexHasher.tag(kind)))
                }
            }
            while let index = sources.indices.filter({ sources[$0].sequence != nil }).max(by: { (sources[$0].sequence ?? 0) < (sources[$1].sequence ?? 0) }),
                  let sequence = sources[index].sequence {
                if let skipped = try filters.skippable(sequence) {
                    for source in sources.indices { try sources[source].step(below: skipped.lowerBound) }
                    continue
                }
                try sources[index].step()
                guard try hand(sequence, current: current, &reader, holding: filters.codes, to: body) else { return }
            }
        }
    }
}

extension Ledger {
    /// Hands the event at `sequence` to `body`, as it reads now too with `current` (which
    /// skips amendments), unless it lacks one of the text index's `codes` (a search's, which it
    /// then cannot match); returns what `body` returned, or true for an event not handed over.
    func hand(
        _ sequence: UInt64, current: Bool, _ reader: inout RecordReader, holding codes: [UInt32] = [], to body: (StoredEvent, CurrentEvent?) throws -> Bool
    ) throws -> Bool {
        guard let stored = try reader.event(at: sequence, holding: codes) else { return true }
        guard current else { return try body(stored, nil) }
        guard !stored.event.kind.isAmendment else { return true }
        return try body(stored, currentEvent(stored, &reader))
    }
}

/// Walks the log, or one kind's entries of the kind index, from the newest sequence back.
struct NewestFirstCursor {
    private let cursor: Cursor
    /// The kind tag whose entries this walks; nil walks the log itself.
    private let tag: [UInt8]?
    /// The sequence it stands on; nil once past the oldest.
    private(set) var sequence: UInt64?

    init(_ txn: Transaction, _ cursor: Cursor, tag: UInt64?) throws {
        self.cursor = cursor
        self.tag = tag.map(bigEndianBytes)
        var entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)?
        if let tag, tag < UInt64.max, try cursor.seek(atOrAfter: bigEndianBytes(tag + 1)) != nil {
            entry = try cursor.move(.previous)
        } else {
            entry = try cursor.move(.last)
        }
        sequence = read(entry)
    }

    mutating func step() throws {
        sequence = read(try cursor.move(.previous))
    }

    /// Moves to the newest entry before `limit`, if it stands at or after it.
    mutating func step(below limit: UInt64) throws {
        guard let current = sequence, current >= limit else { return }
        let key = (tag ?? []) + bigEndianBytes(limit)
        sequence = read(try cursor.seek(atOrAfter: key) != nil ? cursor.move(.previous) : cursor.move(.last))
    }

    private func read(_ entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)?) -> UInt64? {
        guard let key = entry?.key else { return nil }
        guard let tag else { return sequenceNumber(key) }
        guard key.count == 16, key.starts(with: tag) else { return nil }
        return bigEndianValue(key[8...])
    }
}
