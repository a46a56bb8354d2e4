import LedgerCore

/// Which overlap groups hold records on each day of a block of days, stored beside the
/// days' partitions so that a read of a day asks the store only for the partitions it has.
///
/// A day can have a partition in any of about 130 overlap groups, and a heavy day holds a few
/// dozen: without the directory, each day read was 130 lookups down the view's tree, misses
/// included, and each miss cost what a hit costs. The directory is part of the view's state:
/// written in the same save as the partitions it lists, bound by the view's partition tree,
/// rebuilt by `replay`, so it can list no partition the view does not hold nor leave one out
/// without the view itself being damaged or rebuilt.
struct DayDirectory: Equatable {
    /// Days per block, and so per stored directory: a month's read is one or two of them.
    static let daysPerBlock: Int64 = 32
    static let formatVersion: UInt8 = 1

    /// Day number → the groups with a partition that day, ascending.
    private(set) var groups: [Int64: [UInt16]] = [:]

    init() {}

    static func block(of day: LocalDay) -> Int64 {
        day.number.floorDivided(by: daysPerBlock).quotient
    }

    /// The groups with a partition on `day`.
    func groups(on day: LocalDay) -> [UInt16] { groups[day.number] ?? [] }

    /// Records whether `group` has a partition on `day`.
    mutating func set(_ group: UInt16, on day: LocalDay, present: Bool) {
        var held = groups[day.number] ?? []
        let position = held.firstIndex { $0 >= group } ?? held.endIndex
        let there = position < held.endIndex && held[position] == group
        switch (present, there) {
        case (true, false): held.insert(group, at: position)
        case (false, true): held.remove(at: position)
        default: return
        }
        groups[day.number] = held.isEmpty ? nil : held
    }

    /// Deterministic bytes (days ascending), or nil when no day of the block holds anything.
    func encoded() -> [UInt8]? {
        guard !groups.isEmpty else { return nil }
        var writer = BinaryWriter(capacity: 8 + groups.count * 12)
        writer.byte(Self.formatVersion)
        writer.varint(UInt64(groups.count))
        for day in groups.keys.sorted() {
            let held = groups[day] ?? []
            writer.signed(day)
            writer.varint(UInt64(held.count))
            for group in held { writer.varint(UInt64(group)) }
        }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(Self.formatVersion, of: "daily metrics day directory")
        for _ in 0..<(try reader.count()) {
            let day = try reader.signed()
            var held: [UInt16] = []
            for _ in 0..<(try reader.count()) {
                let group = try reader.varint()
                guard group <= UInt64(UInt16.max), held.last.map({ UInt64($0) < group }) ?? true else {
                    throw .malformed("daily metrics day directory lists groups out of order", at: reader.offset)
                }
                held.append(UInt16(group))
            }
            groups[day] = held
        }
        try reader.expectEnd(of: "daily metrics day directory")
    }
}
