import LedgerCore

/// What the index holds per series: the months with rows and the names of its fields, so a
/// query can be checked and planned without reading any rows.
struct SeriesDirectory: Equatable {
    struct Entry: Equatable {
        var months: Set<Int32> = []
        var numbers: Set<String> = []
        var texts: Set<String> = []
    }

    var entries: [String: Entry] = [:]

    /// Returns whether anything new was learned.
    mutating func note(_ row: IndexedRow, month: Int32) -> Bool {
        // Nearly every row brings nothing new: check before copying any set.
        if let known = entries[row.series], known.months.contains(month), row.numbers.allSatisfy({ known.numbers.contains($0.name) }),
           row.texts.allSatisfy({ known.texts.contains($0.name) }) {
            return false
        }
        var entry = entries[row.series] ?? Entry()
        let before = entry
        entry.months.insert(month)
        entry.numbers.formUnion(row.numbers.map(\.name))
        entry.texts.formUnion(row.texts.map(\.name))
        entries[row.series] = entry
        return entry != before
    }

    var encoded: [UInt8] {
        var writer = BinaryWriter()
        writer.varint(UInt64(entries.count))
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.varint(UInt64(entry.months.count))
            for month in entry.months.sorted() { writer.signed(Int64(month)) }
            for names in [entry.numbers, entry.texts] {
                writer.varint(UInt64(names.count))
                for field in names.sorted() { writer.string(field) }
            }
        }
        return writer.bytes
    }

    init() {}

    init(encoded bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            var entry = Entry()
            for _ in 0..<(try reader.count()) { entry.months.insert(Int32(truncatingIfNeeded: try reader.signed())) }
            for _ in 0..<(try reader.count()) { entry.numbers.insert(try reader.string()) }
            for _ in 0..<(try reader.count()) { entry.texts.insert(try reader.string()) }
            entries[name] = entry
        }
    }
}
