import LedgerCore
import LedgerCrypto

/// The indexes that let everyday commands read a handful of records however long the log:
/// events by kind, events by local day, amendments by the event they amend, the running
/// activities, and the first event of each record two importers bring under different ids.
///
/// Kind, time and source are sealed inside each record, so no entry holds them in clear:
/// kinds, days and amended ids are keyed hashes under their own vault subkey (unlinkable to the
/// dedup index's), and the running activities are one sealed value. What the entries still
/// show is in SECURITY.md ("Store indexes").
struct StoreIndexes {
    /// kind tag (8 bytes) ‖ sequence (u64 big-endian) → empty.
    let byKind: Database
    /// day tag (8 bytes, the keyed hash of the local day the event started on, at its own UTC
    /// offset) ‖ sequence (u64 big-endian) → empty. A range of days is read a day at a time.
    /// An event lasting over a day has a second entry, under `StoreIndexHasher.longEventsTag`.
    let byDay: Database
    /// amended id's keyed hash (`IDIndexHasher.outputSize` bytes) ‖ the amendment's sequence → empty.
    let amendments: Database
    /// `RunningActivities` sealed, under one key, and `StartedDays` sealed, under another.
    let activities: Database
    /// `SameRecord` key's keyed hash (`IDIndexHasher.outputSize` bytes) → the sequence (u64
    /// big-endian) of the first event with that key: a commit skips a later one.
    let sameRecords: Database
    /// block number (u64 big-endian; `ShortIDLayout.eventsPerBlock` events a block) → each of
    /// the block's events' short-id tag, in log order (`ShortIDLayout.tagSize` bytes each:
    /// a keyed hash of the first four bytes of its id, the eight hex digits `log` shows).
    let shortIDs: Database
    /// run number (u64 big-endian; `ShortIDLayout.eventsPerRun` events a run, only full runs)
    /// → the run's events' tags, each followed by the event's place in the run (u24
    /// big-endian), sorted: `ShortIDLayout.entrySize` bytes an event.
    let shortIDRuns: Database
    /// block number (u64 big-endian; `TextBlooms.eventsPerBlock` events a block) → the count
    /// of the block's events it holds (u32 big-endian) ‖ a Bloom filter of their payloads'
    /// grams and their sources' codes, by keyed hash (`TextBlooms`).
    let textBlooms: Database
    /// run number (u64 big-endian; `Ledger.textRunBlocks` blocks a run) → the count of the
    /// run's events it holds (u32 big-endian) ‖ a Bloom filter of their payloads' grams and
    /// sources' codes, in a larger bit space (`TextBlooms`).
    let textRuns: Database
    /// sequence (u64 big-endian) of a record of at least `LargeEventFilters.recordBytes` sealed
    /// bytes → a Bloom filter of that event's grams and source's code, by the same keyed hash
    /// (`LargeEventFilters`): a power of two bytes, more for an event with more distinct codes.
    let textEvents: Database

    static let activitiesKey = Array("running".utf8)
    /// How many events, from sequence 0, the indexes cover; written with them.
    static let coveredKey = Array("indexes.covered.9".utf8)
    /// Where earlier builds kept that count, and what this build indexes that they did not: a
    /// vault that has one of them is indexed again from sequence 0.
    static let earlierCoveredKeys: [(key: [UInt8], new: String)] = [
        (Array("indexes.covered".utf8), "the index by day is new in this version"),
        (Array("indexes.covered.2".utf8), "the index by day lists events longer than a day in this version"),
        (Array("indexes.covered.3".utf8), "the index of records that Health Auto Export and an Apple Health export both bring is new in this version"),
        (Array("indexes.covered.4".utf8), "the index of short ids is new in this version"),
        (Array("indexes.covered.5".utf8), "the index of payload text and the short-id index's sorted runs are new in this version"),
        (Array("indexes.covered.6".utf8), "the index of payload text also files each event under its source in this version"),
        (Array("indexes.covered.7".utf8), "the index of payload text also finds texts of one or two characters, and text outside ASCII, in this version"),
        (Array("indexes.covered.8".utf8), "the index of payload text also keeps a filter of each large event (an ECG, a long route), which a search opens only when its text may be there, in this version"),
    ]

    static func open(_ environment: Environment, _ txn: Transaction, create: Bool) throws -> StoreIndexes {
        StoreIndexes(
            byKind: try environment.database("index.kind", in: txn, create: create),
            byDay: try environment.database("index.day", in: txn, create: create),
            amendments: try environment.database("index.amendments", in: txn, create: create),
            activities: try environment.database("index.activities", in: txn, create: create),
            sameRecords: try environment.database("index.sameRecord", in: txn, create: create),
            shortIDs: try environment.database("index.shortID", in: txn, create: create),
            shortIDRuns: try environment.database("index.shortIDRuns", in: txn, create: create),
            textBlooms: try environment.database("index.text", in: txn, create: create),
            textRuns: try environment.database("index.textRuns", in: txn, create: create),
            textEvents: try environment.database("index.textEvents", in: txn, create: create))
    }

    /// The events the indexes cover: a vault made before them covers none.
    static func covered(_ txn: Transaction, meta: Database) throws -> UInt64 {
        try txn.get(meta, key: coveredKey).map(bigEndianValue) ?? 0
    }
}

/// Keyed hashes for the store indexes' keys.
struct StoreIndexHasher {
    private let hasher: IDIndexHasher
    private let tags: [EventKind: UInt64]
    private let kinds: [UInt64: EventKind]

    init(key: SecretBytes) {
        hasher = IDIndexHasher(key: key)
        var tags: [EventKind: UInt64] = [:]
        for kind in EventKind.allCases {
            // A kind name through an unkeyed hash only to fit the keyed one's 16-byte input.
            // Cannot fail: the hash is 16 bytes, an id's size
            let name = EventID(bytes: Hashing.blake2b(Array("kind.\(kind.rawValue)".utf8), outputLength: 16))!
            tags[kind] = hasher.words(name).high
        }
        self.tags = tags
        kinds = Dictionary(uniqueKeysWithValues: tags.map { ($0.value, $0.key) })
    }

    // Cannot fail: init gave every kind of EventKind.allCases a tag
    func tag(_ kind: EventKind) -> UInt64 { tags[kind]! }

    /// The kind whose tag this is, or nil for a tag no kind has (a damaged entry).
    func kind(tag: UInt64) -> EventKind? { kinds[tag] }

    func kindKey(_ kind: EventKind, _ sequence: UInt64) -> [UInt8] { bigEndianBytes(tag(kind)) + bigEndianBytes(sequence) }

    /// The tag of a local day: a keyed hash, so the index shows which events share a day but
    /// not which day it is.
    func dayTag(_ day: LocalDay) -> UInt64 {
        // "day" and the day's number fill the hasher's 16-byte input; ids and kind names
        // (BLAKE2b outputs) do not take this form.
        let input = Array("day.".utf8) + [UInt8](repeating: 0, count: 4) + bigEndianBytes(UInt64(bitPattern: day.number))
        // Cannot fail: 4 + 4 + 8 bytes, an id's 16
        return hasher.words(EventID(bytes: input)!).high
    }

    /// The tag every event lasting more than a day is also listed under, beside its day's.
    var longEventsTag: UInt64 {
        // 16 bytes that no day's input ("day." first), id or kind name takes.
        // Cannot fail: 16 ASCII bytes, an id's size
        hasher.words(EventID(bytes: Array("long.events.tag.".utf8))!).high
    }

    /// The short-id tag of an id that starts with these four bytes: a keyed hash, so the
    /// index shows which events share a tag (one in 16,777,216 by chance) but no digit of an id.
    func shortIDTag(startingWith first: UInt32) -> [UInt8] {
        // "sid." then zeros then the four bytes fill the hasher's 16-byte input; no day's
        // input ("day."), kind name or id takes this form but by a 2^-96 chance.
        let input = Array("sid.".utf8) + [UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: first.bigEndian) { Array($0) }
        // Cannot fail: 4 + 8 + 4 bytes, an id's 16
        let word = hasher.words(EventID(bytes: input)!).high
        return [UInt8(truncatingIfNeeded: word >> 56), UInt8(truncatingIfNeeded: word >> 48), UInt8(truncatingIfNeeded: word >> 40)]
    }

    /// Where a text code (a payload gram's, `PayloadText`, or a source's) sets its bits in the text index's
    /// filters: three 19-bit bit numbers (a block's filter takes their low 16 bits), from a
    /// keyed hash, so a filter shows how many codes a block holds but not which.
    func textCodeBits(_ code: UInt32) -> UInt64 {
        // "txt." then zeros then the code fill the hasher's 16-byte input, a form no other
        // tag's input takes ("day.", "sid.", a kind name's or an id's hash but by a 2^-96 chance).
        let input = Array("txt.".utf8) + [UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: code.bigEndian) { Array($0) }
        // Cannot fail: 4 + 8 + 4 bytes, an id's 16
        return hasher.words(EventID(bytes: input)!).high & ((1 << (TextBlooms.slotWidth * UInt64(TextBlooms.bitsPerCode))) - 1)
    }

    func shortIDTag(_ id: EventID) -> [UInt8] { shortIDTag(startingWith: UInt32(truncatingIfNeeded: id.words.high >> 32)) }

    func dayKey(_ day: LocalDay, _ sequence: UInt64) -> [UInt8] { bigEndianBytes(dayTag(day)) + bigEndianBytes(sequence) }

    /// What the audit adds up per day tag for each of its entries: keyed, so no one without
    /// the vault's key can swap entries for others that add up the same.
    func dayEntryDigest(_ tag: UInt64, _ sequence: UInt64) -> UInt64 { hasher.digest(tag, sequence) }

    func amendedPrefix(_ target: EventID) -> [UInt8] {
        IndexKey(of: target, hasher).withBytes { Array($0) }
    }

    func amendmentKey(_ target: EventID, _ sequence: UInt64) -> [UInt8] { amendedPrefix(target) + bigEndianBytes(sequence) }

    /// The same-record index's key for a `SameRecord` key hashed to an id's size.
    func sameRecordKey(_ key: EventID) -> [UInt8] {
        IndexKey(of: key, hasher).withBytes { Array($0) }
    }
}

/// Day tags of events as they come, hashed once per day: an import's or an audit's events
/// come a few days at a time. Holds at most `limit` days.
struct DayTags {
    private let hasher: StoreIndexHasher
    private var known: [LocalDay: UInt64] = [:]
    private static let limit = 1_024

    init(_ hasher: StoreIndexHasher) { self.hasher = hasher }

    /// The day index's tags for an event: its day's, and the tag of long events if it lasts over a day.
    mutating func tags(_ facts: IndexFacts) -> [UInt64] {
        facts.lastsOverADay ? [tag(facts.day), hasher.longEventsTag] : [tag(facts.day)]
    }

    mutating func tag(_ day: LocalDay) -> UInt64 {
        if let tag = known[day] { return tag }
        if known.count >= Self.limit { known.removeAll(keepingCapacity: true) }
        let tag = hasher.dayTag(day)
        known[day] = tag
        return tag
    }
}
