import LedgerCore

/// What the first record of each attribute id, and of each sample, held within one run of
/// a type: the two questions a record asks of the records before it (`CollidingIDs`: does
/// it need an id of its own; `RepeatedSample`: does it repeat a sample saved before).
///
/// A run can be millions of records (a decade of a watch's heart rate), and holding all of
/// them grew an import's memory with the export. Records that share an attribute id or a
/// sample share their start, so they are kept by start day: when more than
/// `residentLimit` records are held, the days met longest ago are written to a scratch
/// file, and read back if a record of theirs comes again. Exports list a run roughly by
/// time, so few days come back; the answers are those of holding everything.
struct RunFirsts {
    struct Answer: Equatable {
        /// An earlier record had the attribute id with other content.
        var needsOwnID: Bool
        /// An earlier record was the same sample under another attribute id.
        var repeatsASample: Bool
    }

    private struct Day {
        /// The attribute id's first eight bytes → the content hash of the first record with it.
        var contents: [UInt64: Int] = [:]
        /// The sample's key (`repeatKey`) → the attribute id of its first save.
        var saves: [Int: EventID] = [:]
        var lastMet = 0
        var count: Int { contents.count + saves.count }
    }

    private struct SpilledDay {
        let offset: Int64
        let contents: Int
        let saves: Int
    }

    static let defaultResidentLimit = 1 << 18

    let residentLimit: Int
    private var resident: [Int64: Day] = [:]
    private var spilled: [Int64: SpilledDay] = [:]
    private(set) var residentCount = 0
    /// Days read back from the scratch file in this run (a test reads it).
    private(set) var daysReadBack = 0
    private var scratch: ScratchFile?
    private var met = 0

    init(residentLimit: Int = Self.defaultResidentLimit) {
        self.residentLimit = residentLimit
    }

    /// Answers for a record and remembers it when it is the first of its id or its sample.
    mutating func meet(attributeID: EventID, content: Int, sample: Int, start: Timestamp) throws(ScratchFile.Failure) -> Answer {
        // Any grouping in which equal starts share a group would do; a day is a few thousand records.
        let dayNumber = start.micros / 86_400_000_000
        var day = try take(dayNumber)
        met += 1
        day.lastMet = met
        var answer = Answer(needsOwnID: false, repeatsASample: false)
        if let first = day.saves[sample] { answer.repeatsASample = first != attributeID } else { day.saves[sample] = attributeID; residentCount += 1 }
        if let first = day.contents[attributeID.words.high] { answer.needsOwnID = first != content } else { day.contents[attributeID.words.high] = content; residentCount += 1 }
        resident[dayNumber] = day
        if residentCount > residentLimit { try spillOldest() }
        return answer
    }

    /// Forgets the run: ids of different types never meet.
    mutating func forget() {
        resident.removeAll(keepingCapacity: true)
        spilled.removeAll(keepingCapacity: true)
        residentCount = 0
        scratch?.clear()
    }

    private mutating func take(_ dayNumber: Int64) throws(ScratchFile.Failure) -> Day {
        if let day = resident.removeValue(forKey: dayNumber) { return day }
        guard let place = spilled.removeValue(forKey: dayNumber), let scratch else { return Day() }
        daysReadBack += 1
        let bytes = try scratch.read(at: place.offset, count: place.contents * 16 + place.saves * 24)
        var offset = 0
        func word() -> UInt64 {
            defer { offset += 8 }
            return bigEndianValue(bytes[offset..<(offset + 8)])
        }
        var day = Day()
        day.contents.reserveCapacity(place.contents)
        for _ in 0..<place.contents { day.contents[word()] = Int(truncatingIfNeeded: word()) }
        day.saves.reserveCapacity(place.saves)
        for _ in 0..<place.saves {
            let key = Int(truncatingIfNeeded: word())
            // Cannot fail: two 8-byte words, an id's 16 bytes
            day.saves[key] = EventID(bytes: bigEndianBytes(word()) + bigEndianBytes(word()))!
        }
        residentCount += day.count
        return day
    }

    /// Writes the days met longest ago to the scratch file until half the limit is held.
    private mutating func spillOldest() throws(ScratchFile.Failure) {
        let file: ScratchFile
        if let open = scratch {
            file = open
        } else {
            file = try ScratchFile()
            scratch = file
        }
        // The day just met stays: a day larger than the limit is held rather than read back for each record.
        for (dayNumber, day) in resident.sorted(by: { $0.value.lastMet < $1.value.lastMet }) where day.lastMet != met {
            guard residentCount > residentLimit / 2 else { break }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(day.contents.count * 16 + day.saves.count * 24)
            for (key, content) in day.contents { bytes += bigEndianBytes(key) + bigEndianBytes(UInt64(bitPattern: Int64(content))) }
            for (key, id) in day.saves { bytes += bigEndianBytes(UInt64(bitPattern: Int64(key))) + id.bytes }
            let offset = try file.append(bytes)
            spilled[dayNumber] = SpilledDay(offset: offset, contents: day.contents.count, saves: day.saves.count)
            resident[dayNumber] = nil
            residentCount -= day.count
        }
    }
}
